// Pay an order through the API, with form data in the spec's format (SPEC §3
// "Pay-an-order payload"): sessions, CSRF, owner scoping, validation, payment
// outcomes and exactly-once under concurrency. Runs on SQLite, and on
// PostgreSQL with DATABASE_URL_TEST.
import { randomBytes, randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { csrf } from "~/security/csrf.server";
import { creditBalance } from "~/orders/credit.server";
import * as payApi from "~/routes/api.orders.$order.checkout";
import * as breakdownApi from "~/routes/api.orders.$order.checkout.breakdown";
import { createAddress, createCard, createOrder, createUser, TEST_CARDS } from "../factories";
import { newSession } from "./sessions";

const ts = () => new Date().toISOString();
const rand = () => randomBytes(4).toString("hex");

type Fixture = {
  userId: number;
  email: string;
  reference: string;
  orderId: number;
  totalCents: number;
  cards: { ok: number; declined: number };
};

/** A subscriber with a phone, an address on file, two saved cards, `creditCents` of credit and one unpaid order. */
async function subscriber({
  creditCents = 0,
  password = true,
  lines = [
    [27900, 1],
    [1200, 2],
  ] as [number, number][],
} = {}): Promise<Fixture> {
  const user = await createUser(db, {
    email: `payer.${rand()}@example.com`,
    ...(password ? {} : { password: null }),
    firstName: "Ava",
    lastName: "Nguyen",
    phone: "+61412345678",
    sms: 0,
    newsletter: 0,
    orderedAt: ts(),
    creditCents,
  });
  await createAddress(db, user.id);
  const ok = await createCard(db, user.id, { outcome: "ok", lastFour: "4242" });
  const declined = await createCard(db, user.id, {
    outcome: "declined",
    lastFour: "0002",
    primary: false,
  });
  const order = await createOrder(db, user.id, {
    lines: lines.map(([priceCents, quantity], i) => ({
      sellableType: i === 0 ? "package" : "addon",
      sellableId: i + 1,
      name: i === 0 ? "Custom box - large" : "Smoked bacon",
      quantity,
      priceCents,
    })),
  });
  return {
    userId: user.id,
    email: user.email,
    reference: order.reference,
    orderId: order.id,
    totalCents: order.totalCents,
    cards: { ok, declined },
  };
}

/** Session and CSRF cookies for a user, and the token the form field carries. */
async function signedIn(userId: number | null) {
  const [token, csrfCookie] = await csrf.commitToken(new Request("http://localhost/"));
  const cookies = [csrfCookie!.split(";")[0]];
  if (userId) cookies.push((await newSession(userId)).cookie);
  return { cookie: cookies.join("; "), token };
}

async function asResponse(p: Promise<Response>) {
  try {
    return await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

type Auth = Awaited<ReturnType<typeof signedIn>>;

async function getBreakdown(reference: string, auth: Auth | null) {
  const request = new Request(`http://localhost/api/orders/${reference}/checkout/breakdown`, {
    headers: auth ? { Cookie: auth.cookie } : {},
  });
  const res = await asResponse(
    (breakdownApi.loader as (a: LoaderFunctionArgs) => Promise<Response>)({
      request,
      params: { order: reference },
      context: {},
    }),
  );
  return { status: res.status, body: await res.json() };
}

async function pay(
  reference: string,
  auth: Auth | null,
  fields: Record<string, string>,
  opts: { csrf?: boolean; key?: string } = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (auth && opts.csrf !== false) body.append("csrf", auth.token);
  const headers: Record<string, string> = {};
  if (auth) headers.Cookie = auth.cookie;
  if (opts.key) headers["Idempotency-Key"] = opts.key;
  const request = new Request(`http://localhost/api/orders/${reference}/checkout`, {
    method: "POST",
    body,
    headers,
  });
  const res = await asResponse(
    payApi.action({
      request,
      params: { order: reference },
      context: {},
    } as ActionFunctionArgs) as Promise<Response>,
  );
  const text = await res.text();
  return {
    status: res.status,
    body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text,
  };
}

/** The payload of SPEC §3: snake-case names, card[...] fields, sms and newsletter as 1, empty values omitted. */
const billing = {
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
const newCard = (number = TEST_CARDS.good) => ({
  "card[number]": number,
  "card[month]": "09",
  "card[year]": "2032",
  "card[cvc]": "123",
});

const orderRow = (id: number) =>
  db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const paymentsOf = (orderId: number) =>
  db.selectFrom("payments").selectAll().where("orderId", "=", orderId).execute();
const ledgerOf = (userId: number, reference: string) =>
  db
    .selectFrom("creditLedger")
    .selectAll()
    .where("userId", "=", userId)
    .where("reference", "=", reference)
    .execute();

describe("GET /api/orders/{order}/checkout/breakdown", () => {
  it("answers 401 without a session", async () => {
    const f = await subscriber();
    expect((await getBreakdown(f.reference, null)).status).toBe(401);
    expect((await getBreakdown(f.reference, await signedIn(null))).status).toBe(401);
  });

  it("answers the same 404 for someone else's order and for a missing one", async () => {
    const f = await subscriber();
    const other = await subscriber();
    const auth = await signedIn(other.userId);
    const theirs = await getBreakdown(f.reference, auth);
    const missing = await getBreakdown("PT-NOPE-0000", auth);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(JSON.stringify(theirs.body)).not.toContain("Ava");
  });

  it("returns a list whose first item has invoices with lines, subtotal, discounted and total", async () => {
    const f = await subscriber();
    const { status, body } = await getBreakdown(
      f.reference.toLowerCase(),
      await signedIn(f.userId),
    );
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const [first] = body;
    expect(first.reference).toBe(f.reference);
    expect(first.status).toBe("unpaid");
    expect(first.invoices).toHaveLength(1);
    expect(first.invoices[0]).toMatchObject({ subtotal: 30300, discounted: 0, total: 30300 });
    expect(first.invoices[0].lines).toEqual([
      {
        sellable: { id: 1, type: "package", name: "Custom box - large" },
        quantity: 1,
        price: 27900,
      },
      { sellable: { id: 2, type: "addon", name: "Smoked bacon" }, quantity: 2, price: 1200 },
    ]);
  });
});

describe("POST /api/orders/{order}/checkout: who may pay", () => {
  it("answers 401 without a session and charges nothing", async () => {
    const f = await subscriber();
    const res = await pay(f.reference, await signedIn(null), {
      ...billing,
      payment_method: String(f.cards.ok),
    });
    expect(res.status).toBe(401);
    expect(await paymentsOf(f.orderId)).toHaveLength(0);
  });

  it("answers 419 without the CSRF token", async () => {
    const f = await subscriber();
    const res = await pay(
      f.reference,
      await signedIn(f.userId),
      { ...billing, payment_method: String(f.cards.ok) },
      { csrf: false },
    );
    expect(res.status).toBe(419);
  });

  it("answers the same 404 for someone else's order and a missing one, with their own saved card id", async () => {
    const f = await subscriber();
    const other = await subscriber();
    const auth = await signedIn(other.userId);
    const theirs = await pay(f.reference, auth, {
      ...billing,
      payment_method: String(other.cards.ok),
    });
    const missing = await pay("PT-NOPE-0000", auth, {
      ...billing,
      payment_method: String(other.cards.ok),
    });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect((await orderRow(f.orderId)).status).toBe("unpaid");
  });

  it("refuses another user's saved card like an invalid one", async () => {
    const f = await subscriber();
    const other = await subscriber();
    const res = await pay(f.reference, await signedIn(f.userId), {
      ...billing,
      payment_method: String(other.cards.ok),
    });
    expect(res.status).toBe(402);
    expect(res.body.errors.payment_method).toMatch(/no longer available/);
    expect((await orderRow(f.orderId)).status).toBe("unpaid");
  });
});

describe("POST /api/orders/{order}/checkout: validation (422, keyed by the payload's names)", () => {
  it("reports every missing field of an empty payload", async () => {
    const f = await subscriber();
    const res = await pay(f.reference, await signedIn(f.userId), {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      billing_first_name: "First name is required",
      billing_last_name: "Last name is required",
      billing_phone: "Phone is invalid",
      billing_address_type: "Choose an address type",
      billing_address_line_1: "Street address is required",
      billing_city: "Suburb is required",
      billing_state: "Choose a state",
      billing_postcode: "Post code invalid",
      payment_method: "Choose a saved card or use a new card",
    });
    expect(res.body.message).toBe("First name is required");
  });

  it("checks phone, postcode, suite for an apartment and company for a business", async () => {
    const f = await subscriber();
    const auth = await signedIn(f.userId);
    const a = await pay(f.reference, auth, {
      ...billing,
      billing_phone: "12345",
      billing_postcode: "20",
      billing_address_type: "apartment",
      payment_method: String(f.cards.ok),
    });
    expect(a.status).toBe(422);
    expect(a.body.errors).toEqual({
      billing_phone: "Phone is invalid",
      billing_address_line_2: "Suite or unit is required for an apartment",
      billing_postcode: "Post code invalid",
    });
    const b = await pay(f.reference, auth, {
      ...billing,
      billing_address_type: "apartment",
      payment_method: String(f.cards.ok),
    });
    expect(b.body.errors).toEqual({
      billing_address_line_2: "Suite or unit is required for an apartment",
    });
    const c = await pay(f.reference, auth, {
      ...billing,
      billing_address_type: "business",
      payment_method: String(f.cards.ok),
    });
    expect(c.body.errors).toEqual({ billing_company: "Company name is required for a business" });
  });

  it("checks a new card's number, expiry and cvc", async () => {
    const f = await subscriber();
    const auth = await signedIn(f.userId);
    const a = await pay(f.reference, auth, { ...billing, payment_method: "new" });
    expect(a.body.errors).toEqual({
      "card[number]": "Card number is required",
      "card[month]": "Expiry date is required",
      "card[cvc]": "CVC is required",
    });
    const b = await pay(f.reference, auth, {
      ...billing,
      "card[number]": "42424242424242424242",
      "card[month]": "01",
      "card[year]": "2020",
      "card[cvc]": "12",
    });
    expect(b.body.errors).toEqual({
      "card[number]": "Card number must be at most 16 digits",
      "card[month]": "Expiry date must be a valid MM/YY date that has not passed",
      "card[cvc]": "CVC must be 3 or 4 digits",
    });
    const c = await pay(f.reference, auth, { ...billing, ...newCard("4242424242424241") });
    expect(c.status).toBe(422);
    expect(c.body.errors).toEqual({ "card[number]": "Your card number is invalid." });
    expect(await paymentsOf(f.orderId)).toHaveLength(0);
  });

  it("asks to confirm an address it cannot verify, and takes it when confirmed", async () => {
    const f = await subscriber();
    const auth = await signedIn(f.userId);
    const doubt = await pay(f.reference, auth, {
      ...billing,
      billing_city: "Atlantis",
      payment_method: String(f.cards.ok),
    });
    expect(doubt.status).toBe(422);
    expect(doubt.body.errors).toEqual({
      billing_city: "We had trouble verifying your address. Continue if it's correct.",
    });
    expect(await paymentsOf(f.orderId)).toHaveLength(0);
    const ok = await pay(f.reference, auth, {
      ...billing,
      billing_city: "Atlantis",
      payment_method: String(f.cards.ok),
      address_confirmed: doubt.body.address_key,
    });
    expect(ok.status).toBe(200);
  });
});

describe("POST /api/orders/{order}/checkout: paying", () => {
  it("pays with a saved card, spends the credit, records everything and sends the receipt", async () => {
    const f = await subscriber({ creditCents: 2500 });
    const auth = await signedIn(f.userId);
    const res = await pay(f.reference, auth, {
      ...billing,
      payment_method: String(f.cards.ok),
      sms: "1",
      newsletter: "1",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "paid",
      reference: f.reference,
      charged: f.totalCents - 2500,
      credit: 2500,
      card: { brand: "Visa", last_four: "4242" },
    });
    expect(res.body.invoice_url).toBe(`http://localhost/dashboard/orders/${f.reference}`);

    const order = await orderRow(f.orderId);
    expect(order.status).toBe("paid");
    expect(order.paidAt).toBeTruthy();
    const billingRow = await db
      .selectFrom("addresses")
      .selectAll()
      .where("id", "=", order.billingAddressId!)
      .executeTakeFirstOrThrow();
    expect(billingRow).toMatchObject({
      userId: f.userId,
      kind: "billing",
      line1: "7 Bay Road",
      city: "Haymarket",
      postcode: "2000",
    });
    const payments = await paymentsOf(f.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "succeeded",
      amountCents: f.totalCents - 2500,
      cardBrand: "Visa",
      cardLastFour: "4242",
    });
    expect(
      (
        await db
          .selectFrom("invoices")
          .select("creditCents")
          .where("orderId", "=", f.orderId)
          .executeTakeFirstOrThrow()
      ).creditCents,
    ).toBe(2500);
    expect(await creditBalance({ userId: f.userId })).toBe(0);
    expect((await ledgerOf(f.userId, f.reference)).map((l) => l.amountCents)).toEqual([-2500]);
    const user = await db
      .selectFrom("users")
      .select(["sms", "newsletter"])
      .where("id", "=", f.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ sms: 1, newsletter: 1 });
    const mail = await db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("toAddress", "=", f.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].template).toBe("order-receipt");
    expect(mail[0].text).toContain(`http://localhost/dashboard/orders/${f.reference}`);
    expect(mail[0].text).not.toContain(TEST_CARDS.good);
  });

  it("refuses a second payment of a paid order, and answers a retry of the same payment with its outcome", async () => {
    const f = await subscriber();
    const auth = await signedIn(f.userId);
    const key = randomUUID();
    const first = await pay(
      f.reference,
      auth,
      { ...billing, payment_method: String(f.cards.ok) },
      { key },
    );
    expect(first.status).toBe(200);
    const again = await pay(f.reference, auth, { ...billing, ...newCard() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order has already been paid.");
    const retry = await pay(
      f.reference,
      auth,
      { ...billing, payment_method: String(f.cards.ok) },
      { key },
    );
    expect(retry.status).toBe(200);
    expect(retry.body.charged).toBe(first.body.charged);
    expect(await paymentsOf(f.orderId)).toHaveLength(1);
  });

  it("pays with a new card and saves it", async () => {
    const f = await subscriber();
    const res = await pay(f.reference, await signedIn(f.userId), {
      ...billing,
      ...newCard("5555555555554444"),
    });
    expect(res.status).toBe(200);
    expect(res.body.card).toEqual({ brand: "Mastercard", last_four: "4444" });
    const cards = await db
      .selectFrom("paymentMethods")
      .select(["brand", "lastFour", "gatewayToken"])
      .where("userId", "=", f.userId)
      .execute();
    expect(cards.map((c) => c.lastFour).sort()).toEqual(["0002", "4242", "4444"]);
    expect(JSON.stringify(cards)).not.toContain("5555555555554444");
  });

  it("leaves the order unpaid and returns the credit when the card is declined; a good card then pays", async () => {
    const f = await subscriber({ creditCents: 1000 });
    const auth = await signedIn(f.userId);
    const declined = await pay(f.reference, auth, { ...billing, ...newCard("4000000000000002") });
    expect(declined.status).toBe(402);
    expect(declined.body.errors).toEqual({ "card[number]": "Your card was declined." });
    const savedDeclined = await pay(f.reference, auth, {
      ...billing,
      payment_method: String(f.cards.declined),
    });
    expect(savedDeclined.body.errors).toEqual({ payment_method: "Your card was declined." });
    const poor = await pay(f.reference, auth, { ...billing, ...newCard("4000000000009995") });
    expect(poor.body.errors).toEqual({ "card[number]": "Your card has insufficient funds." });

    const order = await orderRow(f.orderId);
    expect(order).toMatchObject({ status: "unpaid", paymentKey: null, paidAt: null });
    expect(await creditBalance({ userId: f.userId })).toBe(1000);
    expect((await paymentsOf(f.orderId)).map((p) => p.status)).toEqual([
      "declined",
      "declined",
      "declined",
    ]);
    expect(
      await db.selectFrom("emailOutbox").selectAll().where("toAddress", "=", f.email).execute(),
    ).toHaveLength(0);

    const ok = await pay(f.reference, auth, { ...billing, payment_method: String(f.cards.ok) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ charged: f.totalCents - 1000, credit: 1000 });
    expect(await creditBalance({ userId: f.userId })).toBe(0);
  });

  it("a new card that pays an order the primary card was declined on becomes primary; otherwise the primary stays", async () => {
    const f = await subscriber();
    await db
      .updateTable("paymentMethods")
      .set((eb) => ({
        isPrimary: eb.case().when("id", "=", f.cards.declined).then(1).else(0).end(),
      }))
      .where("userId", "=", f.userId)
      .execute();
    const auth = await signedIn(f.userId);
    // as a renewal does: the primary card is tried and declined
    expect(
      (await pay(f.reference, auth, { ...billing, payment_method: String(f.cards.declined) }))
        .status,
    ).toBe(402);
    const ok = await pay(f.reference, auth, { ...billing, ...newCard("5555555555554444") });
    expect(ok.status).toBe(200);
    const cards = await db
      .selectFrom("paymentMethods")
      .select(["lastFour", "isPrimary"])
      .where("userId", "=", f.userId)
      .orderBy("id")
      .execute();
    expect(cards).toEqual([
      { lastFour: "4242", isPrimary: 0 },
      { lastFour: "0002", isPrimary: 0 },
      { lastFour: "4444", isPrimary: 1 },
    ]);

    const g = await subscriber();
    const other = await pay(g.reference, await signedIn(g.userId), {
      ...billing,
      ...newCard("5555555555554444"),
    });
    expect(other.status).toBe(200);
    const kept = await db
      .selectFrom("paymentMethods")
      .select(["lastFour", "isPrimary"])
      .where("userId", "=", g.userId)
      .where("isPrimary", "=", 1)
      .execute();
    expect(kept).toEqual([{ lastFour: "4242", isPrimary: 1 }]);
  });

  it("needs no card when the credit covers the whole total, and charges nothing", async () => {
    const f = await subscriber({ creditCents: 50000 });
    const auth = await signedIn(f.userId);
    const res = await pay(f.reference, auth, { ...billing });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "paid",
      charged: 0,
      credit: f.totalCents,
      card: null,
    });
    expect(await creditBalance({ userId: f.userId })).toBe(50000 - f.totalCents);
    const payments = await paymentsOf(f.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "succeeded", amountCents: 0 });
  });

  it("ignores credit for a user without a password (credit is fetched only with a password)", async () => {
    const f = await subscriber({ creditCents: 50000, password: false });
    const auth = await signedIn(f.userId);
    const noCard = await pay(f.reference, auth, { ...billing });
    expect(noCard.status).toBe(422);
    expect(noCard.body.errors).toEqual({ payment_method: "Choose a saved card or use a new card" });
    const res = await pay(f.reference, auth, { ...billing, payment_method: String(f.cards.ok) });
    expect(res.body).toMatchObject({ charged: f.totalCents, credit: 0 });
  });
});

