// Buying gift cards, exactly once whatever is clicked twice:
//   claim   one transaction whose only statement inserts the pending payment
//           row under the submit's idempotency key (unique): a duplicate hits
//           the key, waits for the first submit and answers with its outcome;
//   charge  the card through PaymentGateway with the same key;
//   settle  one transaction: the payment row moves from pending (a write,
//           first), then the order (kind gift_card), its invoice with a line
//           per card, the card (and its bonus card), the billing address and
//           the buyer's receipt in the outbox. The cards' own e-mails go out
//           on their delivery day through the due-mail job (./mail-job.server.ts),
//           which opens the code sealed here (only its keyed hash stays, decision 045).
import type { Transaction } from "kysely";
import { ensureIdentifiedUser } from "~/box/flow.server";
import type { AddressInput } from "~/checkout/address-schema";
import { db } from "~/db/client.server";
import type { DB, User } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { giftCardReceiptEmail } from "~/email/templates/gift-card-receipt";
import { taxInvoicePath } from "~/orders/paths";
import { newOrderReference } from "~/orders/reference.server";
import { CardError, GatewayTimeoutError, type ChargeResult } from "~/payments/gateway";
import {
  chargeCard, claimPayment, findPayment, inProgress, isUniqueViolation, lostToRecovery, PAYMENT_PENDING, PaymentLost, resolveCard, saveCard,
  settleOwnPayment, settlePayment, waitForPayment, type ResolvedCard,
} from "~/payments/payments.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { NewCardsPausedError } from "~/payments/card-attempt-limits.server";
// for the checkout route, which then needs no server module of its own for it (each one it imports
// is an empty module in the browser build, shared with other routes: a chunk and a request)
export { getClientIp } from "~/security/rate-limit.server";
import { formatAud } from "~/utils/money";
import { newStoredCode } from "./codes.server";
import { EMAIL_TAKEN, bonusCents, expiryDay, isValidAmount, sydneyToday } from "./rules";
import type { GiftCheckoutInput, PersonaliseInput } from "./schemas";
import { giftCardSettings } from "./settings.server";

export const ANOTHER_TAB = "Your gift card order is already being placed in another window. Please wait a moment and check your e-mail.";
export const PAYMENT_UNAVAILABLE = "We couldn't reach our payment provider. Nothing was charged; please try again.";
export const NOT_RECORDED = "We couldn't place your order, and the charge was refunded. Please try again.";

export type PurchaseOutcome =
  | { kind: "placed"; reference: string }
  | { kind: "email-taken"; email: string; message: string }
  | { kind: "card"; fieldErrors: Record<string, string>; message: string }
  | { kind: "declined"; message: string }
  /** the card-testing limits refused a new card before the gateway saw it (decision 042) */
  | { kind: "card-limit"; message: string; retryAfterSeconds: number }
  /** `newKey`: the submit's key is finished (its charge was refunded); the next try needs a new one */
  | { kind: "error"; message: string; newKey?: boolean };

export type PurchaseInput = {
  amountCents: number;
  /** the bonus card the page showed (its signed quote, decision 036); without a quote it is worked out now */
  bonusCents?: number;
  personalise: PersonaliseInput;
  checkout: GiftCheckoutInput;
};

const idempotencyKey = (raw: string) => `gift:${raw}`;

/** The outcome of a key used before (double click, resent form), or null for a new key. */
export async function repeatedPurchase(rawKey: string): Promise<PurchaseOutcome | null> {
  if (!/^[A-Za-z0-9-]{16,100}$/.test(rawKey)) return null;
  return outcomeOfKey(idempotencyKey(rawKey));
}

async function outcomeOfKey(key: string): Promise<PurchaseOutcome | null> {
  const existing = await findPayment(key);
  if (!existing) return null;
  const row = inProgress(existing.status) ? await waitForPayment(key) : existing;
  if (!row || inProgress(row.status)) return { kind: "error", message: ANOTHER_TAB };
  if (row.status !== "succeeded") return { kind: "declined", message: row.failureMessage ?? "Your card was declined." };
  const order = row.orderId ? await db.selectFrom("orders").select("reference").where("id", "=", row.orderId).executeTakeFirst() : null;
  return order ? { kind: "placed", reference: order.reference } : { kind: "error", message: ANOTHER_TAB };
}

/** The account the order is kept on: the signed-in buyer, or an identified account for a visitor's e-mail. */
async function buyerFor(user: User | null, email: string | null): Promise<{ id: number; email: string; firstName: string | null } | { taken: string }> {
  if (user) return { id: user.id, email: user.email, firstName: user.firstName };
  const normalised = (email ?? "").trim().toLowerCase();
  const existing = await db.selectFrom("users").select(["id", "passwordHash", "firstName"]).where("email", "=", normalised).executeTakeFirst();
  if (existing?.passwordHash) return { taken: normalised };
  const id = existing?.id ?? (await ensureIdentifiedUser(normalised));
  return { id, email: normalised, firstName: existing?.firstName ?? null };
}

