// Issue 33 item 3 (and the gift bonus of item 9, the passed delivery of item 5): the charge is the
// amount the page showed. Each payment form posts what it showed; a different total at submit
// charges nothing (no payment row, no sandbox charge) and answers with the new total and why.
// Through the real route modules and services, on SQLite and on PostgreSQL (DATABASE_URL_TEST).
import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { changeAddon } from "~/box/cart.server";
import { placeOrder } from "~/checkout/place-order.server";
import { payOrder } from "~/orders/pay-order.server";
import { amountCookie, personaliseCookie } from "~/gift-cards/cookie.server";
import { sydneyToday, toDisplayDate } from "~/gift-cards/rules";
import { addDays } from "~/delivery/schedule";
import { sydneyNow } from "~/utils/sydney-time.server";
import { addressLookup } from "~/delivery/address-lookup.server";
import * as gsCheckout from "~/routes/get-started.checkout";
import * as payPage from "~/routes/checkout.$order";
import * as payApi from "~/routes/api.orders.$order.checkout";
import * as giftCheckout from "~/routes/gift-cards_.checkout";
import {
  anonymous,
  call,
  curatedDraftClient,
  getRequest,
  postRequest,
  signInAs,
  withCookies,
  type Client,
} from "./http-helpers";
import { testClientIp } from "./client-ip";
import { createCard, createOrder, createUser, LARGE_BOX_AND_BACON, TEST_CARDS } from "../factories";

