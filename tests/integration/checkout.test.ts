// Box checkout against a real database (SQLite, or PostgreSQL with
// DATABASE_URL_TEST): the order transaction, discounts, credit, and exactly-once
// placement under concurrent submits.
import { randomUUID } from "node:crypto";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { changeAddon } from "~/box/cart.server";
import { quoteDraft } from "~/pricing/quote.server";
import {
  placeOrder,
  repeatedSubmit,
  trimDraftToStock,
  ANOTHER_TAB,
} from "~/checkout/place-order.server";
import type { CheckoutInput } from "~/checkout/checkout-schema";
import { CHOOSE_PRODUCT } from "~/discounts/discount-rules";
import { TASMANIA_DISCOUNT } from "~/box/tasmania";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { loadTaxInvoice } from "~/orders/invoice.server";
import * as invoiceTotalBeforeCredit from "~/db/migrations/010-invoice-total-before-credit";
import type { Subscription, User } from "~/db/schema";
import { testClientIp } from "./client-ip";
import { createUser, TEST_CARD, TEST_CARDS, uniqueEmail } from "../factories";
import { createCheckoutDraft as curatedDraft } from "./checkout-draft";

const ts = () => new Date().toISOString();
const ORIGIN = "http://localhost";

afterEach(() => {
  vi.restoreAllMocks();
});

async function productId(slug: string) {
  return (
    await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
  ).id;
}

/** A visitor's draft for a curated box (no cuts to pick), ready for checkout. */
/** A customer with a password and this much gift-card credit. */
function customerWithCredit(creditCents: number): Promise<User> {
  return createUser(db, {
    email: uniqueEmail("credit"),
    firstName: "Cara",
    lastName: "Credit",
    sms: 1,
    newsletter: 1,
    creditCents,
  });
}

function input(
  d: { draft: Subscription; suburb: string; date: string },
  over: Partial<CheckoutInput> = {},
): CheckoutInput {
  const shipping = {
    addressType: "house" as const,
    line1: "1 George Street",
    line2: undefined,
    company: undefined,
    city: d.suburb,
    state: "NSW" as const,
    postcode: d.draft.postcode!,
    country: "AU" as const,
  };
  return {
    idempotencyKey: randomUUID(),
    contact: {
      firstName: "Ava",
      lastName: "Tester",
      phone: "+61412345678",
      sms: true,
      newsletter: false,
    },
    password: "Correct-Horse-42",
    shipping,
    billing: shipping,
    billingSameAsShipping: true,
    deliveryNotes: "Side gate",
    frequencyDays: 28,
    deliveryDate: d.date,
    deliveryWindow: "day",
    discountCode: null,
    choiceId: null,
    knifeConfirmed: false,
    card: {
      kind: "new",
      card: { ...TEST_CARD },
    },
    addressConfirmed: null,
    overnightAccepted: false,
    ...over,
  };
}

async function ordersOf(email: string) {
  return db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.userId")
    .select(["orders.id", "orders.reference", "orders.status"])
    .where("users.email", "=", email)
    .execute();
}

