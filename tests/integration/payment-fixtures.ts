// Fixtures for the payment-race suites (settle-ownership, slow-gateway): a
// customer with credit, a box draft with counted stock, an unpaid order, a
// gift-card purchase, a gateway whose charges the test holds, and what the
// sandbox gateway recorded per key (charges and refunds).
import { randomUUID } from "node:crypto";
import { vi } from "vitest";
import { db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { changeAddon } from "~/box/cart.server";
import { choosePackage, readFlow } from "~/box/flow.server";
import { saveDelivery } from "~/box/delivery-step.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import type { CheckoutInput } from "~/checkout/checkout-schema";
import type { AddressInput } from "~/addresses/address-schema";
import type { PurchaseInput } from "~/gift-cards/purchase.server";
import { sydneyToday } from "~/gift-cards/rules";
import { runDueJobs } from "~/jobs/runner.server";
import { PAYMENTS } from "~/config";
import { addressKey, type PayOrderRequest } from "~/orders/pay-order.server";
import { paymentRecoveryJob } from "~/payments/recovery.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import type { ChargeRequest } from "~/payments/gateway";
import { createOrder, createUser, TEST_BILLING, TEST_CARD, uniqueEmail } from "../factories";
import { testClientIp } from "./client-ip";
import { newSession } from "./sessions";

export const ORIGIN = "http://localhost";
const ts = () => new Date().toISOString();
export { uniqueEmail };

export const VISA = { ...TEST_CARD };
export const billing: AddressInput = { ...TEST_BILLING };

/** A customer with a password and `creditCents` of credit. */
export function customer(creditCents = 0): Promise<User> {
  return createUser(db, {
    email: uniqueEmail("payer"),
    firstName: "Ava",
    lastName: "Nguyen",
    phone: "+61412345678",
    sms: 0,
    newsletter: 0,
    orderedAt: ts(),
    creditCents,
  });
}

/**
 * A signed-in customer's curated box draft with two rashers of counted bacon, and a checkout input for
 * it. `guest`: the draft of a visitor who typed the user's e-mail (a user without a password), not signed in.
 */
export async function boxDraft(user: User, { guest = false } = {}) {
  const { cookie, ...session } = await newSession(guest ? null : user.id);
  const lookup = await lookupPostcode("2000");
  if (lookup.status !== "ok") throw new Error("undeliverable");
  const flow = await readFlow(
    new Request(`${ORIGIN}/get-started`, { headers: { Cookie: cookie } }),
  );
  const saved = await saveDelivery(
    { ...flow, session },
    {
      email: user.email,
      postcode: "2000",
      suburbId: lookup.suburbs[0].id,
      deliveryDate: lookup.dates[0].value,
      deliveryWindow: "day",
    },
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "parentId"])
    .where("slug", "=", "beef-small")
    .executeTakeFirstOrThrow();
  const first = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", saved.subscriptionId)
    .executeTakeFirstOrThrow();
  await choosePackage(first, { typeId: pkg.parentId!, packageId: pkg.id, frequencyDays: 28 });
  const bacon = (
    await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "addon-bacon")
      .executeTakeFirstOrThrow()
  ).id;
  // counted stock, so giving it back twice would show
  await db.updateTable("products").set({ inventory: 500 }).where("id", "=", bacon).execute();
  await changeAddon(first.id, { intent: "add", productId: bacon });
  const draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", first.id)
    .executeTakeFirstOrThrow();
  const shipping = { ...billing, city: lookup.suburbs[0].name };
  const input = (over: Partial<CheckoutInput> = {}): CheckoutInput => ({
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
    deliveryDate: lookup.dates[0].value,
    deliveryWindow: "day",
    discountCode: null,
    choiceId: null,
    knifeConfirmed: false,
    card: { kind: "new", card: VISA },
    addressConfirmed: `${shipping.city.toLowerCase()}|NSW|2000`,
    overnightAccepted: false,
    ...over,
  });
  return {
    actor: {
      session: { ...session, subscriptionId: draft.id },
      user: guest ? null : user,
      draft,
      clientIp: testClientIp(),
    },
    input,
    draftId: draft.id,
    bacon,
  };
}

