// Builds a draft box in a real browser session so the flow steps, which are
// guarded, can be measured with that session's cookies.
import type { Browser, Cookie } from "@playwright/test";

export const FLOW_PAGES: string[] = [];

export async function draftFlowCookies(browser: Browser, base: string): Promise<{ cookies: Cookie[]; cookieHeader: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.newPage().then((p) => p.goto(base + "/"));
  const cookies = await context.cookies(base);
  await context.close();
  return { cookies, cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
}
