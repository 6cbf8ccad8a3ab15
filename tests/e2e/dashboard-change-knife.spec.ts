// The knife age check on /dashboard/my-deliveries/change (SPEC §5, §6), in the
// js and nojs projects: adding the chef's knife shows the two checkboxes on the
// save form; saving without them (then with one) is refused with the spec's
// messages next to the boxes and the pending box kept; with both the knife is
// saved. A box without a new knife shows no age check.
import { expectNoSeriousViolations } from "./a11y";
import { createSubscriber, openDashboard, submit } from "./dashboard-helpers";
import { e2eDb, expect, jsEnabled, test } from "./fixtures";

const KNIFE_ADULT = "You must be an adult to order a knife.";
const KNIFE_DISCLAIMER = "You must agree to the knife safety disclaimer.";

async function knife() {
  return e2eDb()
    .selectFrom("products")
    .select(["id", "name"])
    .where("isKnife", "=", 1)
    .where("active", "=", 1)
    .orderBy("id")
    .executeTakeFirstOrThrow();
}
const savedAddons = async (subscriptionId: number) =>
  await e2eDb()
    .selectFrom("subscriptionAddons")
    .select(["productId", "quantity"])
    .where("subscriptionId", "=", subscriptionId)
    .execute();

test.describe("the knife age check on change what comes next", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a new knife saves only with both boxes ticked", async ({ page }) => {
    const a = await createSubscriber();
    const k = await knife();
    await openDashboard(
      page,
      a,
      `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`,
    );
    const adult = page.getByRole("checkbox", { name: "I am 18 years or older" });
    const disclaimer = page.getByRole("checkbox", { name: /I understand the knife is sharp/ });
    await expect(adult).toHaveCount(0);

    await submit(page, page.getByRole("button", { name: `Add ${k.name}`, exact: true }));
    await expect(page.getByLabel(`${k.name} in your box`)).toHaveText("1");
    await expect(page.getByRole("group", { name: "Chef's knife: age check" })).toBeVisible();
    await expect(adult).not.toBeChecked();

    // neither ticked: both messages, each tied to its box
    await submit(page, page.getByRole("button", { name: "Save box changes" }));
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/my-deliveries/change\\?subscription=${a.subscriptionId}(#save-box)?$`),
    );
    await expect(adult).toHaveAttribute("aria-invalid", "true");
    await expect(adult).toHaveAccessibleDescription(KNIFE_ADULT);
    await expect(disclaimer).toHaveAccessibleDescription(KNIFE_DISCLAIMER);
    await expect(page.getByLabel(`${k.name} in your box`)).toHaveText("1");
    await expect(page.getByText("You have unsaved changes to your box.")).toBeVisible();
    if (jsEnabled()) await expect(adult).toBeFocused();
    await expectNoSeriousViolations(page);
    expect(await savedAddons(a.subscriptionId)).toEqual([]);

    // only the adult box: the disclaimer's message alone, the ticked box stays ticked
    await adult.check();
    await submit(page, page.getByRole("button", { name: "Save box changes" }));
    await expect(disclaimer).toHaveAccessibleDescription(KNIFE_DISCLAIMER);
    await expect(page.getByText(KNIFE_ADULT)).toHaveCount(0);
    await expect(adult).toBeChecked();
    expect(await savedAddons(a.subscriptionId)).toEqual([]);

    // both: saved as usual
    await disclaimer.check();
    await submit(page, page.getByRole("button", { name: "Save box changes" }));
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?done=CH-/);
    await expect(page.locator("#confirmation")).toContainText("Box changed.");
    expect(await savedAddons(a.subscriptionId)).toEqual([{ productId: k.id, quantity: 1 }]);

    // the knife is on the box now: no age check for the next change
    await page.goto(`/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`);
    await expect(page.getByLabel(`${k.name} in your box`)).toHaveText("1");
    await expect(adult).toHaveCount(0);
  });
});