describe("POST /api/orders/{order}/checkout: exactly once", () => {
  it("charges once for ten concurrent submits with one key, and answers all of them with that payment", async () => {
    const f = await subscriber({ creditCents: 2500 });
    const auth = await signedIn(f.userId);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        pay(f.reference, auth, { ...billing, payment_method: String(f.cards.ok) }, { key }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results)
      expect(r.body).toMatchObject({ status: "paid", charged: f.totalCents - 2500, credit: 2500 });
    expect(await paymentsOf(f.orderId)).toHaveLength(1);
    expect((await ledgerOf(f.userId, f.reference)).map((l) => l.amountCents)).toEqual([-2500]);
    expect(
      await db.selectFrom("emailOutbox").selectAll().where("toAddress", "=", f.email).execute(),
    ).toHaveLength(1);
  });

  it("lets exactly one of two different submits at once pay (two tabs, or the page and the API)", async () => {
    const f = await subscriber({ creditCents: 2500 });
    const auth = await signedIn(f.userId);
    const [a, b] = await Promise.all([
      pay(
        f.reference,
        auth,
        { ...billing, payment_method: String(f.cards.ok) },
        { key: randomUUID() },
      ),
      pay(f.reference, auth, { ...billing, ...newCard() }, { key: randomUUID() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect([
      "This order has already been paid.",
      "This order is being paid in another window. Please wait a moment, then check your deliveries.",
    ]).toContain(refused.body.message);
    const payments = await paymentsOf(f.orderId);
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(payments).toHaveLength(1);
    expect((await ledgerOf(f.userId, f.reference)).map((l) => l.amountCents)).toEqual([-2500]);
    expect(await creditBalance({ userId: f.userId })).toBe(0);
  });

  it("never spends the same credit twice on two orders paid at once", async () => {
    const f = await subscriber({ creditCents: 40000 });
    // a second unpaid order of the same user
    const g = await createOrder(db, f.userId, {
      reference: `PT-U${rand().toUpperCase()}`,
      deliveryDate: "2030-02-10",
      invoiceCents: 30300,
    });
    const auth = await signedIn(f.userId);
    const [a, b] = await Promise.all([
      pay(f.reference, auth, { ...billing, payment_method: String(f.cards.ok) }),
      pay(g.reference, auth, { ...billing, payment_method: String(f.cards.ok) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.credit + b.body.credit).toBe(40000);
    expect(a.body.charged + b.body.charged).toBe(30300 * 2 - 40000);
    expect(await creditBalance({ userId: f.userId })).toBe(0);
  });
});
