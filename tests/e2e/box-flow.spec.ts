import {
  test,
  expect,
  ready,
  uniqueEmail,
  e2eDb,
  jsEnabled,
  signInByHook,
  createUser,
} from "./fixtures";
import { addCuts, chooseCurated, chooseCustom, counter, startBox, step } from "./box-helpers";

test.describe("box-building flow", () => {
  test("a custom box from get-started to the checkout page", async ({ page, context }) => {
    const email = uniqueEmail("custom");
    await startBox(page, { email, path: "/get-started?v=2" });
    const draft = await e2eDb()
      .selectFrom("subscriptions")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({
      status: "draft",
      postcode: "2000",
      flowVersion: "2",
      userId: null,
    });

    const progress = page.getByRole("navigation", { name: "Progress" });
    await expect(progress.locator("[aria-current='step']")).toContainText("Step 1 of 4");
    await expect(page.getByRole("heading", { name: "Custom box", level: 2 })).toBeVisible();
    await expect(page.getByText("$169", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Choose a custom box" }).click();
    await expect(page).toHaveURL(/box-size/);
    await expect(progress.locator("[aria-current='step']")).toContainText("Step 2 of 4");
    await expect(page.getByRole("radio", { name: /Every 4 weeks/ })).toBeChecked();
    await expect(page.getByText("You choose 8 cuts")).toBeVisible();
    await expect(page.getByText("You choose 16 cuts")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/your-box/);
    await ready(page);
    await chooseCustom(page, "Small");

    await expect(progress.locator("[aria-current='step']")).toContainText("Step 3 of 4");
    await expect(progress.locator("[aria-current='step']")).toContainText("Items");
    await expect(counter(page)).toContainText("0 of 8");
    await expect(page.getByRole("button", { name: "Next step" })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Wagyu rump cap" })).toHaveCount(0); // inventory 0

    await addCuts(page, 7);
    await expect(counter(page)).toContainText("7 of 8");
    await step(page, page.getByRole("button", { name: /^Add one more/ }).first());
    await expect(counter(page)).toContainText("8 of 8");

    // the selection survives a reload and shows in a second tab
    await page.reload();
    await expect(counter(page)).toContainText("8 of 8");
    const second = await context.newPage();
    await second.goto("/get-started/your-items");
    await expect(second.locator(".selection-counter__count")).toContainText("8 of 8");
    await second.close();

    await page.getByRole("button", { name: "Next step" }).click();
    await expect(page).toHaveURL(/\/get-started\/addons$/);
    await ready(page);
    await step(page, page.getByRole("button", { name: "Add Smoked bacon", exact: true }));
    await page.getByRole("button", { name: "Next step" }).click();

    await expect(page).toHaveURL(/\/get-started\/checkout$/);
    await expect(page).toHaveTitle(/^Checkout \| Paddock & Tide/);
    await expect(
      page.getByRole("heading", { name: "Delivery and payment", level: 1 }),
    ).toBeVisible();
    await expect(progress.locator("[aria-current='step']")).toContainText("Step 4 of 4");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("Custom box (small)")).toBeVisible();
    await expect(summary.getByText("Smoked bacon × 1")).toBeVisible();
    await expect(summary.locator(".checkout-summary__total")).toContainText("$181");
    await expect(summary.getByText("Free", { exact: true }).first()).toBeVisible();
    await expect(summary.getByText("Every 4 weeks")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Every 4 weeks" })).toBeChecked();
    for (const label of [
      "delivery details",
      "box type",
      "box size and frequency",
      "cuts",
      "add-ons",
    ]) {
      await expect(summary.getByRole("link", { name: `Edit ${label}` })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Sign in to continue" })).toHaveCount(0); // a new e-mail: no account to sign in to
    const items = await e2eDb()
      .selectFrom("subscriptionItems")
      .select((eb) => eb.fn.sum<number>("quantity").as("n"))
      .where("subscriptionId", "=", draft.id)
      .executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(8);
  });

  test("a curated box from get-started to the checkout page", async ({ page }) => {
    await startBox(page, { postcode: "3000" });
    await page.getByRole("button", { name: "Choose a curated box" }).click();
    for (const box of ["Salmon", "Beef", "Beef & Chicken", "Beef & Pork", "Mixed", "Value"]) {
      await expect(page.getByRole("heading", { name: `${box} box`, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: /^In the box this / }).first()).toBeVisible();
    await expect(page.getByText("Scotch fillet steaks")).toBeVisible();
    await page.goBack();
    await ready(page);
    await chooseCurated(page, "Beef", "Large", "Every 2 weeks");

    await expect(page).toHaveTitle(
      "Add-ons | Paddock & Tide - Australian meat & wild-caught seafood, delivered",
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /curated or customised meat and seafood boxes/i,
    );
    await expect(
      page.getByText(
        "Add-ons are recurring and can be changed each order. Fill up your box and benefit from added value.",
      ),
    ).toBeVisible();
    const categories = page.getByRole("navigation", { name: "Add-on categories" });
    for (const name of ["Meat", "Seafood", "Pantry", "Kitchen"]) {
      await expect(categories.getByRole("link", { name })).toHaveAttribute("href", `#${name}`);
      await expect(page.locator(`section[id="${name}"]`)).toBeVisible();
    }
    const progress = page.getByRole("navigation", { name: "Progress" });
    await expect(progress.locator("[aria-current='step']")).toContainText("Step 3 of 4");
    await expect(progress.locator("[aria-current='step']")).toContainText("Addons");
    const summary = page.getByRole("complementary", { name: "ADD-ONS" });
    await expect(summary).toContainText("Beef box (large)");
    await expect(summary).toContainText("$229");

    // products sorted by name within a category, as the shop sorts (numbers in names by value:
    // "Pack 9" before "Pack 59"), out of stock hidden
    const meat = await page.locator('section[id="Meat"] h3').allInnerTexts();
    const byName = new Intl.Collator("en-AU", { sensitivity: "base", numeric: true });
    expect(meat).toEqual([...meat].sort(byName.compare));
    expect(meat).not.toContain("Wagyu burgers");

    await step(page, page.getByRole("button", { name: "Add Raw king prawns" }));
    await step(page, page.getByRole("button", { name: "Add one more Raw king prawns" }));
    await expect(summary).toContainText("Raw king prawns × 2");
    if (jsEnabled()) {
      // box-size left the addProductsToCart flag: the cart's products are reported once, then the flag is gone
      const events = await page.evaluate(() =>
        (window.dataLayer ?? []).filter((e) => e.event === "add_to_cart"),
      );
      expect(events).toHaveLength(1);
      expect(JSON.stringify(events[0])).toContain("Raw king prawns");
      expect(
        await page.evaluate(() => window.localStorage.getItem("addProductsToCart")),
      ).toBeNull();
    }
    await expect(summary).toContainText("$281");
    await step(page, page.getByRole("button", { name: "Remove one Raw king prawns" }));
    await expect(summary).toContainText("Raw king prawns × 1");

    await summary.getByRole("button", { name: "Next step" }).click();
    await expect(page).toHaveURL(/\/get-started\/checkout$/);
    await expect(
      page.getByRole("heading", { name: "Delivery and payment", level: 1 }),
    ).toBeVisible();
    const checkoutSummary = page.getByRole("complementary", { name: "Order summary" });
    await expect(checkoutSummary.getByText("Beef box (large)")).toBeVisible();
    await expect(checkoutSummary.getByText("Every 2 weeks")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Every 2 weeks" })).toBeChecked();
    await expect(page.getByRole("heading", { name: "Your cuts" })).toHaveCount(0);
    await expect(checkoutSummary.locator(".checkout-summary__total")).toContainText("$255");
  });

  test("the checkout page asks an existing account holder to sign in, showing nothing of the account", async ({
    page,
  }) => {
    const db = e2eDb();
    const owner = await createUser();
    await startBox(page, { email: owner.email });
    await chooseCurated(page, "Value");
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(page).toHaveURL(/checkout$/);
    await expect(page.getByRole("link", { name: "Sign in to continue" })).toHaveAttribute(
      "href",
      "/sign-in?destination=/get-started/checkout",
    );
    const draft = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    expect(draft.userId).toBeNull();
    await expect(page.getByRole("link", { name: "My account" })).toHaveCount(0);
  });

  test("a signed-in customer is not asked for an e-mail and the draft carries their account", async ({
    page,
  }) => {
    const user = await createUser();
    // signed in through the sign-in form's own session start (the form has its own specs)
    await signInByHook(page, user.email);
    await page.goto("/get-started");
    await ready(page);
    await expect(page.getByLabel("Email address")).toHaveCount(0);
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await startBox(page, { email: null });
    const draft = await e2eDb()
      .selectFrom("subscriptions")
      .selectAll()
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ email: user.email, status: "draft" });
  });
});