describe("placing a box order", () => {
  it("writes the order, invoice, payment, active subscription, account, card and confirmation e-mail in one go", async () => {
    const d = await curatedDraft();
    const charge = vi.spyOn(paymentGateway(), "charge");
    const outcome = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d),
      ORIGIN,
    );
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    expect(outcome.setCookie).toMatch(/^__session=/);
    expect(charge).toHaveBeenCalledTimes(1);

    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("reference", "=", outcome.reference)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: "paid",
      subscriptionId: d.draft.id,
      deliveryDate: d.date,
      kind: "box",
    });
    expect(outcome.reference).toMatch(/^PT-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      subtotalCents: 16900,
      discountedCents: 0,
      creditCents: 0,
      totalCents: 16900,
    });
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: "succeeded",
      amountCents: 16900,
      cardBrand: "Visa",
      cardLastFour: "4242",
    });
    const sub = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", d.draft.id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: "active", frequencyDays: 28, deliveryNotes: "Side gate" });
    expect(sub.shippingAddressId).not.toBeNull();
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", d.email)
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user).toMatchObject({ firstName: "Ava", phone: "+61412345678", sms: 1, newsletter: 0 });
    expect(user.orderedAt).not.toBeNull();
    const cards = await db
      .selectFrom("paymentMethods")
      .selectAll()
      .where("userId", "=", user.id)
      .execute();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ lastFour: "4242", isPrimary: 1 });
    expect(JSON.stringify(cards)).not.toContain(TEST_CARDS.good);
    const mail = await db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("toAddress", "=", d.email)
      .where("template", "=", "order-confirmation")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(outcome.reference);
    expect(mail[0].text).toContain("/dashboard/my-deliveries");
    expect(mail[0].text).toContain("Fresh food is GST-free: no GST is included.");
    // the new customer is signed in on a new session
    const sessions = await db
      .selectFrom("sessions")
      .selectAll()
      .where("userId", "=", user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].id).not.toBe(d.session.id);
    // no card number anywhere in the database
    const payments = await db.selectFrom("payments").selectAll().execute();
    expect(JSON.stringify(payments)).not.toContain(TEST_CARDS.good);
  });

  it("answers a declined card without an order, gives stock back and lets another card succeed", async () => {
    const d = await curatedDraft();
    const bacon = await productId("addon-bacon");
    await changeAddon(d.draft.id, { intent: "add", productId: bacon });
    const before = (
      await db
        .selectFrom("products")
        .select("inventory")
        .where("id", "=", bacon)
        .executeTakeFirstOrThrow()
    ).inventory;
    const declined = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, {
        card: {
          kind: "new",
          card: { ...TEST_CARD, number: TEST_CARDS.declined },
        },
      }),
      ORIGIN,
    );
    expect(declined).toEqual({ kind: "declined", message: "Your card was declined." });
    expect(await ordersOf(d.email)).toHaveLength(0);
    expect(
      (
        await db
          .selectFrom("products")
          .select("inventory")
          .where("id", "=", bacon)
          .executeTakeFirstOrThrow()
      ).inventory,
    ).toBe(before);
    const sub = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", d.draft.id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: "draft", checkoutKey: null });

    const insufficient = await placeOrder(
      { session: d.session, user: null, draft: sub, clientIp: testClientIp() },
      input(d, {
        card: {
          kind: "new",
          card: { ...TEST_CARD, number: TEST_CARDS.insufficient },
        },
      }),
      ORIGIN,
    );
    expect(insufficient).toEqual({
      kind: "declined",
      message: "Your card has insufficient funds.",
    });

    const ok = await placeOrder(
      { session: d.session, user: null, draft: sub, clientIp: testClientIp() },
      input(d),
      ORIGIN,
    );
    expect(ok.kind).toBe("placed");
    expect(await ordersOf(d.email)).toHaveLength(1);
    const after = (
      await db
        .selectFrom("products")
        .select("inventory")
        .where("id", "=", bacon)
        .executeTakeFirstOrThrow()
    ).inventory;
    expect(after).toBe(before === null ? null : before - 1);
  });

  it("applies a percentage discount and a chosen free item, and refuses salmon promotions in Tasmania", async () => {
    const d = await curatedDraft();
    const pct = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, { discountCode: "WELCOME20" }),
      ORIGIN,
    );
    expect(pct.kind).toBe("placed");
    const inv = await db
      .selectFrom("invoices")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["invoices.subtotalCents", "invoices.discountedCents", "invoices.totalCents"])
      .where("orders.reference", "=", pct.kind === "placed" ? pct.reference : "")
      .executeTakeFirstOrThrow();
    expect(inv).toEqual({ subtotalCents: 16900, discountedCents: 3380, totalCents: 13520 });

    const e = await curatedDraft();
    const noChoice = await placeOrder(
      { session: e.session, user: null, draft: e.draft, clientIp: testClientIp() },
      input(e, { discountCode: "FREEBREAKFAST" }),
      ORIGIN,
    );
    expect(noChoice).toEqual({ kind: "fields", fieldErrors: { choice: CHOOSE_PRODUCT } });
    const butter = await productId("addon-butter");
    const chosen = await placeOrder(
      { session: e.session, user: null, draft: e.draft, clientIp: testClientIp() },
      input(e, { discountCode: "FREEBREAKFAST", choiceId: butter }),
      ORIGIN,
    );
    expect(chosen.kind).toBe("placed");
    const lines = await db
      .selectFrom("invoiceLines")
      .innerJoin("invoices", "invoices.id", "invoiceLines.invoiceId")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["invoiceLines.sellableId", "invoiceLines.priceCents"])
      .where("orders.reference", "=", chosen.kind === "placed" ? chosen.reference : "")
      .execute();
    expect(lines.map((l) => l.sellableId)).toContain(butter);

    const tas = await curatedDraft({ postcode: "7000" });
    const salmon = await placeOrder(
      { session: tas.session, user: null, draft: tas.draft, clientIp: testClientIp() },
      input(tas, {
        discountCode: "SALMONGIFT",
        shipping: { ...input(tas).shipping, state: "TAS" },
      }),
      ORIGIN,
    );
    expect(salmon).toEqual({ kind: "fields", fieldErrors: { discountCode: TASMANIA_DISCOUNT } });
    expect(
      (
        await db
          .selectFrom("subscriptions")
          .select("discountCode")
          .where("id", "=", tas.draft.id)
          .executeTakeFirstOrThrow()
      ).discountCode,
    ).toBeNull();
  });

  it("counts GST only on taxable products: a box of fresh food has none, the knife has its eleventh", async () => {
    const d = await curatedDraft();
    const quote = () =>
      quoteDraft({
        draft: d.draft,
        postcode: d.draft.postcode,
        discountCode: null,
        choiceId: null,
        creditBalanceCents: 0,
      });
    expect((await quote()).gstCents).toBe(0);
    const knife = await db
      .selectFrom("products")
      .select(["id", "priceCents"])
      .where("slug", "=", "addon-chef-knife")
      .executeTakeFirstOrThrow();
    await changeAddon(d.draft.id, { intent: "add", productId: knife.id });
    const withKnife = await quote();
    expect(withKnife.hasKnife).toBe(true);
    expect(withKnife.gstCents).toBe(Math.round(knife.priceCents / 11));
  });

  it("keeps a free item's discount on its own line: the knife beside it carries its full GST everywhere", async () => {
    const d = await curatedDraft();
    const knife = await db
      .selectFrom("products")
      .select(["id", "priceCents"])
      .where("slug", "=", "addon-chef-knife")
      .executeTakeFirstOrThrow();
    await changeAddon(d.draft.id, { intent: "add", productId: knife.id });
    const butter = await productId("addon-butter");
    const quote = await quoteDraft({
      draft: d.draft,
      postcode: d.draft.postcode,
      discountCode: "FREEBREAKFAST",
      choiceId: butter,
      creditBalanceCents: 0,
    });
    expect(quote.discountedCents).toBeGreaterThan(0);
    expect(quote.gstCents).toBe(Math.round(knife.priceCents / 11)); // not lowered by the free butter's discount
    const placed = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, { discountCode: "FREEBREAKFAST", choiceId: butter, knifeConfirmed: true }),
      ORIGIN,
    );
    if (placed.kind !== "placed") throw new Error(JSON.stringify(placed));
    const order = await db
      .selectFrom("orders")
      .select(["id", "userId"])
      .where("reference", "=", placed.reference)
      .executeTakeFirstOrThrow();
    const lines = await db
      .selectFrom("invoiceLines")
      .innerJoin("invoices", "invoices.id", "invoiceLines.invoiceId")
      .select(["invoiceLines.name", "invoiceLines.free"])
      .where("invoices.orderId", "=", order.id)
      .orderBy("invoiceLines.id")
      .execute();
    expect(lines.filter((l) => l.free === 1).map((l) => l.name)).toEqual([
      expect.stringMatching(/ \(free with FREEBREAKFAST\)$/),
    ]);
    const tax = await loadTaxInvoice({ userId: order.userId, reference: placed.reference });
    if (tax.status !== "ok") throw new Error(tax.status);
    expect(tax.invoice.summary.gstCents).toBe(Math.round(knife.priceCents / 11));
    const mail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", d.email)
      .where("template", "=", "order-confirmation")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("(free with FREEBREAKFAST)");
    expect(mail.text).toContain(
      `Includes GST of $${(Math.round(knife.priceCents / 11) / 100).toFixed(2)}`,
    );
  });

  it("spends a signed-in customer's credit by the SPEC rule, as ledger rows", async () => {
    const user = await customerWithCredit(20000);
    const { id } = user;
    const d = await curatedDraft({ user });
    const sent = input(d, { password: null, card: { kind: "none" } });
    const outcome = await placeOrder(
      { session: d.session, user, draft: d.draft, clientIp: testClientIp() },
      sent,
      ORIGIN,
    );
    if (outcome.kind !== "placed") throw new Error(JSON.stringify(outcome));
    const ledger = await db
      .selectFrom("creditLedger")
      .select(["amountCents"])
      .where("userId", "=", id)
      .orderBy("id")
      .execute();
    expect(ledger.map((l) => l.amountCents)).toEqual([20000, -16900]);
    const invoice = await db
      .selectFrom("invoices")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["orders.id as orderId", "creditCents", "totalCents"])
      .where("orders.userId", "=", id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ creditCents: 16900, totalCents: 16900 }); // the invoice total is before credit
    // nothing charged, but the payment row is the order's like any other: a resent form finds the order by it
    const payment = await db
      .selectFrom("payments")
      .select(["status", "amountCents", "orderId"])
      .where("userId", "=", id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: "succeeded", amountCents: 0, orderId: invoice.orderId });
    expect(await repeatedSubmit({ session: d.session, user }, sent.idempotencyKey)).toMatchObject({
      kind: "placed",
      reference: outcome.reference,
    });
  });

  it("keeps a partly credit-paid order's invoice total before credit, so the tax invoice takes the credit off once", async () => {
    const user = await customerWithCredit(5000);
    const { id } = user;
    const d = await curatedDraft({ user });
    const outcome = await placeOrder(
      { session: d.session, user, draft: d.draft, clientIp: testClientIp() },
      input(d, { password: null }),
      ORIGIN,
    );
    if (outcome.kind !== "placed") throw new Error(JSON.stringify(outcome));
    const invoice = await db
      .selectFrom("invoices")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["subtotalCents", "creditCents", "totalCents"])
      .where("orders.userId", "=", id)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ subtotalCents: 16900, creditCents: 5000, totalCents: 16900 });
    const payment = await db
      .selectFrom("payments")
      .select(["amountCents"])
      .where("userId", "=", id)
      .where("status", "=", "succeeded")
      .executeTakeFirstOrThrow();
    expect(payment.amountCents).toBe(11900);
    const tax = await loadTaxInvoice({ userId: id, reference: outcome.reference });
    if (tax.status !== "ok") throw new Error(tax.status);
    expect(tax.invoice.summary).toMatchObject({
      subtotalCents: 16900,
      discountedCents: 0,
      creditCents: 5000,
      totalCents: 11900,
    });
    expect(tax.invoice.invoiceTotalCents).toBe(16900); // "Total", then "Credit applied -$50.00" and "Amount paid $119.00"
    expect(tax.invoice.payment.amountCents).toBe(11900);
  });

  it("migration 010 restores the before-credit total of old box invoices and leaves other invoices alone", async () => {
    const d = await curatedDraft();
    const placed = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d),
      ORIGIN,
    );
    if (placed.kind !== "placed") throw new Error(JSON.stringify(placed));
    const order = await db
      .selectFrom("orders")
      .select("id")
      .where("reference", "=", placed.reference)
      .executeTakeFirstOrThrow();
    const values = (creditCents: number, totalCents: number) => ({
      orderId: order.id,
      subtotalCents: 16900,
      discountedCents: 900,
      creditCents,
      totalCents,
      createdAt: ts(),
    });
    const oldShape = await db
      .insertInto("invoices")
      .values(values(5000, 11000))
      .returning("id")
      .executeTakeFirstOrThrow();
    const renewalShape = await db
      .insertInto("invoices")
      .values(values(5000, 16000))
      .returning("id")
      .executeTakeFirstOrThrow();
    const noCredit = await db
      .insertInto("invoices")
      .values(values(0, 16000))
      .returning("id")
      .executeTakeFirstOrThrow();
    await invoiceTotalBeforeCredit.up(db);
    const totals = await db
      .selectFrom("invoices")
      .select(["id", "totalCents"])
      .where("id", "in", [oldShape.id, renewalShape.id, noCredit.id])
      .orderBy("id")
      .execute();
    expect(totals.map((t) => t.totalCents)).toEqual([16000, 16000, 16000]);
  });

  it("asks before overnight delivery and before an address the suburbs table does not know", async () => {
    const d = await curatedDraft();
    const doubt = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, { shipping: { ...input(d).shipping, city: "Melbourne" } }),
      ORIGIN,
    );
    expect(doubt).toEqual({ kind: "address-doubt", signature: "melbourne|NSW|2000" });
    const overnight = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, {
        deliveryWindow: "overnight",
        shipping: { ...input(d).shipping, city: "Melbourne" },
        addressConfirmed: "melbourne|NSW|2000",
      }),
      ORIGIN,
    );
    expect(overnight).toEqual({ kind: "overnight" });
    const placed = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, {
        deliveryWindow: "overnight",
        shipping: { ...input(d).shipping, city: "Melbourne" },
        addressConfirmed: "melbourne|NSW|2000",
        overnightAccepted: true,
      }),
      ORIGIN,
    );
    expect(placed.kind).toBe("placed");
  });
});