const ts = () => new Date().toISOString();
const rand = () => randomBytes(4).toString("hex");
const charges = async () =>
  Number(
    (
      await db
        .selectFrom("sandboxCharges")
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const productId = async (slug: string) =>
  (await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow())
    .id;

afterEach(() => {
  vi.restoreAllMocks();
});

type Body = Record<string, unknown> & {
  dialog?: { message: string; title: string };
  repopulateFields?: Record<string, unknown>;
};

// ------------------------------------------------------------------ box checkout

type CheckoutPage = {
  key: string;
  quote: { totalCents: number };
  shownQuote: string;
  defaults: { deliveryDate: string; shipping: { city: string } };
};

async function checkoutPage(c: Client) {
  const page = await call(gsCheckout.loader, getRequest("/get-started/checkout", c));
  expect(page.status).toBe(200);
  return page.body as CheckoutPage;
}

/** The checkout form as the page posts it, with what the page showed. */
function checkoutForm(p: CheckoutPage) {
  return {
    intent: "place",
    idempotencyKey: p.key,
    expectedTotalCents: p.quote.totalCents,
    shownQuote: p.shownQuote,
    firstName: "Ava",
    lastName: "Shown",
    phone: "0412 345 678",
    password: "Shown-Total-2026",
    passwordConfirmation: "Shown-Total-2026",
    "shipping.addressType": "house",
    "shipping.line1": "1 George Street",
    "shipping.city": p.defaults.shipping.city,
    "shipping.state": "NSW",
    "shipping.postcode": "2000",
    billingSameAsShipping: "on",
    deliveryDate: p.defaults.deliveryDate,
    deliveryWindow: "day",
    frequencyDays: "28",
    deliveryNotes: "Side gate",
    paymentMethod: "new",
    "card.number": TEST_CARDS.good,
    "card.expiration": "12/30",
    "card.cvc": "123",
  };
}

describe("box checkout: the charge is the total the page showed", () => {
  it("charges nothing when another window added an add-on after the page was shown, says the new total and why, keeps what was typed; paying the new total then works", async () => {
    const c = await curatedDraftClient();
    const shown = await checkoutPage(c);
    expect(shown.quote.totalCents).toBe(16900);
    // another tab of the same shopper adds an add-on
    await changeAddon(c.draftId!, { intent: "add", productId: await productId("addon-bacon") });

    const refused = await call(
      gsCheckout.action,
      postRequest("/get-started/checkout", c, checkoutForm(shown)),
    );
    expect(refused.status).toBe(409);
    const body = refused.body as Body;
    expect(body.totalChanged).toBe(true);
    expect(body.dialog?.message).toBe(
      "Your order changed since this page was shown: it now comes to $181 (Smoked bacon was added in another window). Nothing was charged. Check the summary, then place your order again.",
    );
    // everything typed comes back except the card number and CVC
    expect(body.repopulateFields).toMatchObject({
      firstName: "Ava",
      lastName: "Shown",
      deliveryNotes: "Side gate",
      shipping: { line1: "1 George Street" },
    });
    expect(JSON.stringify(body.repopulateFields)).not.toContain(TEST_CARDS.good);
    expect(await charges()).toBe(0);
    expect(
      await db
        .selectFrom("payments")
        .select("id")
        .where("idempotencyKey", "=", `checkout:${shown.key}`)
        .execute(),
    ).toHaveLength(0);
    expect(
      await db
        .selectFrom("subscriptions")
        .select(["status", "checkoutKey"])
        .where("id", "=", c.draftId!)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "draft", checkoutKey: null });
    // the page drawn again shows the new total; paying it places the order for exactly that
    const again = await checkoutPage(c);
    expect(again.quote.totalCents).toBe(18100);
    const placed = await call(
      gsCheckout.action,
      postRequest("/get-started/checkout", c, checkoutForm(again)),
    );
    expect(placed.status).toBe(303);
    expect(placed.location).toMatch(/^\/dashboard\/my-deliveries\?newuser=/);
    const payment = await db
      .selectFrom("payments")
      .select(["amountCents", "status"])
      .where("idempotencyKey", "=", `checkout:${again.key}`)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ amountCents: 18100, status: "succeeded" });
    expect(await charges()).toBe(1);
  });

  it("says a removed add-on and a code that no longer applies, and charges nothing", async () => {
    const c = await curatedDraftClient();
    const bacon = await productId("addon-bacon");
    await changeAddon(c.draftId!, { intent: "add", productId: bacon });
    await db
      .updateTable("subscriptions")
      .set({ discountCode: "WELCOME20" })
      .where("id", "=", c.draftId!)
      .execute();
    const shown = await checkoutPage(c);
    expect(shown.quote.totalCents).toBe(Math.round(18100 * 0.8));
    await changeAddon(c.draftId!, { intent: "remove", productId: bacon });
    const before = await charges();
    const removed = await call(
      gsCheckout.action,
      postRequest("/get-started/checkout", c, {
        ...checkoutForm(shown),
        discountCode: "WELCOME20",
      }),
    );
    expect(removed.status).toBe(409);
    expect((removed.body as Body).dialog?.message).toContain(
      `it now comes to $135.20 (Smoked bacon was removed in another window)`,
    );
    // the code expires between the page and the press
    const next = await checkoutPage(c);
    await db
      .updateTable("discounts")
      .set({ endsAt: "2000-01-01T00:00:00.000Z" })
      .where("code", "=", "WELCOME20")
      .execute();
    try {
      const expired = await call(
        gsCheckout.action,
        postRequest("/get-started/checkout", c, {
          ...checkoutForm(next),
          discountCode: "WELCOME20",
        }),
      );
      expect(expired.status).toBe(409);
      const body = expired.body as Body & {
        fieldErrors: Record<string, string>;
        discountCleared?: boolean;
      };
      expect(body.dialog?.message).toContain(
        "it now comes to $169 (the discount code WELCOME20 no longer applies)",
      );
      expect(body.fieldErrors.discountCode).toBe("This discount code is not valid or has expired.");
      expect(body.discountCleared).toBe(true);
      expect(await charges()).toBe(before);
    } finally {
      await db
        .updateTable("discounts")
        .set({ endsAt: null })
        .where("code", "=", "WELCOME20")
        .execute();
    }
  });
});

