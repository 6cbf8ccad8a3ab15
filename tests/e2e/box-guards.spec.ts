import { test, expect, ready, createUser, e2eDb, uniqueEmail, signIn } from "./fixtures";
import { addCuts, chooseCurated, chooseCustom, startBox } from "./box-helpers";

test.describe("box flow guards", () => {
  test("without a subscription every step goes back to get-started; add-ons adds v=20250707", async ({
    page,
  }) => {
    for (const path of [
      "/get-started/your-box",
      "/get-started/curated-box",
      "/get-started/box-size",
      "/get-started/your-items",
      "/get-started/checkout",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/get-started$/);
    }
    await page.goto("/get-started/addons");
    await expect(page).toHaveURL(/\/get-started\?v=20250707$/);
    await expect(
      page.getByRole("heading", { name: "Where and when should we deliver?" }),
    ).toBeVisible();
  });

  test("a subscription without a package goes to your-box", async ({ page }) => {
    await startBox(page);
    for (const path of [
      "/get-started/your-items",
      "/get-started/addons",
      "/get-started/checkout",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/get-started\/your-box$/);
    }
  });

  test("custom boxes need a full selection before add-ons; curated boxes skip the cuts", async ({
    page,
  }) => {
    await startBox(page);
    await chooseCustom(page);
    await addCuts(page, 3);
    for (const path of ["/get-started/addons", "/get-started/checkout"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/get-started\/your-items$/);
    }
    await page.goto("/get-started/your-box");
    await ready(page);
    await chooseCurated(page, "Mixed");
    await page.goto("/get-started/your-items");
    await expect(page).toHaveURL(/\/get-started\/addons$/);
  });

  test("a checked-out subscription goes to my deliveries", async ({ page }) => {
    const email = uniqueEmail("checkedout");
    await startBox(page, { email });
    const db = e2eDb();
    const draft = await db
      .selectFrom("subscriptions")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("subscriptionEvents")
      .values({
        subscriptionId: draft.id,
        type: "checked_out",
        data: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    for (const path of ["/get-started", "/get-started/your-box", "/get-started/addons"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/my-deliveries/);
    }
  });

  test("a checkout error also ends the flow", async ({ page }) => {
    const email = uniqueEmail("checkouterror");
    await startBox(page, { email });
    const db = e2eDb();
    const draft = await db
      .selectFrom("subscriptions")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("subscriptionEvents")
      .values({
        subscriptionId: draft.id,
        type: "checkout_error",
        data: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    await page.goto("/get-started/box-size");
    await expect(page).toHaveURL(/my-deliveries/);
  });

  test("a customer who already ordered and has no subscription goes to my deliveries", async ({
    page,
  }) => {
    const user = await createUser();
    await e2eDb()
      .updateTable("users")
      .set({ orderedAt: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    await signIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries/);
    for (const path of ["/get-started", "/get-started/addons", "/get-started/your-box"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    }
  });
});
