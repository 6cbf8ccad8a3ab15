// Issue 33 item 3: the charge is the amount the page showed, with JavaScript on and off. Two pages
// of one shopper: the other one changes the order, the first one's Pay charges nothing, shows the
// new total, says why and keeps what was typed; paying again then charges the new total. Also the
// pay page of an order whose delivery has passed (item 5), and the gift card (item 9's bonus).
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  e2eDb,
  jsEnabled,
  ready,
  signInByHook,
  uniqueEmail,
  submitAndWait,
} from "./fixtures";
import { step } from "./box-helpers";
import {
  dialog,
  expectPlaced,
  fillCheckout,
  ordersOf,
  placeButton,
  reachCheckout,
  retypeSecrets,
  shippingGroup,
  submitCheckout,
} from "./checkout-helpers";
import { createPayer, openPayPage, orderState, submitOrder } from "./orders-helpers";
import { TEST_CARDS } from "../factories";

test.describe.configure({ timeout: 60_000 });

const ok = (d: ReturnType<typeof dialog>) =>
  d.getByRole("link", { name: "Ok" }).or(d.getByRole("button", { name: "Ok" }));

test("box checkout: an add-on added in another window charges nothing, shows the new total and why, keeps the form; paying again charges the new total", async ({
  page,
  context,
}) => {
  const { email } = await reachCheckout(page);
  await expect(placeButton(page)).toHaveText("Place order and pay $149");
  await fillCheckout(page);
  await page.getByLabel("Delivery notes (optional)").fill("Behind the side gate");

  // page B of the same shopper adds an add-on
  const other = await context.newPage();
  await other.goto("/get-started/addons");
  await ready(other);
  await step(other, other.getByRole("button", { name: "Add Smoked bacon", exact: true }));
  await other.close();

  const response = await submitCheckout(page);
  if (response) expect(response.status()).toBe(409);
  const changed = dialog(page, "Your order changed");
  await expect(changed).toBeVisible();
  await expect(changed).toContainText(
    "Your order changed since this page was shown: it now comes to $161 (Smoked bacon was added in another window). Nothing was charged.",
  );
  // the page shows the new total, and everything typed but the card number and CVC
  await expect(placeButton(page)).toHaveText("Place order and pay $161");
  await expect(
    page.getByRole("complementary").filter({ hasText: "Smoked bacon" }).first(),
  ).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ava");
  await expect(shippingGroup(page).getByLabel("Street address")).toHaveValue("7 Bay Road");
  await expect(page.getByLabel("Delivery notes (optional)")).toHaveValue("Behind the side gate");
  if (!jsEnabled()) await expect(page.getByLabel("Card number")).toHaveValue("");
  const before = await ordersOf(email!);
  expect(before.orders).toHaveLength(0);
  expect(before.payments).toHaveLength(0);

  await ok(changed).click();
  await retypeSecrets(page);
  await submitCheckout(page);
  await expectPlaced(page);
  const after = await ordersOf(email!);
  expect(after.payments.map((p) => [p.status, p.amountCents])).toEqual([["succeeded", 16100]]);
});

test("pay an order: credit added in another window changes the total; nothing is charged until the new total is paid", async ({
  page,
}) => {
  const payer = await createPayer();
  await openPayPage(page, payer);
  await expect(page.getByText("You'll be charged $303 today.")).toBeVisible();
  await page.getByLabel("E-mail me recipes, offers and news").check();
  // a gift card became credit in another window
  await e2eDb()
    .insertInto("creditLedger")
    .values({
      userId: payer.id,
      amountCents: 2500,
      reason: "Gift card",
      reference: "GIFT-OTHER-TAB",
      createdAt: new Date().toISOString(),
    })
    .execute();
  await submitOrder(page);
  const changed = dialog(page, "Your order changed");
  await expect(changed).toBeVisible();
  await expect(changed).toContainText(
    "it now comes to $278 (your credit balance went up). Nothing was charged.",
  );
  await expect(page.getByText("You'll be charged $278 today.")).toBeVisible();
  await expect(page.getByLabel("E-mail me recipes, offers and news")).toBeChecked();
  expect((await orderState(payer.orderId)).payments).toEqual([]);
  await changed.getByRole("button", { name: "Ok" }).click();
  await submitOrder(page);
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
  expect((await orderState(payer.orderId)).payments).toEqual([
    { status: "succeeded", amountCents: 27800, cardBrand: "Visa", cardLastFour: "4242" },
  ]);
});

