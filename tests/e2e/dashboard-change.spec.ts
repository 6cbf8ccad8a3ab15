// /dashboard/my-deliveries/change ("Change what comes next") in the js and
// nojs projects: an add-on and the frequency changed from the next-delivery
// panel, each with a reference in the activity list; the cut counter and the
// full-box rule before saving; the notice after the cut-off; another user's
// subscription answers 404; axe.
import { expectNoSeriousViolations } from "./a11y";
import {
  addDays,
  createSubscriber,
  gotoDashboard,
  longDate,
  openDashboard,
  submit,
} from "./dashboard-helpers";
import { e2eDb, expect, jsEnabled, test } from "./fixtures";
import { createAddress } from "../factories";

const REF = /CH-[A-Z0-9]{4}-[A-Z0-9]{4}/;

/** An in-stock add-on whose name no cut shares (salmon has both). */
async function someAddon() {
  const db = e2eDb();
  const cuts = new Set(
    (await db.selectFrom("products").select("name").where("kind", "=", "cut").execute()).map((p) =>
      p.name.toLowerCase(),
    ),
  );
  const addons = await db
    .selectFrom("products")
    .select(["id", "name", "inventory"])
    .where("kind", "=", "addon")
    .where("active", "=", 1)
    .orderBy("id")
    .execute();
  return addons.find(
    (p) =>
      (p.inventory === null || p.inventory > 5) &&
      !cuts.has(p.name.toLowerCase()) &&
      !/salmon/i.test(p.name),
  )!;
}

