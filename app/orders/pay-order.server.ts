// Paying an order (SPEC §2, §4 and §5 "Pay an order"), exactly once.
//
//   claim   one transaction: a conditional update takes the order (unpaid or
//           failed, not claimed) for this submit's idempotency key; the credit
//           it uses is spent (ledger row) and the pending payment row inserted
//           (its idempotency key is unique);
//   charge  the card, outside any transaction, with the same key;
//   settle  one transaction: paid (order, invoice credit, payment, saved card,
//           receipt e-mail in the outbox) or declined (claim released, credit
//           returned, payment declined; the order still awaits payment).
//
// A duplicate of the same submit (double click, resent form, retried API call)
// finds its payment row and answers with the first one's outcome; another
// submit (a second tab) finds the order claimed or paid and is refused. Which
// worker or app instance runs which step does not matter: the database decides.
import { createHash } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { normalisedAddress } from "~/accounts/addresses.server";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { AddressInput } from "~/checkout/address-schema";
import { addressLookup } from "~/delivery/address-lookup.server";
import { queueEmail } from "~/email/mailer.server";
import { orderReceiptEmail } from "~/email/templates/order-receipt";
import type { CardChoice } from "~/payments/card-schema";
import { CardError, GatewayTimeoutError, type ChargeResult } from "~/payments/gateway";
import { NewCardsPausedError } from "~/payments/card-attempt-limits.server";
import {
  chargeCard, claimPayment, isUniqueViolation, listSavedCards, lostToRecovery, PAYMENT_PENDING, PaymentLost, replaceDeclinedPrimary, resolveCard,
  saveCard, settleOwnPayment, settlePayment, type ResolvedCard, type SavedCard,
} from "~/payments/payments.server";
import { payableInvoice, paymentSummary, type BreakdownInvoice, type PaymentSummary } from "./breakdown";
import { breakdownOf, findOwnOrder, type OwnOrder } from "./breakdown.server";
import { addLedgerEntry, creditBalance, lockUser } from "./credit.server";
import { applyCredit } from "./credit";
import type { BillingDefaults } from "./pay-order-form";
import { PAY_MESSAGES } from "./pay-order-messages";
import { deliveryPassed, payTotalMoved, type DeliveryPassed, type TotalMoved } from "./pay-order-checks.server";
import { taxInvoicePath } from "./paths";

const PAYABLE = ["unpaid", "failed"] as const;
const isPayable = (status: string) => (PAYABLE as readonly string[]).includes(status);

type PayingUser = { id: number; email: string; firstName: string | null; lastName: string | null; phone: string | null; passwordHash: string | null };

/** Credit is fetched only for users with a password (SPEC §6). */
async function spendableCredit(user: PayingUser, executor = db) {
  return user.passwordHash ? creditBalance({ userId: user.id }, executor) : 0;
}

// ---------------------------------------------------------------- the page

export type PayOrderPage = {
  reference: string;
  summary: PaymentSummary;
  savedCards: SavedCard[];
  contact: { firstName: string; lastName: string; phone: string; sms: boolean; newsletter: boolean };
  billing: BillingDefaults;
};

function nationalPhone(phone: string | null) {
  if (!phone) return "";
  return parsePhoneNumberFromString(phone, "AU")?.formatNational() ?? phone;
}

const subscriptionAddressesOf = preparedQuery(db, (q, subscriptionId: number, userId: number) =>
  q.selectFrom("subscriptions").select(["billingAddressId", "shippingAddressId"]).where("id", "=", subscriptionId).where("userId", "=", userId));
const billingAddressesOf = preparedQuery(db, (q, userId: number) =>
  q.selectFrom("addresses").select(["id", "kind", "addressType", "line1", "line2", "company", "city", "state", "postcode"]).where("userId", "=", userId).where("removedAt", "is", null).orderBy("id", "desc"));

