import { test, expect, createUser, e2eDb, signIn } from "./fixtures";
import { longDate } from "../printed-dates";
import { E2E_BASE_URL } from "./env";

const DEMO = { email: "demo@paddockandtide.com.au", password: "Paddock-Demo-2026" };

const aud = (cents: number) =>
  new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: "AUD",
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: cents % 100 ? 2 : 0,
  }).format(cents / 100);

test.describe("my deliveries", () => {
  test("the demo subscriber sees their subscription and orders", async ({ page }) => {
    const db = e2eDb();
    const demo = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO.email)
      .executeTakeFirstOrThrow();
    const sub = await db
      .selectFrom("subscriptions")
      .innerJoin("packages", "packages.id", "subscriptions.packageId")
      .select(["packages.fullName", "subscriptions.deliveryDate"])
      .where("subscriptions.userId", "=", demo.id)
      .executeTakeFirstOrThrow();
    const totals = await db
      .selectFrom("orders")
      .innerJoin("invoices", "invoices.orderId", "orders.id")
      .select(["orders.reference", "invoices.totalCents"])
      .where("orders.userId", "=", demo.id)
      .execute();

    await signIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await expect(page.getByRole("heading", { level: 1, name: "G'day, Olivia" })).toBeVisible();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: sub.fullName }) });
    await expect(card).toContainText("Active");
    await expect(card).toContainText("Every 4 weeks");
    await expect(card).toContainText(longDate(sub.deliveryDate!));

    const order = (reference: string) =>
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: `Order ${reference}` }) });
    for (const { reference, totalCents } of totals) {
      await expect(order(reference)).toContainText(aud(totalCents));
    }
    await expect(order("PT-100231")).toContainText("Paid");
    await expect(order("PT-100231").getByRole("link")).toHaveCount(1);
    await expect(
      order("PT-100231").getByRole("link", { name: "Tax invoice for order PT-100231" }),
    ).toHaveAttribute("href", "/dashboard/orders/PT-100231");
    await expect(order("PT-100458")).toContainText("Payment due");
    await expect(
      order("PT-100458").getByRole("link", { name: "Pay now for order PT-100458" }),
    ).toHaveAttribute("href", "/checkout/PT-100458");
  });

  test("a new account sees the empty state with a way to start", async ({ page }) => {
    const user = await createUser({ firstName: "Noah" });
    await signIn(page, user.email, user.password!);
    await expect(page.getByRole("heading", { level: 1, name: "G'day, Noah" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You have no deliveries yet" })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Build your first box" }),
    ).toHaveAttribute("href", "/get-started");
    await expect(page.getByText("Welcome to Paddock & Tide!")).toHaveCount(0);
  });

  test("newuser after checkout shows a welcome", async ({ page }) => {
    const user = await createUser();
    await signIn(
      page,
      user.email,
      user.password!,
      `/sign-in?destination=${encodeURIComponent("/dashboard/my-deliveries?newuser=1")}`,
    );
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/my-deliveries?newuser=1`);
    await expect(page.getByRole("status")).toContainText("Welcome to Paddock & Tide!");
  });

  test("/dashboard opens my deliveries", async ({ page }) => {
    const user = await createUser();
    await signIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/my-deliveries`);
    await expect(
      page
        .getByRole("navigation", { name: "Account" })
        .getByRole("link", { name: "My deliveries" }),
    ).toHaveAttribute("aria-current", "page");
  });
});
