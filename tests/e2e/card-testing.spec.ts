// No free card testing (issue 34 item 4, decision 042) at each place a new card is typed: box
// checkout, pay an order, gift cards and the account page, with JavaScript on and off (the pay
// API's answer: tests/integration/server-security.test.ts). The e2e server gives an account 6
// (CARD_ATTEMPTS_PER_ACCOUNT in tests/e2e/server.mjs) and a declined card counts 3, so two
// declines fill it: the next new card gets the limit's message under the card number and never
// reaches the gateway (the sandbox keeps every charge and zero-amount check in sandbox_charges),
// and everything typed stays except the card number and CVC.
// The per-address budget has its own spec (card-testing-address.spec.ts).
import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, jsEnabled, settled, test, uniqueEmail } from "./fixtures";
import {
  dialog,
  fillCheckout,
  fillNewCard,
  ordersOf,
  placeButton,
  reachCheckout,
  retypeSecrets,
  shippingGroup,
} from "./checkout-helpers";
import { fillGiftCard, giftField, reachGiftCheckout } from "./gift-card-helpers";
import { createPayer, openPayPage, orderState } from "./orders-helpers";
import { createSubscriber, openDashboard } from "./dashboard-helpers";
import { TEST_CARDS } from "../factories";

const DECLINED = TEST_CARDS.declined;
const GOOD = TEST_CARDS.good;
const LIMITED = "Too many new cards have been tried from this account or connection.";
const LIMITED_IN_FULL =
  /^Too many new cards have been tried from this account or connection\. To protect card holders, please wait about \d+ hours before trying a new card\.$/;
/** declines that fill an account's budget on the e2e server (2 × 3 = 6) */
const DECLINES = 2;

test.describe.configure({ timeout: 90_000 });

/** Presses `button` and answers the status of the POST (with JS the fetch, once the page has settled; without, the next document). */
async function answerTo(page: Page, button: Locator): Promise<number> {
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  if (jsEnabled()) {
    await button.click();
    const status = (await answered).status();
    await settled(page);
    return status;
  }
  const loaded = page.waitForEvent("load");
  await button.click();
  const status = (await answered).status();
  await loaded;
  return status;
}

/** With JS a dialog is modal: "Ok" closes it before the next try. Without JS it is part of the page. */
async function dismiss(d: Locator) {
  if (!jsEnabled()) return;
  await d
    .getByRole("link", { name: "Ok" })
    .or(d.getByRole("button", { name: "Ok" }))
    .click();
  await expect(d).toBeHidden();
}

/** The idempotency key the form will post. */
const postedKey = (page: Page) => page.locator('input[name="idempotencyKey"]').first().inputValue();

/** Which of these keys the sandbox gateway has a charge for. */
async function charged(keys: string[]): Promise<string[]> {
  const rows = await e2eDb()
    .selectFrom("sandboxCharges")
    .select("idempotencyKey")
    .where("idempotencyKey", "in", keys)
    .execute();
  return rows.map((r) => r.idempotencyKey);
}

/** The limit's answer on a payment page: a dialog and the message under the card number, and no card data in the page. */
async function expectLimited(page: Page, cardNumber: Locator) {
  const refused = dialog(page, "Too many card attempts");
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(LIMITED);
  await expect(page.locator(".field__error").filter({ hasText: LIMITED })).toBeVisible();
  await expect(cardNumber).toHaveAttribute("aria-invalid", "true");
  expect(await page.content()).not.toContain(GOOD);
  if (!jsEnabled()) await expect(cardNumber).toHaveValue("");
  return refused;
}

test("box checkout: after the declines an account's budget allows, a new card is refused before the gateway, keeping what was typed", async ({
  page,
}) => {
  const { email } = await reachCheckout(page);
  await fillCheckout(page, {
    contact: { firstName: "Cara", lastName: "Tester" },
    shipping: { line1: "9 Limit Lane" },
    card: { number: DECLINED },
  });
  const declinedKeys: string[] = [];
  for (let i = 0; i < DECLINES; i++) {
    if (i > 0) {
      await retypeSecrets(page, { number: DECLINED });
      await fillNewCard(page, { number: DECLINED });
    }
    declinedKeys.push(`checkout:${await postedKey(page)}`);
    expect(await answerTo(page, placeButton(page))).toBe(402);
    await dismiss(dialog(page, "Payment declined"));
  }
  await retypeSecrets(page);
  await fillNewCard(page, { number: GOOD, expiry: "11/31" });
  const key = `checkout:${await postedKey(page)}`;
  expect(await answerTo(page, placeButton(page))).toBe(429);
  const refused = await expectLimited(page, page.getByLabel("Card number"));
  await expect(refused.getByText(LIMITED_IN_FULL)).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Cara");
  await expect(shippingGroup(page).getByLabel("Street address")).toHaveValue("9 Limit Lane");
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("11/31");
  // the declines reached the gateway; the refused card did not
  expect((await charged(declinedKeys)).sort()).toEqual([...declinedKeys].sort());
  expect(await charged([key])).toEqual([]);
  const state = await ordersOf(email!);
  expect(state.orders).toHaveLength(0);
  expect(state.payments.map((p) => p.status)).toEqual(["declined", "declined"]);
});