/** `clientIp`: the client's address (getClientIp), whose card-testing limits a new card counts against. */
export async function purchaseGiftCard({ user, clientIp }: { user: User | null; clientIp: string }, input: PurchaseInput, origin: string, now = new Date()): Promise<PurchaseOutcome> {
  const key = idempotencyKey(input.checkout.idempotencyKey);
  const repeat = await outcomeOfKey(key);
  if (repeat) return repeat;
  if (!isValidAmount(input.amountCents)) return { kind: "error", message: "Please choose the gift card's amount again." };

  const buyer = await buyerFor(user, input.checkout.email);
  if ("taken" in buyer) return { kind: "email-taken", email: buyer.taken, message: EMAIL_TAKEN };

  let card: ResolvedCard | null;
  try {
    card = await resolveCard(user?.id ?? null, input.checkout.card, { userId: buyer.id, clientIp, submitKey: key });
  } catch (error) {
    if (error instanceof NewCardsPausedError) return { kind: "card-limit", message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    if (error instanceof CardError) {
      const field = error.field === "number" && input.checkout.card.kind === "saved" ? "paymentMethod" : `card.${error.field}`;
      return { kind: "card", fieldErrors: { [field]: error.message }, message: error.message };
    }
    throw error;
  }
  if (!card) return { kind: "card", fieldErrors: { paymentMethod: "Choose a saved card or use a new card" }, message: "Choose a saved card or use a new card" };

  // 1. claim
  try {
    await db.transaction().execute((trx) => claimPayment(trx, { key, userId: buyer.id, amountCents: input.amountCents, card }));
  } catch (error) {
    if (isUniqueViolation(error)) return (await outcomeOfKey(key)) ?? { kind: "error", message: ANOTHER_TAB };
    throw error;
  }

  // 2. charge
  let charge: ChargeResult;
  try {
    charge = await chargeCard(key, card, input.amountCents, `${formatAud(input.amountCents)} gift card`);
  } catch (error) {
    // No answer in time and no charge on record: the payment stays pending (the charge may still land) for recovery.
    if (error instanceof GatewayTimeoutError) return { kind: "error", message: PAYMENT_PENDING };
    console.error(JSON.stringify({ level: "error", type: "gift_card.charge_failed", message: (error as Error).message }));
    charge = { status: "declined", code: "card_declined", message: PAYMENT_UNAVAILABLE };
  }
  // 3. settle, only while the payment is still ours: recovery may have taken it after the lease; then
  // the charge is refunded and the answer is recovery's
  if (charge.status === "declined") {
    const declined = charge;
    if (!(await db.transaction().execute((trx) => settlePayment(trx, key, declined)))) return lostAnswer(key, charge);
    return { kind: "declined", message: charge.message };
  }
  try {
    const reference = await settle(key, buyer, user !== null, card, charge, input, origin, now);
    return { kind: "placed", reference };
  } catch (error) {
    if (error instanceof PaymentLost) return lostAnswer(key, charge);
    // Charged but not recorded: give the money back; the key keeps the refusal.
    console.error(JSON.stringify({ level: "error", type: "gift_card.settle_failed", message: (error as Error).message }));
    if (charge.chargeId) await paymentGateway().refund(charge.chargeId, input.amountCents, `refund:${key}`);
    await db.transaction().execute((trx) => settlePayment(trx, key, { status: "declined", code: "card_declined", message: NOT_RECORDED }));
    return { kind: "error", message: NOT_RECORDED, newKey: true };
  }
}

/** The answer of a purchase whose payment recovery took: its charge refunded, it answers as recovery did. */
async function lostAnswer(key: string, charge: ChargeResult): Promise<PurchaseOutcome> {
  await lostToRecovery(key, charge);
  return (await outcomeOfKey(key)) ?? { kind: "error", message: ANOTHER_TAB };
}

async function saveBillingAddress(trx: Transaction<DB>, userId: number, a: AddressInput, createdAt: string) {
  const { id } = await trx
    .insertInto("addresses")
    .values({
      userId, kind: "billing", addressType: a.addressType, line1: a.line1, line2: a.line2 ?? null, city: a.city, state: a.state,
      postcode: a.postcode, country: "AU", company: a.company ?? null, createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function settle(
  key: string,
  buyer: { id: number; email: string; firstName: string | null },
  signedIn: boolean,
  card: ResolvedCard,
  charge: Extract<ChargeResult, { status: "succeeded" }>,
  input: PurchaseInput,
  origin: string,
  now: Date,
): Promise<string> {
  const { personalise: p, amountCents } = input;
  const bonus = input.bonusCents ?? bonusCents(amountCents, await giftCardSettings());
  const ts = now.toISOString();
  const today = sydneyToday(now);
  const expiresOn = expiryDay(today);
  const reference = newOrderReference();
  const sender = { senderName: p.sender.firstName, senderEmail: p.sender.email };
  // The bonus card goes to the other person when asked, else to the sender, today.
  const bonusTo = p.bonusReceiver ?? { firstName: p.sender.firstName, email: p.sender.email, message: null, deliverOn: today };

  await db.transaction().execute(async (trx) => {
    // First statement writes (payment row pending → succeeded): concurrent SQLite writers queue.
    // Only a pending row is ours: PaymentLost rolls everything back when recovery took it.
    await settleOwnPayment(trx, key, charge);
    const billingAddressId = await saveBillingAddress(trx, buyer.id, input.checkout.billing, ts);
    const { id: orderId } = await trx
      .insertInto("orders")
      .values({
        reference, userId: buyer.id, subscriptionId: null, kind: "gift_card", status: "paid", deliveryDate: p.deliverOn,
        deliveryWindow: null, createdAt: ts, paidAt: ts, paymentKey: key, billingAddressId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: invoiceId } = await trx
      .insertInto("invoices")
      .values({ orderId, subtotalCents: amountCents, discountedCents: 0, creditCents: 0, totalCents: amountCents, createdAt: ts })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: cardId } = await trx
      .insertInto("giftCards")
      .values({
        ...newStoredCode(), valueCents: amountCents, bonusOfId: null, purchaserUserId: buyer.id, ...sender,
        receiverName: p.receiver.firstName, receiverEmail: p.receiver.email, receiverMessage: p.receiver.message,
        deliverOn: p.deliverOn, sentAt: null, claimedByUserId: null, claimedAt: null, createdAt: ts, orderId, expiresOn,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lines = [{ invoiceId, sellableType: "gift_card" as const, sellableId: cardId, name: `Gift card for ${p.receiver.firstName}`, quantity: 1, priceCents: amountCents }];
    if (bonus > 0) {
      const { id: bonusId } = await trx
        .insertInto("giftCards")
        .values({
          ...newStoredCode(), valueCents: bonus, bonusOfId: cardId, purchaserUserId: buyer.id, ...sender,
          receiverName: bonusTo.firstName, receiverEmail: bonusTo.email, receiverMessage: bonusTo.message,
          deliverOn: bonusTo.deliverOn, sentAt: null, claimedByUserId: null, claimedAt: null, createdAt: ts, orderId, expiresOn,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      lines.push({ invoiceId, sellableType: "gift_card", sellableId: bonusId, name: `Bonus gift card of ${formatAud(bonus)} for ${bonusTo.firstName}`, quantity: 1, priceCents: 0 });
    }
    await trx.insertInto("invoiceLines").values(lines).execute();
    await trx.updateTable("payments").set({ orderId, giftCardId: cardId }).where("idempotencyKey", "=", key).execute();
    if (signedIn && !card.savedId) await saveCard(trx, buyer.id, card);

    await queueEmail(trx, giftCardReceiptEmail, buyer.email, {
      reference,
      buyerName: buyer.firstName ?? p.sender.firstName,
      cards: [
        { receiverName: p.receiver.firstName, receiverEmail: p.receiver.email, valueCents: amountCents, deliverOn: p.deliverOn, expiresOn, bonus: false },
        ...(bonus > 0 ? [{ receiverName: bonusTo.firstName, receiverEmail: bonusTo.email, valueCents: bonus, deliverOn: bonusTo.deliverOn, expiresOn, bonus: true }] : []),
      ],
      chargedCents: amountCents,
      card: `${card.brand} ending in ${card.lastFour}`,
      invoiceUrl: `${origin}${taxInvoicePath(reference)}`,
      setPasswordUrl: signedIn ? null : `${origin}/forgot-password`,
    });
  });
  return reference;
}

export type GiftOrderSummary = {
  reference: string;
  createdAt: string;
  chargedCents: number;
  cards: { receiverName: string; valueCents: number; deliverOn: string; expiresOn: string | null; bonus: boolean }[];
};

/** A gift-card order for the success page: the buyer's own, or the one this browser just placed. */
export async function giftOrderSummary(reference: string, access: { userId: number | null; placedHere: boolean }): Promise<GiftOrderSummary | null> {
  const order = await db
    .selectFrom("orders")
    .innerJoin("invoices", "invoices.orderId", "orders.id")
    .select(["orders.id", "orders.reference", "orders.userId", "orders.createdAt", "invoices.totalCents"])
    .where("orders.reference", "=", reference)
    .where("orders.kind", "=", "gift_card")
    .executeTakeFirst();
  if (!order || !(access.placedHere || (access.userId !== null && order.userId === access.userId))) return null;
  const cards = await db
    .selectFrom("giftCards")
    .select(["receiverName", "valueCents", "deliverOn", "expiresOn", "bonusOfId"])
    .where("orderId", "=", order.id)
    .orderBy("id")
    .execute();
  return {
    reference: order.reference,
    createdAt: order.createdAt,
    chargedCents: order.totalCents,
    cards: cards.map((c) => ({ receiverName: c.receiverName, valueCents: c.valueCents, deliverOn: c.deliverOn, expiresOn: c.expiresOn, bonus: c.bonusOfId !== null })),
  };
}
