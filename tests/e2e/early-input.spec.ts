// A visitor on a slow phone types before the page's scripts have run. entry.client.tsx keeps the
// browser's input events away from React until the page has hydrated (React 18 error #345 otherwise
// took the scripts away for the visit); what was typed must survive and be used once React takes
// over. Tagged @scripts: without JS there is no hydration to wait for.
import { expect, test } from "./fixtures";

test.describe("input before hydration", () => {
  test("a postcode typed before the page hydrates is looked up once it does, with no script error @scripts", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // Every module arrives 1.5 s late: long enough to type while the page is server HTML only.
    await page.route("**/build/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto("/get-started", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email address").fill("early.typist@example.com");
    await page.getByLabel("Postcode").fill("2000");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    await page.locator("html[data-hydrated='true']").waitFor();
    const dates = page.getByRole("group", { name: "Delivery date" });
    await expect(dates.getByRole("radio").first()).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("early.typist@example.com");
    await expect(page.getByLabel("Postcode")).toHaveValue("2000");
    // once hydrated, React handles input again: a new postcode is looked up as it is typed
    await page.getByLabel("Postcode").fill("7000");
    await expect(page.locator("#postcode-result")).toContainText(/Hobart|TAS/i);
    expect(errors).toEqual([]);
  });
});
