// Signs the demo subscriber in, so the signed-in pages can be measured: the
// pay-an-order page of their unpaid order, the tax invoice of their paid one and
// the subscriber area. Only reads: nothing is paid or changed.
import type { Browser, Cookie } from "@playwright/test";

export async function payFlowCookies(
  browser: Browser,
  base: string,
): Promise<{ cookies: Cookie[]; cookieHeader: string; pages: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.locator("html[data-hydrated='true']").waitFor();
  await page.getByLabel("Email address").fill("demo@paddockandtide.com.au");
  await page.getByLabel("Password", { exact: true }).fill("Paddock-Demo-2026");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard\/my-deliveries/);
  const cookies = await context.cookies(base);
  await context.close();
  return {
    cookies,
    cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    pages: [
      "/checkout/PT-100458",
      "/dashboard/orders/PT-100231",
      "/dashboard/my-deliveries",
      "/dashboard/account",
      "/dashboard/my-deliveries/change",
    ],
  };
}