/** The address on file to bill: the last one an order was paid with, else the subscription's, else the latest. */
async function billingDefaults(userId: number, order: OwnOrder): Promise<BillingDefaults> {
  const [sub] = order.subscriptionId ? await subscriptionAddressesOf(order.subscriptionId, userId) : [];
  const rows = await billingAddressesOf(userId);
  const pick =
    rows.find((r) => r.kind === "billing") ??
    rows.find((r) => r.id === sub?.billingAddressId) ??
    rows.find((r) => r.id === sub?.shippingAddressId) ??
    rows[0];
  if (!pick) return {};
  return {
    addressType: pick.addressType, line1: pick.line1, line2: pick.line2 ?? "", company: pick.company ?? "",
    city: pick.city, state: pick.state, postcode: pick.postcode,
  };
}

/** Everything the pay page shows, or null when the order is not the user's or does not await payment. */
export async function loadPayOrderPage(
  user: PayingUser & { sms: number | null; newsletter: number | null }, reference: string,
): Promise<(PayOrderPage & { kind: "form" }) | { kind: "passed"; reference: string; message: string } | null> {
  const order = await findOwnOrder({ userId: user.id, reference });
  if (!order) return null;
  // no form for a delivery that has passed: the page says why instead (decision 036)
  const passed = deliveryPassed(order);
  if (passed) return { kind: "passed", reference: order.reference, message: passed.message };
  if (!isPayable(order.status)) return null;
  const invoice = payableInvoice(await breakdownOf(order));
  if (!invoice) return null;
  const [balance, savedCards, billing] = await Promise.all([
    user.passwordHash ? creditBalance({ userId: user.id }) : Promise.resolve(null),
    listSavedCards({ userId: user.id }),
    billingDefaults(user.id, order),
  ]);
  return {
    kind: "form",
    reference: order.reference,
    summary: paymentSummary(invoice, balance),
    savedCards,
    contact: {
      firstName: user.firstName ?? "", lastName: user.lastName ?? "", phone: nationalPhone(user.phone),
      sms: user.sms === 1, newsletter: user.newsletter === 1,
    },
    billing,
  };
}

/** Whether a submit must carry a card (the action recomputes what the page showed). Null: nothing to pay here. */
export async function payOrderContext(user: PayingUser, reference: string): Promise<PayContext | null> {
  const order = await findOwnOrder({ userId: user.id, reference });
  if (!order) return null;
  const invoice = payableInvoice(await breakdownOf(order));
  if (!invoice) return null;
  const due = applyCredit(await spendableCredit(user), invoice.total);
  return {
    cardRequired: due.totalCents > 0,
    // said before any field error: the page must show what it would charge now (decision 036)
    refusal: (expectedCents) => deliveryPassed(order) ?? payTotalMoved(expectedCents, due, invoice.total),
  };
}

export type PayContext = { cardRequired: boolean; refusal: (expectedTotalCents: number | null | undefined) => DeliveryPassed | TotalMoved | null };

// ------------------------------------------------------------- the payment

export type PayOrderRequest = {
  user: PayingUser;
  reference: string;
  idempotencyKey: string;
  contact: { firstName: string; lastName: string; phone: string; sms: boolean; newsletter: boolean };
  billing: AddressInput;
  card: CardChoice;
  /** the address key the person confirmed in the address-doubt dialog */
  addressConfirmed: string | null;
  /** origin for the links in the receipt e-mail */
  origin: string;
  /** what the card would be charged as the page (or API client) showed it; another total charges nothing */
  expectedTotalCents?: number | null;
  /** the client's address (getClientIp): a new card counts against its card-testing limits */
  clientIp: string;
};

