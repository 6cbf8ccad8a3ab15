// Work a page must not do while it loads on a phone (decision 018). The first Intl object a page
// makes loads the browser's locale data: 100-130 ms of main thread at 4x CPU. Prices and delivery
// days are worded without Intl, so the box flow, checkout and the subscriber's pages hydrate
// without making one. Tagged @scripts: the nojs project leaves them out, no script runs there.
import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";
import { reachCheckout } from "./checkout-helpers";
import { createSubscriber, openDashboard } from "./dashboard-helpers";

/** Records, in every document of the page, each Intl constructor called (with where from). */
async function spyOnIntl(page: Page) {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __intlMade: string[] }).__intlMade = made;
    for (const name of [
      "NumberFormat",
      "DateTimeFormat",
      "Collator",
      "PluralRules",
      "RelativeTimeFormat",
      "ListFormat",
    ] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args) {
          made.push(`Intl.${name} ${new Error().stack?.split("\n").slice(2, 4).join(" ").trim()}`);
          return Reflect.construct(target, args);
        },
      });
    }
  });
}

/** Loads `path` afresh and returns the Intl objects made until it has hydrated and settled. */
async function intlMadeLoading(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade);
}

test.describe("page-load work", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the box flow steps and checkout hydrate without making an Intl object @scripts", async ({
    page,
  }) => {
    await spyOnIntl(page);
    await reachCheckout(page, { via: "steps", box: { kind: "custom" } });
    for (const path of [
      "/get-started/box-size",
      "/get-started/your-items",
      "/get-started/addons",
      "/get-started/checkout",
    ]) {
      expect(await intlMadeLoading(page, path), path).toEqual([]);
    }
    // the page shows prices and delivery days all the same
    await expect(page.getByRole("button", { name: /^Place order and pay \$\d/ })).toBeVisible();
    // and the spy does see a formatter made on the page
    const seen = await page.evaluate(() => {
      new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(1);
      return (window as unknown as { __intlMade: string[] }).__intlMade.length;
    });
    expect(seen).toBe(1);
  });

  test("my deliveries and the change page hydrate without making an Intl object @scripts", async ({
    page,
  }) => {
    const subscriber = await createSubscriber();
    await spyOnIntl(page);
    await openDashboard(page, subscriber);
    expect(await intlMadeLoading(page, "/dashboard/my-deliveries/change"), "change page").toEqual(
      [],
    );
    await expect(page.locator("#applies-from")).toContainText(/on \w+day \d{1,2} \w+ \d{4}/);
  });
});