test(
  "pay an order whose delivery has passed: the page says so, offers no form and charges nothing",
  { tag: "@reads" },
  async ({ page }) => {
    const payer = await createPayer();
    await e2eDb()
      .updateTable("orders")
      .set({ deliveryDate: "2026-01-05" })
      .where("id", "=", payer.orderId)
      .execute();
    await signInByHook(page, payer.email);
    await page.goto(`/checkout/${payer.reference}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "This delivery has passed" }),
    ).toBeVisible();
    await expect(page.getByRole("status")).toContainText(
      "This order was for the delivery on Monday 5 January. That delivery has passed without it, so the order can no longer be paid, and nothing was charged.",
    );
    await expect(page.getByRole("button", { name: /submit order/i })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "My deliveries" }).last()).toBeVisible();
    expect((await orderState(payer.orderId)).payments).toEqual([]);
  },
);

test("gift card: the amount changed in another window charges nothing and shows the gift as it is now; paying again buys that", async ({
  page,
  context,
}) => {
  const buyer = uniqueEmail("shown-gift");
  const chooseAmount = async (p: Page, amount: string) => {
    await p.goto("/gift-cards");
    await ready(p);
    await p.getByRole("radio", { name: new RegExp(`^\\${amount}\\b`) }).check();
    await p.getByRole("button", { name: "Continue" }).click();
    await expect(p).toHaveURL(/\/gift-cards\/personalise$/);
    await ready(p);
  };
  await chooseAmount(page, "$50");
  await page.getByLabel("Your first name", { exact: true }).fill("Alex");
  await page.getByLabel("Your email address", { exact: true }).fill(buyer);
  await page.getByLabel("Recipient's first name", { exact: true }).fill("Jordan");
  await page.getByLabel("Recipient's email address", { exact: true }).fill(uniqueEmail("jordan"));
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/gift-cards\/checkout$/);
  await ready(page);
  const billing = page.getByRole("group", { name: "Billing address" });
  await billing.getByLabel("Address type").selectOption("house");
  await billing.getByLabel("Street address").fill("12 Wharf Road");
  await billing.getByLabel("Suburb").fill("Balmain");
  await billing.getByLabel("State").selectOption("NSW");
  await billing.getByLabel("Postcode").fill("2041");
  const card = async () => {
    await page.getByLabel("Card number").fill(TEST_CARDS.good);
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVC").fill("123");
  };
  await card();

  // page B of the same shopper chooses $100
  const other = await context.newPage();
  await chooseAmount(other, "$100");
  await other.close();

  const pay = (amount: string) =>
    submitAndWait(page, page.getByRole("button", { name: `Pay ${amount}` }));
  await pay("$50");
  const changed = dialog(page, "Your gift changed");
  await expect(changed).toBeVisible();
  await expect(changed).toContainText(
    "Your gift changed since this page was shown: it now comes to $100 (the amount was changed in another window). Nothing was charged.",
  );
  await expect(page.getByRole("button", { name: "Pay $100" })).toBeVisible();
  await expect(billing.getByLabel("Street address")).toHaveValue("12 Wharf Road");
  const buyerPayments = () =>
    e2eDb()
      .selectFrom("payments")
      .innerJoin("users", "users.id", "payments.userId")
      .select(["payments.amountCents", "payments.status"])
      .where("users.email", "=", buyer)
      .execute();
  expect(await buyerPayments()).toEqual([]);

  await ok(changed).click();
  if (!jsEnabled()) await card();
  await pay("$100");
  await expect(page).toHaveURL(/\/gift-cards\/checkout\?order=PT-/);
  expect(await buyerPayments()).toEqual([{ amountCents: 10000, status: "succeeded" }]);
});