export type PayOrderOutcome =
  | {
    status: "paid"; reference: string; chargedCents: number; creditCents: number; card: { brand: string; lastFour: string } | null; invoicePath: string;
    /** the card that paid replaced a primary card this order was declined on (replaceDeclinedPrimary) */
    newPrimary?: boolean;
  }
  | { status: "declined"; message: string; field: "card.number" | "paymentMethod" }
  | { status: "card_error"; field: "card.number" | "card.expiration" | "card.cvc"; message: string }
  /** the card-testing limits refused a new card before the gateway saw it (decision 042) */
  | { status: "card_limited"; field: "card.number"; message: string; retryAfterSeconds: number }
  | { status: "card_required"; message: string }
  | { status: "address_unverified"; addressKey: string; message: string }
  | { status: "already_paid"; reference: string; invoicePath: string; message: string }
  | { status: "in_progress"; message: string }
  | { status: "not_payable"; message: string }
  | { status: "key_conflict"; message: string }
  | DeliveryPassed
  | TotalMoved
  | { status: "not_found" };

/** Identifies the address a person confirmed, so changing it asks again. */
export function addressKey(a: Pick<AddressInput, "line1" | "line2" | "city" | "state" | "postcode">): string {
  return createHash("sha256").update(normalisedAddress(a)).digest("base64url").slice(0, 22);
}

class ClaimLost extends Error {}
class CardNeeded extends Error {}
class Moved extends Error {
  constructor(readonly outcome: TotalMoved) {
    super("total moved");
  }
}

const CARD_FIELD = { number: "card.number", expiration: "card.expiration", cvc: "card.cvc" } as const;

