// Pay an order (/checkout/{order}) and the tax invoice, with JavaScript on and
// off. Each test pays its own fresh subscriber's order; the demo subscriber's
// orders are only read.
import { expectNoSeriousViolations } from "./a11y";
import { test, expect, e2eDb, jsEnabled, ready, signIn } from "./fixtures";
import { aud, createPayer, openPayPage, orderState, submitOrder } from "./orders-helpers";
import { TEST_CARDS } from "../factories";

const DEMO = { email: "demo@paddockandtide.com.au", password: "Paddock-Demo-2026" };

const dialog = (page: import("@playwright/test").Page, name: string | RegExp) =>
  page.getByRole("dialog", { name });

async function fillNewCard(
  page: import("@playwright/test").Page,
  number: string,
  expiry = "09/32",
  cvc = "123",
) {
  const useNew = page.getByRole("radio", { name: /Use a new card/ });
  if (await useNew.count()) await useNew.check();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill(expiry);
  await page.getByLabel("CVC").fill(cvc);
}

test.describe("pay an order", () => {
  test.describe.configure({ timeout: 60_000 });

  test("pays with the primary saved card, then shows the tax invoice and sends the receipt", async ({
    page,
  }) => {
    const payer = await createPayer({ creditCents: 2500 });
    await openPayPage(page, payer);

    // the summary: lines, subtotal, discounted, credit, total
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary).toContainText("Custom box (large)");
    await expect(summary).toContainText("Smoked bacon × 2");
    await expect(summary.locator(".order-summary__totals")).toContainText("Subtotal$303");
    await expect(summary.locator(".order-summary__totals")).toContainText("Credit-$25");
    await expect(summary.locator(".order-summary__grand")).toContainText("$278");
    // your info is read-only; billing defaults to the address on file
    await expect(page.getByLabel("First name")).toHaveValue("Ava");
    await expect(page.getByLabel("First name")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Surname")).toHaveValue("Nguyen");
    await expect(page.getByLabel("Mobile")).toHaveValue("0412 345 678");
    await expect(page.getByLabel("Street address")).toHaveValue("7 Bay Road");
    await expect(page.getByText("Australia", { exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Visa ending in 4242/ })).toBeChecked();
    await expect(page.getByLabel("Card number")).toHaveAttribute("maxlength", "16");
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveAttribute("maxlength", "5");
    await expect(page.getByLabel("CVC")).toHaveAttribute("maxlength", "4");

    await page.getByLabel("E-mail me recipes, offers and news").check();
    await submitOrder(page);
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
    await expect(page.getByRole("status")).toContainText(`order ${payer.reference} is paid`);
    if (jsEnabled()) await expect(page.getByRole("status")).toBeFocused(); // not <body> after the client-side redirect
    await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
    await expect(page.getByText(`${aud(27800)} paid by Visa ending in 4242`)).toBeVisible();

    const { order, payments } = await orderState(payer.orderId);
    expect(order.status).toBe("paid");
    expect(payments).toEqual([
      { status: "succeeded", amountCents: 27800, cardBrand: "Visa", cardLastFour: "4242" },
    ]);
    const mail = await e2eDb()
      .selectFrom("emailOutbox")
      .select(["template", "text"])
      .where("toAddress", "=", payer.email)
      .execute();
    expect(mail.map((m) => m.template)).toEqual(["order-receipt"]);
    expect(mail[0].text).toContain(`/dashboard/orders/${payer.reference}`);
    const user = await e2eDb()
      .selectFrom("users")
      .select(["newsletter"])
      .where("id", "=", payer.id)
      .executeTakeFirstOrThrow();
    expect(user.newsletter).toBe(1);

    // my deliveries shows it paid, with its tax invoice
    await page.goto("/dashboard/my-deliveries");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `Order ${payer.reference}` }) });
    await expect(card).toContainText("Paid");
    await card.getByRole("link", { name: `Tax invoice for order ${payer.reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}$`));
    // a paid order cannot be opened for payment again
    await page.goto(`/checkout/${payer.reference}`);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
  });

  test("pays with a new card, which is saved", async ({ page }) => {
    const payer = await createPayer();
    await openPayPage(page, payer);
    if (jsEnabled()) {
      await expect(page.getByLabel("Card number")).toBeHidden();
      await page.getByRole("radio", { name: /Use a new card/ }).check();
      // the SPEC §4 expiry mask
      await page.getByLabel("Expiry (MM/YY)").pressSequentially("932");
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("09/32");
    }
    await fillNewCard(page, "5555555555554444");
    await submitOrder(page);
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
    await expect(page.getByText(`${aud(30300)} paid by Mastercard ending in 4444`)).toBeVisible();
    const cards = await e2eDb()
      .selectFrom("paymentMethods")
      .select(["brand", "lastFour"])
      .where("userId", "=", payer.id)
      .execute();
    expect(cards).toContainEqual({ brand: "Mastercard", lastFour: "4444" });
  });

  test("needs no card when the credit covers the whole total", async ({ page }) => {
    const payer = await createPayer({ creditCents: 50000, cards: false });
    await openPayPage(page, payer);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.locator(".order-summary__totals")).toContainText("Credit-$303");
    await expect(summary.locator(".order-summary__grand")).toContainText("$0");
    await expect(page.getByText("covers this order, so no card is needed")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expect(page.getByText("Nothing will be charged to a card.")).toBeVisible();
    await submitOrder(page);
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
    await expect(page.getByText(/Paid in full with credit/)).toBeVisible();
    const { order, payments } = await orderState(payer.orderId);
    expect(order.status).toBe("paid");
    expect(payments).toEqual([
      { status: "succeeded", amountCents: 0, cardBrand: null, cardLastFour: null },
    ]);
  });

  test("shows every validation message, first in a dialog, and keeps what was typed except the card", async ({
    page,
  }) => {
    const payer = await createPayer({ cards: false, address: false, details: false });
    await openPayPage(page, payer);
    await expect(page.getByLabel("First name")).not.toHaveAttribute("readonly", "");

    await submitOrder(page, { expectPost: !jsEnabled() });
    const first = dialog(page, "Please check your details");
    await expect(first).toBeVisible();
    await expect(first).toContainText("First name is required");
    await first.getByRole("button", { name: "Ok" }).click();
    await expect(first).toBeHidden();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Phone is invalid",
      "Choose an address type",
      "Street address is required",
      "Suburb is required",
      "Choose a state",
      "Post code invalid",
      "Card number is required",
      "Expiry date is required",
      "CVC is required",
    ]) {
      await expect(page.locator(".field__error", { hasText: message })).toBeVisible();
    }

    await page.getByLabel("First name").fill("Ava");
    await page.getByLabel("Surname").fill("Nguyen");
    await page.getByLabel("Mobile").fill("123");
    await page.getByLabel("Address type").selectOption("apartment");
    await page.getByLabel("Street address").fill("7 Bay Road");
    await page.getByLabel("Suburb").fill("Haymarket");
    await page.getByLabel("State").selectOption("NSW");
    await page.getByLabel("Postcode").fill("20");
    await fillNewCard(page, TEST_CARDS.good, "13/30", "12");
    await submitOrder(page, { expectPost: !jsEnabled() });
    await expect(dialog(page, "Please check your details")).toContainText("Phone is invalid");
    await dialog(page, "Please check your details").getByRole("button", { name: "Ok" }).click();
    for (const message of [
      "Phone is invalid",
      "Suite or unit is required for an apartment",
      "Post code invalid",
      "Expiry date must be a valid MM/YY date that has not passed",
      "CVC must be 3 or 4 digits",
    ]) {
      await expect(page.locator(".field__error", { hasText: message })).toBeVisible();
    }
    // typed values stay; the card number and CVC are never sent back
    await expect(page.getByLabel("Street address")).toHaveValue("7 Bay Road");
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("13/30");
    if (!jsEnabled()) {
      await expect(page.getByLabel("Card number")).toHaveValue("");
      await expect(page.getByLabel("CVC")).toHaveValue("");
      expect(await page.content()).not.toContain(TEST_CARDS.good);
    }

    await page.getByLabel("Address type").selectOption("business");
    await submitOrder(page, { expectPost: !jsEnabled() });
    await dialog(page, "Please check your details").getByRole("button", { name: "Ok" }).click();
    await expect(
      page.locator(".field__error", { hasText: "Company name is required for a business" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, "main");
    expect((await orderState(payer.orderId)).payments).toEqual([]);
  });

  test("a declined card leaves the order unpaid, with the message in a dialog and under the card number", async ({
    page,
  }) => {
    const payer = await createPayer();
    await openPayPage(page, payer);
    await fillNewCard(page, TEST_CARDS.declined);
    await submitOrder(page);
    const declined = dialog(page, "Payment declined");
    await expect(declined).toContainText("Your card was declined.");
    await declined.getByRole("button", { name: "Ok" }).click();
    await expect(
      page.locator(".field__error", { hasText: "Your card was declined." }),
    ).toBeVisible();
    const { order, payments } = await orderState(payer.orderId);
    expect(order).toMatchObject({ status: "unpaid", paymentKey: null });
    expect(payments.map((p) => p.status)).toEqual(["declined"]);

    // a retry with a good card pays (a new attempt, a new key)
    await page.getByRole("radio", { name: /Visa ending in 4242/ }).check();
    await submitOrder(page);
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
  });

  test("paying an order the primary card was declined on makes the card that paid primary, and says so", async ({
    page,
  }) => {
    const payer = await createPayer();
    const db = e2eDb();
    await db
      .updateTable("paymentMethods")
      .set((eb) => ({ isPrimary: eb.case().when("lastFour", "=", "0002").then(1).else(0).end() }))
      .where("userId", "=", payer.id)
      .execute();
    // as a renewal leaves it: its charge to the primary card was declined
    await db
      .insertInto("payments")
      .values({
        userId: payer.id,
        orderId: payer.orderId,
        giftCardId: null,
        amountCents: payer.totalCents,
        status: "declined",
        gatewayChargeId: null,
        idempotencyKey: `renewal:e2e:${payer.reference}`,
        failureMessage: "Your card was declined.",
        cardBrand: "Visa",
        cardLastFour: "0002",
        reserved: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    await openPayPage(page, payer);
    await page.getByRole("radio", { name: /Visa ending in 4242/ }).check();
    await submitOrder(page);
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1&card=primary#paid$`),
    );
    await expect(page.getByRole("status")).toContainText(
      "Your next deliveries will be charged to this Visa ending in 4242, not the card that was declined.",
    );
    const primary = await db
      .selectFrom("paymentMethods")
      .select("lastFour")
      .where("userId", "=", payer.id)
      .where("isPrimary", "=", 1)
      .execute();
    expect(primary).toEqual([{ lastFour: "4242" }]);
  });

  test("asks about an address it cannot verify; Continue pays with it", async ({ page }) => {
    const payer = await createPayer();
    await openPayPage(page, payer);
    await page.getByLabel("Suburb").fill("Atlantis");
    await submitOrder(page);
    const doubt = dialog(page, "Check your address");
    await expect(doubt).toContainText(
      "We had trouble verifying your address. Continue if it's correct.",
    );
    await expect(doubt.getByRole("button", { name: "Change my address" })).toBeVisible();
    await expectNoSeriousViolations(page, "main");
    expect((await orderState(payer.orderId)).payments).toEqual([]);
    await Promise.all([
      page.waitForResponse(
        (r) =>
          r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/"),
      ),
      doubt.getByRole("button", { name: "Continue" }).click(),
    ]);
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`));
    await expect(page.getByText("Atlantis NSW 2000")).toBeVisible();
  });

  test("a double submit charges once", async ({ page }) => {
    const payer = await createPayer();
    await openPayPage(page, payer);
    await page.getByRole("button", { name: /submit order/i }).dblclick();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/orders/${payer.reference}\\?paid=1#paid$`),
      { timeout: 15_000 },
    );
    const { order, payments } = await orderState(payer.orderId);
    expect(order.status).toBe("paid");
    expect(payments).toHaveLength(1);
  });

  test("a second tab cannot pay the order again", async ({ page, context }) => {
    const payer = await createPayer();
    await openPayPage(page, payer);
    const second = await context.newPage();
    await second.goto(`/checkout/${payer.reference}`);
    await ready(second);
    await submitOrder(page);
    await expect(page).toHaveURL(/\?paid=1#paid$/);
    await submitOrder(second);
    await expect(second).toHaveURL(
      new RegExp(`/dashboard/orders/${payer.reference}\\?notice=already-paid$`),
    );
    await expect(second.getByRole("status")).toContainText(
      "This order has already been paid. Nothing more was charged.",
    );
    expect((await orderState(payer.orderId)).payments).toHaveLength(1);
  });

  test("without a session the page asks to sign in and comes back", async ({ page }) => {
    const payer = await createPayer();
    await page.goto(`/checkout/${payer.reference}`);
    await expect(page).toHaveURL(
      new RegExp(`/sign-in\\?destination=%2Fcheckout%2F${payer.reference}$`),
    );
    await ready(page);
    await page.getByLabel("Email address").fill(payer.email);
    await page.getByLabel("Password", { exact: true }).fill(payer.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${payer.reference}$`));
  });

  test("the page is accessible, and the summary collapses on a phone", async ({ page }) => {
    const payer = await createPayer({ creditCents: 1000 });
    await openPayPage(page, payer);
    await expect(
      page.getByRole("complementary", { name: "Order summary" }).getByText("Smoked bacon"),
    ).toBeVisible();
    await expectNoSeriousViolations(page, "main");
    await page.setViewportSize({ width: 390, height: 800 });
    const summary = page.locator("details.order-summary");
    await expect(summary.getByText("Smoked bacon")).toBeHidden();
    await summary.locator("summary").click();
    await expect(summary.getByText("Smoked bacon")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});

test.describe("tax invoice", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the demo subscriber's paid order: lines, GST, the shop's ABN and address, printable", async ({
    page,
  }) => {
    const db = e2eDb();
    const demo = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO.email)
      .executeTakeFirstOrThrow();
    const inv = await db
      .selectFrom("invoices")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["invoices.totalCents"])
      .where("orders.reference", "=", "PT-100231")
      .where("orders.userId", "=", demo.id)
      .executeTakeFirstOrThrow();
    await signIn(
      page,
      DEMO.email,
      DEMO.password,
      `/sign-in?destination=${encodeURIComponent("/dashboard/orders/PT-100231")}`,
    );
    await expect(page).toHaveURL(/\/dashboard\/orders\/PT-100231$/);
    await expect(page).toHaveTitle(/^Tax invoice PT-100231 \|/);
    await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
    await expect(page.getByText("ABN 49 624 595 711")).toBeVisible();
    await expect(page.getByText("Unit 3, 18 Foundry Lane")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table).toContainText("Smoked bacon");
    // a box of meat and bacon is fresh food: GST-free
    await expect(table.getByRole("row", { name: /^GST included/ })).toContainText(aud(0));
    await expect(table.getByRole("row", { name: /^Total/ })).toContainText(aud(inv.totalCents));
    await expect(page.getByText("Fresh food is GST-free: no GST is included.")).toBeVisible();
    await expect(page.locator(".invoice__to")).toContainText("Olivia");
    // a box order names where it was delivered: the order's own address
    await expect(page.getByRole("region", { name: "Deliver to" })).toContainText(
      "Unit 4, 12 Harbour Street",
    );
    await expectNoSeriousViolations(page, "main");

    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(page.locator(".site-footer")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // an unpaid order's invoice sends its owner to pay it
    await page.goto("/dashboard/orders/PT-100458");
    await expect(page).toHaveURL(/\/checkout\/PT-100458$/);
  });
});