export const inventoryOf = async (productId: number) =>
  (
    await db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow()
  ).inventory;

/** An unpaid order of `user` for $303 (a large box and two bacon). */
export async function unpaidOrder(user: User) {
  const { reference, id: orderId } = await createOrder(db, user.id, {
    lines: [
      {
        sellableType: "package",
        sellableId: 1,
        name: "Custom box - large",
        quantity: 1,
        priceCents: 27900,
      },
      { sellableType: "addon", sellableId: 2, name: "Smoked bacon", quantity: 2, priceCents: 1200 },
    ],
  });
  return { reference, orderId };
}

export function payRequest(
  user: User,
  reference: string,
  card: PayOrderRequest["card"] = { kind: "new", card: VISA },
  key = randomUUID(),
): PayOrderRequest {
  return {
    user,
    reference,
    idempotencyKey: key,
    card,
    origin: ORIGIN,
    billing,
    addressConfirmed: addressKey(billing),
    clientIp: testClientIp(),
    contact: {
      firstName: "Ava",
      lastName: "Nguyen",
      phone: "0412 345 678",
      sms: false,
      newsletter: false,
    },
  };
}

export function giftInput(
  card: PurchaseInput["checkout"]["card"] = { kind: "new", card: VISA },
  key = randomUUID(),
): PurchaseInput {
  return {
    amountCents: 5000,
    personalise: {
      sender: { firstName: "Alex", email: uniqueEmail("alex") },
      receiver: { firstName: "Jordan", email: uniqueEmail("jordan"), message: null },
      deliverOn: sydneyToday(),
      bonusReceiver: null,
    },
    checkout: { idempotencyKey: key, email: uniqueEmail("buyer"), billing, card },
  };
}

/**
 * Holds every charge until release(): `mode` "before" holds the call before it reaches the gateway
 * (the charge is made only when released), "after" lets the gateway charge and holds its answer.
 * `reached` resolves with the idempotency key of the first charge held.
 */
export function holdCharges(mode: "before" | "after") {
  const gateway = paymentGateway();
  const charge = gateway.charge.bind(gateway);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let reachedKey!: (key: string) => void;
  const reached = new Promise<string>((r) => (reachedKey = r));
  // every refund key asked for: a real gateway refunds once per key, so one key means one refund
  const refundKeys = new Set<string>();
  const refund = gateway.refund.bind(gateway);
  vi.spyOn(gateway, "refund").mockImplementation(
    async (chargeId: string, amountCents: number, key: string) => {
      refundKeys.add(key);
      return refund(chargeId, amountCents, key);
    },
  );
  vi.spyOn(gateway, "charge").mockImplementation(async (request: ChargeRequest) => {
    if (mode === "before") {
      reachedKey(request.idempotencyKey);
      await gate;
      return charge(request);
    }
    const result = await charge(request);
    reachedKey(request.idempotencyKey);
    await gate;
    return result;
  });
  return { release, reached, refundKeys };
}

/** Runs payment recovery as a runner would once the lease has passed. */
export const recoverPastLease = () =>
  runDueJobs({
    now: new Date(Date.now() + (PAYMENTS.abandonedAfterMinutes + 1) * 60_000),
    kinds: [paymentRecoveryJob],
    origin: ORIGIN,
    log: false,
  });

/** What the sandbox gateway did for a key: its charge (or null) and how many refunds of it it made. */
export async function gatewayRecord(key: string) {
  const rows = await db
    .selectFrom("sandboxCharges")
    .select(["idempotencyKey", "result"])
    .where("idempotencyKey", "in", [key, `refund!refund:${key}`])
    .execute();
  const charge = rows.find((r) => r.idempotencyKey === key);
  return {
    charge: charge ? JSON.parse(charge.result) : null,
    refunds: rows.filter((r) => r.idempotencyKey !== key).length,
  };
}

export const paymentOf = (key: string) =>
  db.selectFrom("payments").selectAll().where("idempotencyKey", "=", key).executeTakeFirstOrThrow();

/** Waits until `check` holds (polling), for a step another promise is running. */
export async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
