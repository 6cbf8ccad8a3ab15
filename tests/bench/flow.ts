// Builds a draft custom box in a real browser session so the guarded flow
// steps can be measured with that session's cookies. Returns the steps' URLs.
import type { Browser, Cookie } from "@playwright/test";

export async function draftFlowCookies(
  browser: Browser,
  base: string,
): Promise<{ cookies: Cookie[]; cookieHeader: string; pages: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pages: string[] = [];
  const here = () => new URL(page.url()).pathname + new URL(page.url()).search;
  await page.goto(`${base}/get-started`);
  // Typed into before hydration, get-started can lose its scripts to React error #345 (1 load in
  // 5-20 here; the page then works as without JS): wait, as the e2e helpers do.
  await page.locator("html[data-hydrated='true']").waitFor();
  await page.getByLabel("Email address").fill(`bench.${Date.now()}@example.com`);
  await page.getByLabel("Postcode").fill("2000");
  const dates = page.getByRole("group", { name: "Delivery date" });
  await dates.waitFor();
  const suburb = page.getByLabel("Suburb");
  if (await suburb.count()) await suburb.selectOption({ index: 1 });
  await dates.getByRole("radio").first().check();
  await page.getByRole("group", { name: "Delivery time" }).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/your-box/);
  pages.push(here());
  await page.getByRole("button", { name: "Choose a curated box" }).click();
  await page.waitForURL(/curated-box/);
  pages.push(here());
  await page.goBack();
  await page.getByRole("button", { name: "Choose a custom box" }).click();
  await page.waitForURL(/box-size/);
  pages.push(here());
  await page.getByRole("radio", { name: /^Small/ }).check();
  await page.getByRole("button", { name: "Next step" }).click();
  await page.waitForURL(/your-items/);
  pages.push(here());
  for (let i = 0; i < 8; i++) {
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await page
      .getByRole("button", { name: /^Add (?!one more)/ })
      .first()
      .click();
    await answered;
    await page.waitForLoadState("networkidle");
  }
  await page.getByRole("button", { name: "Next step" }).click();
  await page.waitForURL(/addons/);
  pages.push(here());
  await page.getByRole("button", { name: "Next step" }).click();
  await page.waitForURL(/checkout/);
  pages.push(here());
  const cookies = await context.cookies(base);
  await context.close();
  return { cookies, cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join("; "), pages };
}
