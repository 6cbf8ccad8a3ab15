// Walks the gift-card purchase to its payment step in a real browser so the
// cookie-guarded pages (personalise, checkout) can be measured. Returns their URLs.
import type { Browser, Cookie } from "@playwright/test";

export async function giftFlowCookies(
  browser: Browser,
  base: string,
): Promise<{ cookies: Cookie[]; cookieHeader: string; pages: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/gift-cards`);
  await page.locator("html[data-hydrated='true']").waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/gift-cards\/personalise$/);
  await page.getByLabel("Your first name", { exact: true }).fill("Bench");
  await page
    .getByLabel("Your email address", { exact: true })
    .fill(`bench.giver.${Date.now()}@example.com`);
  await page.getByLabel("Recipient's first name", { exact: true }).fill("Jordan");
  await page
    .getByLabel("Recipient's email address", { exact: true })
    .fill("bench.receiver@example.com");
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await page.waitForURL(/\/gift-cards\/checkout$/);
  const cookies = await context.cookies(base);
  await context.close();
  return {
    cookies,
    cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    pages: ["/gift-cards/personalise", "/gift-cards/checkout"],
  };
}