test.describe("change what comes next", () => {
  test.describe.configure({ timeout: 60_000 });

  test("changes an add-on and the frequency; each shows in the activity list", async ({ page }) => {
    const a = await createSubscriber();
    const addon = await someAddon();
    await openDashboard(page, a);
    await page
      .getByRole("region", { name: "Your next delivery" })
      .getByRole("link", { name: "Change what comes next" })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/my-deliveries/change\\?subscription=${a.subscriptionId}$`),
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "Change what comes next" }),
    ).toBeVisible();
    await expect(page.locator("#applies-from")).toContainText(
      `Changes you save apply to your next delivery, on ${longDate(a.nextDate)}`,
    );
    await expect(page.locator("#cut-counter")).toHaveText("8 of 8");
    if (jsEnabled()) await page.locator("html[data-hydrated='true']").waitFor();

    // an add-on: the stepper edits the box, "Save box changes" saves it
    await submit(page, page.getByRole("button", { name: `Add ${addon.name}`, exact: true }));
    await expect(page.getByLabel(`${addon.name} in your box`)).toHaveText("1");
    await expect(page.getByText("You have unsaved changes to your box.")).toBeVisible();
    await submit(page, page.getByRole("button", { name: "Save box changes" }));
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?done=CH-/);
    const status = page.locator("#confirmation");
    await expect(status).toContainText("Box changed. Changed the box, from the delivery on");
    const boxRef = (await status.textContent())!.match(REF)![0];
    await expect(page.getByRole("region", { name: "Your next delivery" })).toContainText(
      addon.name,
    );
    let rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText("Changed the box");
    await expect(rows.nth(1)).toContainText(boxRef);

    // the frequency
    await page
      .getByRole("region", { name: "Your next delivery" })
      .getByRole("link", { name: "Change what comes next" })
      .click();
    await expect(page.getByLabel(`${addon.name} in your box`)).toHaveText("1");
    await page.getByRole("radio", { name: "Every 4 weeks" }).check();
    await submit(page, page.getByRole("button", { name: "Save frequency" }));
    await expect(page.locator("#confirmation")).toContainText(
      "Frequency changed. Changed the frequency to every 4 weeks",
    );
    const freqRef = (await page.locator("#confirmation").textContent())!.match(REF)![0];
    await expect(page.locator(".dash-sub .deliveries__facts").first()).toContainText(
      "Delivery frequencyEvery 4 weeks",
    );
    rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText("Changed the frequency to every 4 weeks");
    await expect(rows.nth(1)).toContainText(freqRef);
    await expect(rows.nth(2)).toContainText(boxRef);
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select("frequencyDays")
      .where("id", "=", a.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub.frequencyDays).toBe(28);
  });

  test("moves the next delivery to another day; the activity list shows it", async ({ page }) => {
    const a = await createSubscriber();
    const target = addDays(a.nextDate, 3);
    await openDashboard(
      page,
      a,
      `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`,
    );
    const select = page.getByLabel("Move your next delivery to");
    await expect(select).toHaveValue(a.nextDate);
    await select.selectOption(target);
    await submit(page, page.getByRole("button", { name: "Save delivery day" }));
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?done=CH-/);
    await expect(page.locator("#confirmation")).toContainText(
      `Delivery day changed. Moved the delivery on ${longDate(a.nextDate)} to ${longDate(target)}`,
    );
    await expect(page.getByRole("region", { name: "Your next delivery" })).toContainText(
      longDate(target),
    );
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(
      "Moved the delivery on",
    );
  });

  test("the delivery time: overnight says no SMS or driver notification is sent, and saves", async ({
    page,
  }) => {
    const a = await createSubscriber({ overnight: true });
    await openDashboard(
      page,
      a,
      `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`,
    );
    const times = page.getByRole("group", { name: "When your box arrives" });
    await expect(
      times.getByText("Our driver sends an SMS when your box is on its way."),
    ).toBeVisible();
    await expect(times.getByText("Silent: no SMS or driver notification is sent.")).toBeVisible();
    await times.getByRole("radio", { name: /Overnight/ }).check();
    await submit(page, page.getByRole("button", { name: "Save delivery time" }));
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?done=CH-/);
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select("deliveryWindow")
      .where("id", "=", a.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub.deliveryWindow).not.toBe("day");
  });

  test("a custom box saves only when full: the counter and the disabled save", async ({
    page,
    subscriber: a,
  }) => {
    await gotoDashboard(page, `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`);
    const remove = page.getByRole("button", { name: /^Remove one / }).first();
    await submit(page, remove);
    await expect(page.locator("#cut-counter")).toHaveText("7 of 8");
    await expect(page.getByText("add 1 more to save")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save box changes" })).toBeDisabled();
    await expectNoSeriousViolations(page);
    await submit(page, page.getByRole("button", { name: "Discard box changes" }));
    await expect(page.locator("#cut-counter")).toHaveText("8 of 8");
  });

  test(
    "after the cut-off the page says changes apply to the delivery after it",
    { tag: "@reads" },
    async ({ page }) => {
      const a = await createSubscriber({ daysAhead: 2, leadDays: 3 });
      await openDashboard(
        page,
        a,
        `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`,
      );
      const notice = page.locator("#applies-from");
      await expect(notice).toContainText(
        `Your delivery on ${longDate(a.nextDate)} is past its change cut-off`,
      );
      await expect(notice).toContainText("Changes you save now apply to the delivery after it");
    },
  );

  test("a refused change shows in its own section, in view, and changes nothing", async ({
    page,
    subscriber: a,
  }) => {
    await createAddress(e2eDb(), a.id, {
      line1: "1 Station Road",
      city: "Alice Springs",
      state: "NT",
      postcode: "0870",
    });
    await gotoDashboard(page, `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`);
    const section = page.getByRole("region", { name: "Delivery address" });
    await section
      .getByLabel("Deliver to")
      .selectOption({ label: "1 Station Road, Alice Springs NT 0870" });
    await submit(page, section.getByRole("button", { name: "Save address" }));
    // the refusal is the field's error, and the choice made stays chosen
    const refusal = section.locator(".field__error");
    await expect(section.getByLabel("Deliver to")).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByLabel("Deliver to").locator("option:checked")).toHaveText(
      "1 Station Road, Alice Springs NT 0870",
    );
    await expect(refusal).toHaveText(
      "We don't deliver to that address's postcode yet. Choose another address.",
    );
    // without JS the answer is a new page: it lands on the section (the form posts to its anchor)
    await expect(refusal).toBeInViewport();
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select("shippingAddressId")
      .where("id", "=", a.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub.shippingAddressId).toBe(a.addressId);
  });
});