// ------------------------------------------------------------------ pay an order

async function payer({
  creditCents = 0,
  deliveryDate = "2030-01-10",
  status = "unpaid" as const,
} = {}) {
  const user = await createUser(db, {
    email: `shown.${rand()}@example.com`,
    firstName: "Ava",
    lastName: "Nguyen",
    phone: "+61412345678",
    sms: 0,
    newsletter: 0,
    orderedAt: ts(),
    creditCents,
  });
  const cardId = await createCard(db, user.id);
  const { reference, id: orderId } = await createOrder(db, user.id, {
    reference: `PT-S${rand().toUpperCase()}`,
    status,
    deliveryDate,
    lines: LARGE_BOX_AND_BACON,
  });
  return {
    userId: user.id,
    email: user.email,
    reference,
    orderId,
    cardId,
    client: await signInAs(user.email),
  };
}
type Payer = Awaited<ReturnType<typeof payer>>;

const apiBilling = {
  billing_first_name: "Ava",
  billing_last_name: "Nguyen",
  billing_phone: "0412 345 678",
  billing_address_line_1: "7 Bay Road",
  billing_city: "Haymarket",
  billing_address_type: "house",
  billing_postcode: "2000",
  billing_country: "AU",
  billing_state: "NSW",
};
const payApiPost = (p: Payer, fields: Record<string, string | number>) =>
  call(
    payApi.action,
    postRequest(`/api/orders/${p.reference}/checkout`, p.client, {
      ...apiBilling,
      payment_method: p.cardId,
      ...fields,
    }),
    { order: p.reference },
  );
const pageForm = (p: Payer, expected: number) => ({
  idempotencyKey: randomUUID(),
  expectedTotalCents: expected,
  firstName: "Ava",
  lastName: "Nguyen",
  phone: "0412 345 678",
  "billing.addressType": "house",
  "billing.line1": "7 Bay Road",
  "billing.city": "Haymarket",
  "billing.state": "NSW",
  "billing.postcode": "2000",
  paymentMethod: String(p.cardId),
});
const orderOf = (p: Payer) =>
  db
    .selectFrom("orders")
    .select(["status", "paymentKey", "paidAt"])
    .where("id", "=", p.orderId)
    .executeTakeFirstOrThrow();
const paymentsOf = (p: Payer) =>
  db
    .selectFrom("payments")
    .select(["amountCents", "status"])
    .where("orderId", "=", p.orderId)
    .execute();