test("gift cards: a guest's e-mail gets the same budget; the next new card is refused before the gateway", async ({
  page,
}) => {
  const buyer = uniqueEmail("tester");
  await reachGiftCheckout(page, buyer);
  const pay = page.getByRole("button", { name: "Pay $50" });
  const declinedKeys: string[] = [];
  for (let i = 0; i < DECLINES; i++) {
    await fillGiftCard(page, DECLINED);
    declinedKeys.push(`gift:${await postedKey(page)}`);
    expect(await answerTo(page, pay)).toBe(402);
    await expect(dialog(page, "Payment declined")).toContainText("Your card was declined.");
    await dismiss(dialog(page, "Payment declined"));
  }
  await fillGiftCard(page, GOOD);
  const key = `gift:${await postedKey(page)}`;
  expect(await answerTo(page, pay)).toBe(429);
  await expectLimited(page, giftField(page, "Card number"));
  await expect(giftField(page, "Email address")).toHaveValue(buyer);
  await expect(giftField(page, "Street address")).toHaveValue("12 Wharf Road");
  await expect(giftField(page, "Postcode")).toHaveValue("2041");
  expect((await charged(declinedKeys)).sort()).toEqual([...declinedKeys].sort());
  expect(await charged([key])).toEqual([]);
  const orders = await e2eDb()
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.userId")
    .select("orders.id")
    .where("users.email", "=", buyer)
    .execute();
  expect(orders).toEqual([]);
});

test("pay an order: after the declines the budget allows, a new card is refused before the gateway; a saved card still pays", async ({
  page,
}) => {
  const payer = await createPayer();
  await openPayPage(page, payer);
  await page.getByLabel("Suite or unit").fill("Unit 5");
  const submit = page.getByRole("button", { name: /submit order/i });
  const declinedKeys: string[] = [];
  for (let i = 0; i < DECLINES; i++) {
    await fillNewCard(page, { number: DECLINED });
    declinedKeys.push(await postedKey(page));
    expect(await answerTo(page, submit)).toBe(402);
    await dialog(page, "Payment declined").getByRole("button", { name: "Ok" }).click();
  }
  await fillNewCard(page, { number: GOOD, expiry: "09/32" });
  const key = await postedKey(page);
  expect(await answerTo(page, submit)).toBe(429);
  const refused = await expectLimited(page, page.getByLabel("Card number"));
  await expect(page.getByLabel("Suite or unit")).toHaveValue("Unit 5");
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("09/32");
  expect((await charged(declinedKeys)).sort()).toEqual([...declinedKeys].sort());
  expect(await charged([key])).toEqual([]);
  expect((await orderState(payer.orderId)).order.status).toBe("unpaid");

  // a card already saved is not a new card: it pays
  await refused.getByRole("button", { name: "Ok" }).click();
  await page.getByRole("radio", { name: /Visa ending in 4242/ }).check();
  await answerTo(page, submit);
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
});

test("my account: after the declines the budget allows, a new card is refused unverified, keeping what was typed", async ({
  page,
}) => {
  const a = await createSubscriber();
  await openDashboard(page, a, "/dashboard/account");
  await page.locator("#cards").getByText("Add a card").click();
  const form = () => page.locator("#account-add-card");
  const verifiedChecks = async () =>
    (
      await e2eDb()
        .selectFrom("sandboxCharges")
        .select("idempotencyKey")
        .where("idempotencyKey", "like", `verify!setup:user:${a.id}:%`)
        .execute()
    ).length;
  const fill = async (number: string) => {
    await form().getByLabel("Card number").fill(number);
    await form().getByLabel("Expiry (MM/YY)").fill("10/29");
    await form().getByLabel("CVC").fill("123");
  };
  for (let i = 0; i < DECLINES; i++) {
    await fill(DECLINED);
    await form().getByLabel("Make this my primary card").check();
    const status = await answerTo(page, form().getByRole("button", { name: "Save card" }));
    expect(status).toBe(422);
    await expect(form().getByText("Your card was declined.")).toBeVisible();
  }
  await fill(GOOD);
  await form().getByLabel("Make this my primary card").check();
  expect(await answerTo(page, form().getByRole("button", { name: "Save card" }))).toBe(429);
  const number = form().getByLabel("Card number");
  await expect(form().getByText(LIMITED_IN_FULL)).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAccessibleDescription(LIMITED_IN_FULL);
  await expect(form().getByLabel("Expiry (MM/YY)")).toHaveValue("10/29");
  await expect(form().getByLabel("Make this my primary card")).toBeChecked();
  if (!jsEnabled()) {
    await expect(number).toHaveValue("");
    await expect(form().getByLabel("CVC")).toHaveValue("");
  }
  expect(await page.content()).not.toContain(GOOD);
  await expect(page.getByText("Your new card is saved.")).toHaveCount(0);
  // the declines' zero-amount checks reached the gateway, the refused card's did not, and nothing was saved
  expect(await verifiedChecks()).toBe(DECLINES);
  const rows = await e2eDb()
    .selectFrom("paymentMethods")
    .select("lastFour")
    .where("userId", "=", a.id)
    .execute();
  expect(rows.map((r) => r.lastFour)).toEqual(["4242"]);
});