export async function payOrder(req: PayOrderRequest): Promise<PayOrderOutcome> {
  const { user, idempotencyKey: key } = req;
  const order = await findOwnOrder({ userId: user.id, reference: req.reference });
  if (!order) return { status: "not_found" };

  // A repeat of a submit already under way or done answers with its outcome.
  if (await paymentByKey(key)) return duplicateOutcome(req, order);
  if (order.status === "paid") return alreadyPaid(order);
  const passed = deliveryPassed(order);
  if (passed) return passed;
  if (!isPayable(order.status)) return { status: "not_payable", message: PAY_MESSAGES.notPayable };
  if (order.paymentKey) return { status: "in_progress", message: PAY_MESSAGES.inProgress };
  const breakdown = await breakdownOf(order);
  const invoice = payableInvoice(breakdown);
  if (!invoice) return { status: "not_payable", message: PAY_MESSAGES.notPayable };
  const moved = payTotalMoved(req.expectedTotalCents, applyCredit(await spendableCredit(user), invoice.total), invoice.total);
  if (moved) return moved;

  const checkedKey = addressKey(req.billing);
  if (req.addressConfirmed !== checkedKey && !(await addressLookup().verify(req.billing))) {
    return { status: "address_unverified", addressKey: checkedKey, message: PAY_MESSAGES.addressDoubt };
  }

  // The card is looked up (or tokenised) before the claim; nothing is charged yet.
  let card: ResolvedCard | null = null;
  if (req.card.kind === "none" && applyCredit(await spendableCredit(user), invoice.total).totalCents > 0) {
    return { status: "card_required", message: PAY_MESSAGES.creditChanged };
  }
  if (req.card.kind !== "none") {
    try {
      card = await resolveCard(user.id, req.card, { userId: user.id, clientIp: req.clientIp, submitKey: `pay:${key}` });
    } catch (error) {
      if (error instanceof NewCardsPausedError) return { status: "card_limited", field: "card.number", message: error.message, retryAfterSeconds: error.retryAfterSeconds };
      if (error instanceof CardError) {
        return req.card.kind === "saved"
          ? { status: "declined", field: "paymentMethod", message: error.message }
          : { status: "card_error", field: CARD_FIELD[error.field], message: error.message };
      }
      throw error;
    }
  }

  // 1. claim
  let amounts: { creditCents: number; totalCents: number };
  try {
    amounts = await db.transaction().execute(async (trx) => {
      // The first statement writes, so concurrent SQLite writers queue for the lock instead of failing.
      const claimed = await trx
        .updateTable("orders")
        .set({ paymentKey: key })
        .where("id", "=", order.id)
        .where("userId", "=", user.id)
        .where("status", "in", PAYABLE)
        .where("paymentKey", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new ClaimLost();
      await lockUser(trx, user.id);
      const split = applyCredit(await spendableCredit(user, trx), invoice.total);
      const movedNow = payTotalMoved(req.expectedTotalCents, split, invoice.total);
      if (movedNow) throw new Moved(movedNow);
      if (split.totalCents > 0 && !card) throw new CardNeeded();
      await addLedgerEntry(trx, { userId: user.id, amountCents: -split.creditCents, reason: "Credit used on an order", reference: order.reference });
      await claimPayment(trx, {
        key, userId: user.id, orderId: order.id, amountCents: split.totalCents, card: split.totalCents > 0 ? card : null,
        reserved: { creditCents: split.creditCents, creditReference: order.reference },
      });
      return split;
    });
  } catch (error) {
    if (error instanceof CardNeeded) return { status: "card_required", message: PAY_MESSAGES.creditChanged };
    if (error instanceof Moved) return error.outcome;
    if (error instanceof ClaimLost || isUniqueViolation(error)) {
      if (await paymentByKey(key)) return duplicateOutcome(req, order);
      const now = await findOwnOrder({ userId: user.id, reference: order.reference });
      if (now?.status === "paid") return alreadyPaid(now);
      const passedNow = now && deliveryPassed(now);
      if (passedNow) return passedNow;
      return { status: "in_progress", message: PAY_MESSAGES.inProgress };
    }
    throw error;
  }
  const usedCard = amounts.totalCents > 0 ? card : null;

  // 2. charge
  let result: ChargeResult;
  try {
    result = await chargeCard(key, usedCard, amounts.totalCents, `${order.reference}`);
  } catch (error) {
    // No answer in time and no charge on record: the payment stays pending (the charge may still land) for recovery.
    if (error instanceof GatewayTimeoutError) return { status: "in_progress", message: PAYMENT_PENDING };
    // The gateway could not be reached: record a failure (the same key never charges twice at the gateway).
    console.error(JSON.stringify({ level: "error", type: "payment", reference: order.reference, message: (error as Error).message }));
    result = { status: "declined", code: "card_declined", message: PAY_MESSAGES.gatewayError };
  }

  // 3. settle, only while the payment is still ours (its row moves first, and only from pending):
  // recovery may have taken it after the lease and given the claim and the credit back; then the
  // charge is refunded and the answer is recovery's
  if (result.status === "declined") {
    const declined = result;
    const owned = await db.transaction().execute(async (trx) => {
      if (!(await settlePayment(trx, key, declined))) return false;
      await trx.updateTable("orders").set({ paymentKey: null }).where("id", "=", order.id).where("paymentKey", "=", key).execute();
      await addLedgerEntry(trx, { userId: user.id, amountCents: amounts.creditCents, reason: "Credit returned: payment declined", reference: order.reference });
      return true;
    });
    if (!owned) return lostAnswer(req, order, declined);
    return { status: "declined", message: declined.message, field: req.card.kind === "saved" ? "paymentMethod" : "card.number" };
  }

  const succeeded = result;
  const summary = paymentSummary({ ...invoice, credit: amounts.creditCents }, null, true);
  const invoicePath = taxInvoicePath(order.reference);
  let newPrimary = false;
  try {
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await settleOwnPayment(trx, key, succeeded, { orderId: order.id });
      const paid = await trx.updateTable("orders").set({ status: "paid", paidAt: now }).where("id", "=", order.id).where("paymentKey", "=", key).executeTakeFirst();
      if (Number(paid.numUpdatedRows) !== 1) throw new PaymentLost();
      await trx.updateTable("invoices").set({ creditCents: amounts.creditCents }).where("id", "=", invoice.id).execute();
      const { id: billingAddressId } = await trx
        .insertInto("addresses")
        .values({
          userId: user.id, kind: "billing", addressType: req.billing.addressType, line1: req.billing.line1, line2: req.billing.line2 ?? null,
          city: req.billing.city, state: req.billing.state, postcode: req.billing.postcode, country: "AU", company: req.billing.company ?? null, createdAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("orders").set({ billingAddressId }).where("id", "=", order.id).execute();
      if (usedCard) {
        const cardId = await saveCard(trx, user.id, usedCard);
        newPrimary = await replaceDeclinedPrimary(trx, user.id, order.id, cardId);
      }
      await trx
        .updateTable("users")
        .set({
          sms: req.contact.sms ? 1 : 0, newsletter: req.contact.newsletter ? 1 : 0, updatedAt: now,
          // details on file stay as they are; blanks are filled from the form
          firstName: user.firstName ?? req.contact.firstName, lastName: user.lastName ?? req.contact.lastName, phone: user.phone ?? req.contact.phone,
        })
        .where("id", "=", user.id)
        .execute();
      await queueEmail(trx, orderReceiptEmail, user.email, {
        firstName: user.firstName ?? req.contact.firstName,
        reference: order.reference,
        lines: summary.lines,
        subtotalCents: summary.subtotalCents,
        discountedCents: summary.discountedCents,
        creditCents: amounts.creditCents,
        chargedCents: amounts.totalCents,
        gstCents: summary.gstCents,
        card: usedCard ? `${usedCard.brand} ending in ${usedCard.lastFour}` : null,
        invoiceUrl: `${req.origin}${invoicePath}`,
      });
    });
  } catch (error) {
    if (error instanceof PaymentLost) return lostAnswer(req, order, succeeded);
    throw error;
  }
  return {
    status: "paid", reference: order.reference, chargedCents: amounts.totalCents, creditCents: amounts.creditCents,
    card: usedCard ? { brand: usedCard.brand, lastFour: usedCard.lastFour } : null, invoicePath, newPrimary,
  };
}

/** The answer of a submit whose payment recovery took: its charge refunded, it answers as recovery did. */
async function lostAnswer(req: PayOrderRequest, order: OwnOrder, charge: ChargeResult): Promise<PayOrderOutcome> {
  await lostToRecovery(req.idempotencyKey, charge);
  return duplicateOutcome(req, order);
}

function alreadyPaid(order: Pick<OwnOrder, "reference">): PayOrderOutcome {
  return { status: "already_paid", reference: order.reference, invoicePath: taxInvoicePath(order.reference), message: PAY_MESSAGES.alreadyPaid };
}

async function paymentByKey(key: string) {
  return db
    .selectFrom("payments")
    .select(["id", "status", "orderId", "amountCents", "failureMessage", "cardBrand", "cardLastFour"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
}

/**
 * A submit whose key was seen before waits until the first one has settled
 * (its payment is no longer pending and the order is paid or released), then
 * answers with that outcome.
 */
async function duplicateOutcome(req: PayOrderRequest, order: OwnOrder, { timeoutMs = 20_000, intervalMs = 100 } = {}): Promise<PayOrderOutcome> {
  const key = req.idempotencyKey;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const payment = await paymentByKey(key);
    if (!payment || payment.orderId !== order.id) return { status: "key_conflict", message: PAY_MESSAGES.keyConflict };
    const now = await db.selectFrom("orders").select(["status", "paymentKey"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    if (payment.status === "succeeded" && now.status === "paid" && now.paymentKey === key) {
      const invoice: BreakdownInvoice | null = payableInvoice(await breakdownOf(order));
      return {
        status: "paid", reference: order.reference, chargedCents: payment.amountCents, creditCents: invoice?.credit ?? 0,
        card: payment.cardBrand && payment.cardLastFour && payment.amountCents > 0 ? { brand: payment.cardBrand, lastFour: payment.cardLastFour } : null,
        invoicePath: taxInvoicePath(order.reference),
      };
    }
    if (payment.status === "declined" && now.paymentKey !== key) {
      return { status: "declined", message: payment.failureMessage ?? "Your card was declined.", field: req.card.kind === "saved" ? "paymentMethod" : "card.number" };
    }
    if (Date.now() > until) return { status: "in_progress", message: PAY_MESSAGES.inProgress };
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