describe("pay an order: the charge is the total the page showed", () => {
  it("API: expected_total that no longer matches (a gift card became credit meanwhile) answers 409 with the new total, charges nothing; the new one pays", async () => {
    const p = await payer();
    await db
      .insertInto("creditLedger")
      .values({
        userId: p.userId,
        amountCents: 2500,
        reason: "Gift card",
        reference: `GIFT-${rand()}`,
        createdAt: ts(),
      })
      .execute();
    const before = await charges();
    const refused = await payApiPost(p, { expected_total: 30300 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      reason: "total_changed",
      expected_total: 30300,
      total: 27800,
      credit: 2500,
      message:
        "This order's total changed since this page was shown: it now comes to $278 (your credit balance went up). Nothing was charged. Check the new total, then pay again.",
    });
    expect(await charges()).toBe(before);
    expect(await paymentsOf(p)).toEqual([]);
    expect(await orderOf(p)).toEqual({ status: "unpaid", paymentKey: null, paidAt: null });
    const paid = await payApiPost(p, { expected_total: 27800 });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", charged: 27800, credit: 2500 });
    // a bad expected_total is a field error, not a guess
    const q = await payer();
    expect((await payApiPost(q, { expected_total: "about 300" })).body).toMatchObject({
      errors: { expected_total: "The expected total must be a whole number of cents." },
    });
  });

  it("page: credit spent on another order since the page was shown refuses before the card is asked for, and the page shows the new total", async () => {
    const p = await payer({ creditCents: 40000 });
    const shown = await call(payPage.loader, getRequest(`/checkout/${p.reference}`, p.client), {
      order: p.reference,
    });
    const summary = (shown.body as { summary: { totalCents: number; cardRequired: boolean } })
      .summary;
    expect(summary).toMatchObject({ totalCents: 0, cardRequired: false });
    // the credit goes on another order in another window
    await db
      .insertInto("creditLedger")
      .values({
        userId: p.userId,
        amountCents: -40000,
        reason: "Credit used on an order",
        reference: "PT-OTHER",
        createdAt: ts(),
      })
      .execute();
    const form = { ...pageForm(p, 0), paymentMethod: "" };
    const refused = await call(
      payPage.action,
      postRequest(`/checkout/${p.reference}`, p.client, form),
      { order: p.reference },
    );
    expect(refused.status).toBe(409);
    const body = refused.body as Body;
    expect(body.reload).toBe(true);
    expect(body.dialog?.message).toBe(
      "This order's total changed since this page was shown: it now comes to $303 (some of your credit was used on another order). Nothing was charged. Check the new total, then pay again.",
    );
    expect(body.repopulateFields).toMatchObject({ billing: { line1: "7 Bay Road" } });
    expect(await paymentsOf(p)).toEqual([]);
    const again = await call(payPage.loader, getRequest(`/checkout/${p.reference}`, p.client), {
      order: p.reference,
    });
    expect((again.body as { summary: { totalCents: number } }).summary.totalCents).toBe(30300);
    const paid = await call(
      payPage.action,
      postRequest(`/checkout/${p.reference}`, p.client, pageForm(p, 30300)),
      { order: p.reference },
    );
    expect(paid.status).toBe(303);
    expect(await paymentsOf(p)).toEqual([{ amountCents: 30300, status: "succeeded" }]);
  });

  it("one credit balance, a box checkout and a pay-an-order at once: the one that loses the credit charges nothing more than it showed", async () => {
    const p = await payer({ creditCents: 5000 });
    const c = await curatedDraftClient();
    // the draft is the payer's, signed in: its checkout shows the same $50 of credit
    await db
      .updateTable("subscriptions")
      .set({ userId: p.userId, email: p.email })
      .where("id", "=", c.draftId!)
      .execute();
    await db
      .updateTable("sessions")
      .set({ subscriptionId: c.draftId! })
      .where("userId", "=", p.userId)
      .execute();
    const shown = await checkoutPage(p.client);
    expect(shown.quote.totalCents).toBe(11900);
    const draft = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", c.draftId!)
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", p.userId)
      .executeTakeFirstOrThrow();
    const session = await db
      .selectFrom("sessions")
      .select(["id", "userId", "subscriptionId"])
      .where("userId", "=", p.userId)
      .executeTakeFirstOrThrow();
    const shipping = {
      addressType: "house" as const,
      line1: "1 George Street",
      line2: undefined,
      company: undefined,
      city: shown.defaults.shipping.city,
      state: "NSW" as const,
      postcode: "2000",
      country: "AU" as const,
    };
    const before = await charges();
    const [box, order] = await Promise.all([
      placeOrder(
        { session, user, draft, clientIp: testClientIp() },
        {
          idempotencyKey: randomUUID(),
          contact: {
            firstName: "Ava",
            lastName: "Nguyen",
            phone: "+61412345678",
            sms: false,
            newsletter: false,
          },
          password: null,
          shipping,
          billing: shipping,
          billingSameAsShipping: true,
          deliveryNotes: null,
          frequencyDays: 28,
          deliveryDate: shown.defaults.deliveryDate,
          deliveryWindow: "day",
          discountCode: null,
          choiceId: null,
          knifeConfirmed: false,
          card: { kind: "saved", paymentMethodId: p.cardId },
          addressConfirmed: null,
          overnightAccepted: false,
          expectedTotalCents: 11900,
          shownQuote: shown.shownQuote,
        },
        "http://localhost",
      ),
      payOrder({
        user,
        reference: p.reference,
        idempotencyKey: randomUUID(),
        contact: {
          firstName: "Ava",
          lastName: "Nguyen",
          phone: "+61412345678",
          sms: false,
          newsletter: false,
        },
        billing: shipping,
        card: { kind: "saved", paymentMethodId: p.cardId },
        addressConfirmed: null,
        origin: "http://localhost",
        expectedTotalCents: 25300,
        clientIp: testClientIp(),
      }),
    ]);
    const outcomes = [box.kind === "placed" ? "paid" : box.kind, order.status];
    expect(outcomes.sort()).toEqual(
      ["paid", box.kind === "placed" ? "total_changed" : "total-changed"].sort(),
    );
    // one charge, for what its page showed; the loser's message names the credit
    expect(await charges()).toBe(before + 1);
    const amounts = await db
      .selectFrom("payments")
      .select(["amountCents", "status"])
      .where("userId", "=", p.userId)
      .execute();
    expect(amounts).toHaveLength(1);
    expect([11900, 25300]).toContain(amounts[0].amountCents);
    const loser = box.kind === "placed" ? order : box;
    expect("message" in loser && loser.message).toContain(
      "some of your credit was used on another order",
    );
  });

  it("credit spent between the checks and the claim is found under the claim's lock: box checkout and pay-an-order charge nothing", async () => {
    const p = await payer({ creditCents: 5000 });
    const c = await curatedDraftClient();
    await db
      .updateTable("subscriptions")
      .set({ userId: p.userId, email: p.email })
      .where("id", "=", c.draftId!)
      .execute();
    await db
      .updateTable("sessions")
      .set({ subscriptionId: c.draftId! })
      .where("userId", "=", p.userId)
      .execute();
    const shown = await checkoutPage(p.client);
    expect(shown.quote.totalCents).toBe(11900);
    // the address check runs after the totals were compared and before the claim: spend the credit there
    const spend = (cents: number) =>
      db
        .insertInto("creditLedger")
        .values({
          userId: p.userId,
          amountCents: -cents,
          reason: "Credit used on an order",
          reference: `PT-ELSEWHERE-${rand()}`,
          createdAt: ts(),
        })
        .execute();
    const verify = vi.spyOn(addressLookup(), "verify").mockImplementationOnce(async () => {
      await spend(2000);
      return true;
    });
    const before = await charges();
    const box = await call(
      gsCheckout.action,
      postRequest("/get-started/checkout", p.client, {
        ...checkoutForm(shown),
        password: "",
        passwordConfirmation: "",
        paymentMethod: String(p.cardId),
      }),
    );
    expect(verify).toHaveBeenCalled();
    expect(box.status).toBe(409);
    expect((box.body as Body).dialog?.message).toBe(
      "Your order changed since this page was shown: it now comes to $139 (some of your credit was used on another order). Nothing was charged. Check the summary, then place your order again.",
    );
    expect(
      await db
        .selectFrom("subscriptions")
        .select("checkoutKey")
        .where("id", "=", c.draftId!)
        .executeTakeFirstOrThrow(),
    ).toEqual({ checkoutKey: null });

    // pay-an-order: $30 of credit shown, $10 of it spent at the same moment
    vi.spyOn(addressLookup(), "verify").mockImplementationOnce(async () => {
      await spend(2000);
      return true;
    });
    const refused = await call(
      payPage.action,
      postRequest(`/checkout/${p.reference}`, p.client, pageForm(p, 27300)),
      { order: p.reference },
    );
    expect(refused.status).toBe(409);
    expect((refused.body as Body).dialog?.message).toContain(
      "it now comes to $293 (some of your credit was used on another order)",
    );
    expect(await paymentsOf(p)).toEqual([]);
    expect(await orderOf(p)).toEqual({ status: "unpaid", paymentKey: null, paidAt: null });
    expect(await charges()).toBe(before);
    // what is left of the credit is untouched by the refusals
    expect(
      Number(
        (
          await db
            .selectFrom("creditLedger")
            .select((e) => e.fn.sum<number>("amountCents").as("n"))
            .where("userId", "=", p.userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1000);
  });

  it("an order whose delivery has passed, or that was cancelled, explains it on the page, the API and the service, and charges nothing", async () => {
    const yesterday = addDays(sydneyNow(new Date()).day, -1);
    const passed = await payer({ deliveryDate: yesterday });
    const cancelled = await payer({ status: "cancelled" as "unpaid" });
    const before = await charges();
    for (const p of [passed, cancelled]) {
      const page = await call(payPage.loader, getRequest(`/checkout/${p.reference}`, p.client), {
        order: p.reference,
      });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ kind: "passed", reference: p.reference });
      expect((page.body as { message: string }).message).toMatch(
        /^This order was for the delivery on .+\. That delivery has passed without it, so the order can no longer be paid, and nothing was charged\./,
      );
      const submit = await call(
        payPage.action,
        postRequest(`/checkout/${p.reference}`, p.client, pageForm(p, 30300)),
        { order: p.reference },
      );
      expect(submit.status).toBe(409);
      expect((submit.body as Body).dialog).toMatchObject({ title: "This delivery has passed" });
      const api = await payApiPost(p, {});
      expect(api.status).toBe(409);
      expect(api.body).toMatchObject({ reason: "delivery_passed" });
      expect((api.body as { message: string }).message).toContain("That delivery has passed");
      const user = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", p.userId)
        .executeTakeFirstOrThrow();
      const direct = await payOrder({
        user,
        reference: p.reference,
        idempotencyKey: randomUUID(),
        contact: {
          firstName: "Ava",
          lastName: "Nguyen",
          phone: "+61412345678",
          sms: false,
          newsletter: false,
        },
        billing: {
          addressType: "house",
          line1: "7 Bay Road",
          company: undefined,
          city: "Haymarket",
          state: "NSW",
          postcode: "2000",
          country: "AU",
        },
        card: { kind: "saved", paymentMethodId: p.cardId },
        addressConfirmed: null,
        origin: "http://localhost",
        clientIp: testClientIp(),
      });
      expect(direct.status).toBe("delivery_passed");
      expect(await paymentsOf(p)).toEqual([]);
    }
    expect(await charges()).toBe(before);
  });
});

// ------------------------------------------------------------------ gift cards

function giftClient(c: Client, amountCents: number, receiver = "Jordan") {
  const values = {
    senderFirstName: "Alex",
    senderEmail: `alex.${rand()}@example.com`,
    receiverFirstName: receiver,
    receiverEmail: "jordan@example.com",
    receiverMessage: "Happy birthday!",
    deliveryAt: toDisplayDate(sydneyToday()),
    isAnotherReceiver: "",
  };
  return {
    client: withCookies(
      c,
      amountCookie(amountCents).split(";")[0],
      personaliseCookie(values).split(";")[0],
    ),
    values,
  };
}

const giftForm = (quote: string, key = randomUUID()) => ({
  idempotencyKey: key,
  quote,
  email: `buyer.${rand()}@example.com`,
  "billing.addressType": "house",
  "billing.line1": "1 Harbour Street",
  "billing.city": "Sydney",
  "billing.state": "NSW",
  "billing.postcode": "2000",
  paymentMethod: "new",
  "card.number": TEST_CARDS.good,
  "card.expiration": "12/30",
  "card.cvc": "123",
});

const giftPayments = async () =>
  (await db.selectFrom("payments").select("id").where("idempotencyKey", "like", "gift:%").execute())
    .length;

async function giftPage(c: Client) {
  const page = await call(giftCheckout.loader, getRequest("/gift-cards/checkout", c));
  expect(page.status).toBe(200);
  return page.body as { quote: string; summary: { amountCents: number; bonusCents: number } };
}

describe("gift-card checkout: what the page showed is what is bought", () => {
  it("keeps the bonus the page showed when the promotion ends before Pay is pressed", async () => {
    const { client } = giftClient(await anonymous(), 10000);
    const shown = await giftPage(client);
    expect(shown.summary).toMatchObject({ amountCents: 10000, bonusCents: 1000 });
    await db.updateTable("giftCardSettings").set({ active: 0 }).execute();
    try {
      const paid = await call(
        giftCheckout.action,
        postRequest("/gift-cards/checkout", client, giftForm(shown.quote)),
      );
      expect(paid.status).toBe(303);
      const reference = decodeURIComponent(/order=([^&]+)/.exec(paid.location ?? "")![1]);
      const order = await db
        .selectFrom("orders")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      const cards = await db
        .selectFrom("giftCards")
        .select(["valueCents", "bonusOfId"])
        .where("orderId", "=", order.id)
        .orderBy("id")
        .execute();
      expect(cards.map((k) => [k.valueCents, k.bonusOfId !== null])).toEqual([
        [10000, false],
        [1000, true],
      ]);
    } finally {
      await db.updateTable("giftCardSettings").set({ active: 1 }).execute();
    }
  });

  it("charges nothing when the amount or the recipient changed in another window, says what it is now; a forged bonus is refused", async () => {
    const c = await anonymous();
    const first = giftClient(c, 5000);
    const shown = await giftPage(first.client);
    const before = await charges();
    const giftsBefore = await giftPayments();
    // another window chose $200
    const bigger = giftClient(c, 20000);
    const amount = await call(
      giftCheckout.action,
      postRequest("/gift-cards/checkout", bigger.client, giftForm(shown.quote)),
    );
    expect(amount.status).toBe(409);
    expect((amount.body as Body).quoteChanged).toBe(true);
    expect((amount.body as Body).dialog?.message).toBe(
      "Your gift changed since this page was shown: it now comes to $200 (the amount was changed in another window). Nothing was charged. Check the summary, then press Pay again.",
    );
    expect((amount.body as Body).repopulateFields).toMatchObject({
      billing: { line1: "1 Harbour Street" },
    });
    // another window sent it to someone else
    const other = giftClient(c, 5000, "Riley");
    const who = await call(
      giftCheckout.action,
      postRequest("/gift-cards/checkout", other.client, giftForm(shown.quote)),
    );
    expect(who.status).toBe(409);
    expect((who.body as Body).dialog?.message).toContain(
      "it is now a $50 gift card for Riley (jordan@example.com) (the details were changed in another window)",
    );
    // the page's quote edited to promise a bonus it never showed keeps its old signature: refused
    const [body, mac] = shown.quote.split(".");
    const edited = {
      ...JSON.parse(Buffer.from(body, "base64url").toString("utf8")),
      bonusCents: 500,
    };
    const forged = `${Buffer.from(JSON.stringify(edited), "utf8").toString("base64url")}.${mac}`;
    const refused = await call(
      giftCheckout.action,
      postRequest("/gift-cards/checkout", first.client, giftForm(forged)),
    );
    expect(refused.status).toBe(409);
    expect((refused.body as Body).dialog?.message).toContain(
      "This page is out of date: your gift is now a $50 gift card for Jordan",
    );
    expect(await charges()).toBe(before);
    expect(await giftPayments()).toBe(giftsBefore);
    // the quote the page signed still pays, for what it showed
    const paid = await call(
      giftCheckout.action,
      postRequest("/gift-cards/checkout", first.client, giftForm(shown.quote)),
    );
    expect(paid.status).toBe(303);
    expect(await charges()).toBe(before + 1);
  });
});
