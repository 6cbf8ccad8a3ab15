// Steps of the box flow shared by the box-* specs. Each works with and without JavaScript.
import type { Page } from "@playwright/test";
import { expect, jsEnabled, ready, settled, uniqueEmail } from "./fixtures";

export async function lookUpPostcode(page: Page, postcode: string) {
  await page.getByLabel("Postcode").fill(postcode);
  if (!jsEnabled()) await page.getByRole("button", { name: "Check postcode" }).click();
}

/** Get-started with the first offered date and time; ends on /get-started/your-box. */
export async function startBox(
  page: Page,
  opts: {
    postcode?: string;
    email?: string | null;
    time?: "day" | "overnight";
    path?: string;
  } = {},
) {
  await page.goto(opts.path ?? "/get-started");
  await ready(page);
  if (opts.email !== null)
    await page.getByLabel("Email address").fill(opts.email ?? uniqueEmail("box"));
  await lookUpPostcode(page, opts.postcode ?? "2000");
  const dates = page.getByRole("group", { name: "Delivery date" });
  await expect(dates).toBeVisible();
  const suburb = page.getByLabel("Suburb");
  if (await suburb.count()) await suburb.selectOption({ index: 1 });
  await dates.getByRole("radio").first().check();
  const times = page.getByRole("group", { name: "Delivery time" }).getByRole("radio");
  await (opts.time === "overnight" ? times.last() : times.first()).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/get-started\/your-box$/);
}

/** Clicks a stepper button and waits until its post has been answered (fetcher or full page). */
export async function step(page: Page, button: ReturnType<Page["getByRole"]>) {
  if (jsEnabled()) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && /\/get-started\/(your-items|addons)/.test(r.url()),
    );
    await button.click();
    await answered;
    await settled(page);
  } else {
    // a plain form post: wait for the next document, not the current one's load state; but first
    // for the current one's, or its own late load event would pass for the next document's
    await page.waitForLoadState("load");
    const loaded = page.waitForEvent("load");
    await button.click();
    await loaded;
  }
}

export const counter = (page: Page) => page.locator(".selection-counter__count");

/** From your-box: custom box of the given size, default frequency; ends on your-items. */
export async function chooseCustom(page: Page, size: "Small" | "Large" = "Small") {
  await page.getByRole("button", { name: "Choose a custom box" }).click();
  await expect(page).toHaveURL(/\/get-started\/box-size\?type=\d+$/);
  await ready(page);
  await page.getByRole("radio", { name: new RegExp(`^${size}`) }).check();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/\/get-started\/your-items$/);
  await page.waitForLoadState("load");
  await ready(page);
}

/** Fills the custom box with `n` different cuts, taken in page order. */
export async function addCuts(page: Page, n: number) {
  for (let i = 0; i < n; i++) {
    await step(page, page.getByRole("button", { name: /^Add (?!one more)/ }).first());
  }
}

export async function chooseCurated(
  page: Page,
  box: string,
  size: "Small" | "Large" = "Small",
  frequency?: string,
) {
  await page.getByRole("button", { name: "Choose a curated box" }).click();
  await expect(page).toHaveURL(/\/get-started\/curated-box\?type=\d+$/);
  await page.getByRole("button", { name: `Choose the ${box} box` }).click();
  await expect(page).toHaveURL(/\/get-started\/box-size\?type=\d+$/);
  await ready(page);
  await page.getByRole("radio", { name: new RegExp(`^${size}`) }).check();
  if (frequency) await page.getByRole("radio", { name: new RegExp(`^${frequency}`) }).check();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/\/get-started\/addons$/);
  await page.waitForLoadState("load");
  await ready(page);
}
