// Issue 33 item 7 in the js and nojs projects: a region is offered only the frequencies it
// delivers (Perth fortnightly: 2, 4 or 8 weeks), in the box flow, at checkout and on "change
// what comes next"; "What you're agreeing to" follows the date and frequency the shopper picks
// (live with JS, after "Update delivery dates" without); a frequency the new postcode can't
// deliver is replaced by the nearest, and the page says so.
import type { Page } from "@playwright/test";
import { startBox } from "./box-helpers";
import { reachCheckout, submitCheckout } from "./checkout-helpers";
import { addDays, createSubscriber, dayName, openDashboard, submit } from "./dashboard-helpers";
import { e2eDb, expect, jsEnabled, ready, test } from "./fixtures";

const PERTH_LEAD_DAYS = 4;
const agreement = (page: Page) => page.getByRole("region", { name: "What you're agreeing to" });
const frequencies = (page: Page, name = "Delivery frequency") =>
  page.getByRole("group", { name }).getByRole("radio");
const dates = (page: Page) =>
  page.getByRole("group", { name: "First delivery date" }).getByRole("radio");

async function labelsOf(radios: ReturnType<typeof frequencies>) {
  const out: string[] = [];
  for (const r of await radios.all())
    out.push((await r.evaluate((el) => el.closest("label")?.textContent ?? "")).trim());
  return out;
}

/** Without JS the page's own "Update delivery dates" post draws the agreement again from what the form holds. */
async function showPicked(page: Page) {
  if (!jsEnabled())
    await submitCheckout(
      page,
      page.getByRole("button", { name: "Update delivery dates for this postcode" }),
    );
}

test.describe("what the shopper agrees to", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a Perth shopper is offered only 2, 4 and 8 weeks; the agreement follows the date and frequency picked", async ({
    page,
  }) => {
    await reachCheckout(page, { postcode: "6000" });
    expect(await labelsOf(frequencies(page))).toEqual([
      "Every 2 weeks",
      "Every 4 weeks",
      "Every 8 weeks",
    ]);
    await expect(page.getByRole("radio", { name: "Every week" })).toHaveCount(0);

    // as saved before checkout: the first date offered, every 4 weeks
    const first = await dates(page).nth(0).getAttribute("value");
    await expect(dates(page).nth(0)).toBeChecked();
    await expect(agreement(page)).toContainText(`every 4 weeks, with free delivery`);
    await expect(agreement(page)).toContainText(
      `Your next delivery is on ${dayName(addDays(first!, 28))}.`,
    );

    // another date and every 2 weeks: the next delivery is a Perth Friday a fortnight on, charged 4 days before
    const chosen = (await dates(page).nth(1).getAttribute("value"))!;
    await dates(page).nth(1).check();
    await page.getByRole("radio", { name: "Every 2 weeks" }).check();
    await showPicked(page);
    const next = addDays(chosen, 14);
    await expect(agreement(page)).toContainText(`every 2 weeks, with free delivery`);
    await expect(agreement(page)).toContainText(`Your first delivery is on ${dayName(chosen)}`);
    await expect(agreement(page)).toContainText(
      `Your next delivery is on ${dayName(next)}. It is charged at its change cut-off, 2pm Sydney time, ${dayName(addDays(next, -PERTH_LEAD_DAYS))}`,
    );
    expect(new Date(`${next}T12:00:00Z`).getUTCDay()).toBe(5);
    await expect(page.getByRole("radio", { name: "Every 2 weeks" })).toBeChecked();
    await expect(dates(page).nth(1)).toBeChecked();

    // and every 8 weeks
    await page.getByRole("radio", { name: "Every 8 weeks" }).check();
    await showPicked(page);
    await expect(agreement(page)).toContainText(
      `Your next delivery is on ${dayName(addDays(chosen, 56))}.`,
    );
  });

  test("a frequency the new postcode can't deliver is replaced by the nearest one, and the page says so", async ({
    page,
  }) => {
    await reachCheckout(page, { postcode: "2000", frequency: 7 });
    await expect(page.getByRole("radio", { name: "Every week" })).toBeChecked();
    await expect(agreement(page)).toContainText("every week, with free delivery");

    const shipping = page.getByRole("group", { name: "Delivery address" });
    await shipping.getByLabel("Suburb").fill("Darwin City");
    await shipping.getByLabel("State").selectOption("NT");
    await shipping.getByLabel("Postcode").fill("0800");
    await showPicked(page);
    await expect(
      page.getByRole("status").filter({
        hasText:
          "We deliver to NT every 4 weeks, so your box will come every 4 weeks instead of every week.",
      }),
    ).toBeVisible();
    expect(await labelsOf(frequencies(page))).toEqual(["Every 4 weeks", "Every 8 weeks"]);
    await expect(page.getByRole("radio", { name: "Every 4 weeks" })).toBeChecked();
    // a new postcode: the date is chosen again, then the agreement shows it
    await expect(agreement(page)).toContainText("Choose your first delivery date");
    const chosen = (await dates(page).first().getAttribute("value"))!;
    await dates(page).first().check();
    await showPicked(page);
    await expect(agreement(page)).toContainText(`every 4 weeks, with free delivery`);
    await expect(agreement(page)).toContainText(
      `Your next delivery is on ${dayName(addDays(chosen, 28))}.`,
    );
  });

  test("the box-size step offers a Perth shopper only 2, 4 and 8 weeks", async ({ page }) => {
    await startBox(page, { postcode: "6000" });
    await page.getByRole("button", { name: "Choose a curated box" }).click();
    await page.getByRole("button", { name: "Choose the Value box" }).click();
    await expect(page).toHaveURL(/\/get-started\/box-size\?type=\d+$/);
    await ready(page);
    expect(await labelsOf(frequencies(page, "How often should we deliver?"))).toEqual([
      "Every 2 weeks14 days between deliveries",
      "Every 4 weeks28 days between deliveries",
      "Every 8 weeks56 days between deliveries",
    ]);
    await expect(page.getByRole("radio", { name: /^Every 4 weeks/ })).toBeChecked();
  });

  test("'change what comes next' offers only the frequencies the subscriber's area delivers", async ({
    page,
  }) => {
    const a = await createSubscriber();
    await e2eDb()
      .updateTable("deliveryRegions")
      .set({ everyWeeks: 2 })
      .where("id", "=", a.regionId)
      .execute();
    await openDashboard(
      page,
      a,
      `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`,
    );
    const radios = frequencies(page, "How often your box comes");
    expect(await labelsOf(radios)).toEqual(["Every 2 weeks", "Every 4 weeks", "Every 8 weeks"]);
    await expect(page.getByRole("radio", { name: "Every 2 weeks" })).toBeChecked();
    await page.getByRole("radio", { name: "Every 8 weeks" }).check();
    await submit(page, page.getByRole("button", { name: "Save frequency" }));
    await expect(page.locator("#confirmation")).toContainText(
      "Frequency changed. Changed the frequency to every 8 weeks",
    );
  });
});