describe("exactly once", () => {
  it("20 concurrent submits with one key make one order and one charge, and all answer with it", async () => {
    const d = await curatedDraft();
    const charge = vi.spyOn(paymentGateway(), "charge");
    const one = input(d);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(
          { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
          one,
          ORIGIN,
        ),
      ),
    );
    const refs = new Set(outcomes.map((o) => (o.kind === "placed" ? o.reference : o.kind)));
    expect([...refs]).toHaveLength(1);
    expect(outcomes[0].kind).toBe("placed");
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await ordersOf(d.email)).toHaveLength(1);
    const payments = await db
      .selectFrom("payments")
      .selectAll()
      .where("idempotencyKey", "=", `checkout:${one.idempotencyKey}`)
      .execute();
    expect(payments).toHaveLength(1);
    // a retry after the fact answers with the same order and the same session
    const again = await repeatedSubmit({ session: d.session, user: null }, one.idempotencyKey);
    expect(again?.kind === "placed" && again.reference).toBe(
      outcomes[0].kind === "placed" ? outcomes[0].reference : "",
    );
  });

  it("a second tab with another key never makes a second order", async () => {
    const d = await curatedDraft();
    const [a, b] = await Promise.all([
      placeOrder(
        { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
        input(d),
        ORIGIN,
      ),
      placeOrder(
        { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
        input(d),
        ORIGIN,
      ),
    ]);
    const kinds = [a.kind, b.kind].sort();
    expect(kinds.filter((k) => k === "placed")).toHaveLength(1);
    const other = a.kind === "placed" ? b : a;
    expect(
      other.kind === "already-ordered" || (other.kind === "error" && other.message === ANOTHER_TAB),
    ).toBe(true);
    expect(await ordersOf(d.email)).toHaveLength(1);
  });

  it("10 concurrent checkouts for the last unit of an add-on give exactly one order", async () => {
    const butter = await productId("addon-butter");
    const drafts = [];
    for (let i = 0; i < 10; i++) {
      const d = await curatedDraft();
      await changeAddon(d.draft.id, { intent: "add", productId: butter });
      drafts.push(d);
    }
    await db.updateTable("products").set({ inventory: 1 }).where("id", "=", butter).execute();
    const outcomes = await Promise.all(
      drafts.map((d) =>
        placeOrder(
          { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
          input(d),
          ORIGIN,
        ),
      ),
    );
    expect(outcomes.filter((o) => o.kind === "placed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "out-of-stock")).toHaveLength(9);
    const inv = await db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", butter)
      .executeTakeFirstOrThrow();
    expect(inv.inventory).toBe(0);
    const succeeded = await db
      .selectFrom("payments")
      .select("id")
      .where("status", "=", "succeeded")
      .where("idempotencyKey", "like", "checkout:%")
      .execute();
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where(
        "subscriptionId",
        "in",
        drafts.map((d) => d.draft.id),
      )
      .execute();
    expect(orders).toHaveLength(1);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    // the refused drafts can be fixed: the sold-out add-on leaves them
    const loser = drafts.find((_, i) => outcomes[i].kind === "out-of-stock")!;
    await trimDraftToStock(loser.draft.id, "2000");
    const left = await db
      .selectFrom("subscriptionAddons")
      .select("id")
      .where("subscriptionId", "=", loser.draft.id)
      .where("productId", "=", butter)
      .execute();
    expect(left).toHaveLength(0);
  });
});
