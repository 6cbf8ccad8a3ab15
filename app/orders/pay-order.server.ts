// Paying an order (SPEC §2, §4 and §5 "Pay an order"), exactly once, in the shape every payment
// has (app/payments/charge-flow.server.ts):
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
import { normalisedAddress } from "~/accounts/addresses.server";
import type { AddressInput } from "~/addresses/address-schema";
import { addressLookup } from "~/delivery/address-lookup.server";
import { queueEmail } from "~/email/mailer.server";
import { orderReceiptEmail } from "~/email/templates/order-receipt";
import type { Transaction } from "kysely";
import type { DB } from "~/db/schema";
import type { CardChoice } from "~/payments/card-schema";
import {
  cardFor,
  earlierPress,
  PAYMENT_PENDING,
  PaymentLost,
  refuse,
  runShopperFlow,
  type ChargeOutcome,
  type ShopperFlow,
} from "~/payments/charge-flow.server";
import {
  claimPayment,
  replaceDeclinedPrimary,
  saveCard,
  type ResolvedCard,
} from "~/payments/payments.server";
import { payableInvoice, paymentSummary, type BreakdownInvoice } from "./breakdown";
import { breakdownOf, findOwnOrder, type OwnOrder } from "./breakdown.server";
import { addLedgerEntry, lockUser } from "./credit.server";
import { applyCredit } from "./credit";
import { PAY_MESSAGES } from "./pay-order-messages";
import {
  deliveryPassed,
  payTotalMoved,
  type DeliveryPassed,
  type TotalMoved,
} from "./pay-order-checks.server";
import { taxInvoicePath } from "./paths";
import { PAYABLE, isPayable, spendableCredit, type PayingUser } from "./pay-order-view.server";

export {
  loadPayOrderPage,
  payOrderContext,
  type PayContext,
  type PayOrderPage,
} from "./pay-order-view.server";

// ------------------------------------------------------------- the payment

export type PayOrderRequest = {
  user: PayingUser;
  reference: string;
  idempotencyKey: string;
  contact: {
    firstName: string;
    lastName: string;
    phone: string;
    sms: boolean;
    newsletter: boolean;
  };
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
      status: "paid";
      reference: string;
      chargedCents: number;
      creditCents: number;
      card: { brand: string; lastFour: string } | null;
      invoicePath: string;
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
export function addressKey(
  a: Pick<AddressInput, "line1" | "line2" | "city" | "state" | "postcode">,
): string {
  return createHash("sha256").update(normalisedAddress(a)).digest("base64url").slice(0, 22);
}

const cardField = (req: PayOrderRequest) =>
  req.card.kind === "saved" ? "paymentMethod" : "card.number";

type Payable = { order: OwnOrder; invoice: BreakdownInvoice; card: ResolvedCard | null };

export async function payOrder(req: PayOrderRequest): Promise<PayOrderOutcome> {
  const order = await findOwnOrder({ userId: req.user.id, reference: req.reference });
  if (!order) return { status: "not_found" };
  // A repeat of a submit already under way or done answers with its outcome.
  const repeat = await outcomeOfKey(req, order);
  if (repeat) return repeat;
  const payable = await check(req, order);
  if ("status" in payable) return payable;
  return answer(req, payable, await runShopperFlow(orderPayment(req, payable)));
}

/** Everything that can be refused before anything is written or charged. */
async function check(req: PayOrderRequest, order: OwnOrder): Promise<PayOrderOutcome | Payable> {
  const { user } = req;
  if (order.status === "paid") return alreadyPaid(order);
  const passed = deliveryPassed(order);
  if (passed) return passed;
  if (!isPayable(order.status)) return { status: "not_payable", message: PAY_MESSAGES.notPayable };
  if (order.paymentKey) return { status: "in_progress", message: PAY_MESSAGES.inProgress };
  const invoice = payableInvoice(await breakdownOf(order));
  if (!invoice) return { status: "not_payable", message: PAY_MESSAGES.notPayable };
  const moved = payTotalMoved(
    req.expectedTotalCents,
    applyCredit(await spendableCredit(user), invoice.total),
    invoice.total,
  );
  if (moved) return moved;

  const checkedKey = addressKey(req.billing);
  if (req.addressConfirmed !== checkedKey && !(await addressLookup().verify(req.billing))) {
    return {
      status: "address_unverified",
      addressKey: checkedKey,
      message: PAY_MESSAGES.addressDoubt,
    };
  }

  // The card is looked up (or tokenised) before the claim; nothing is charged yet.
  if (
    req.card.kind === "none" &&
    applyCredit(await spendableCredit(user), invoice.total).totalCents > 0
  ) {
    return { status: "card_required", message: PAY_MESSAGES.creditChanged };
  }
  const resolved = await cardFor(user.id, req.card, {
    userId: user.id,
    clientIp: req.clientIp,
    submitKey: `pay:${req.idempotencyKey}`,
  });
  if (!("refusal" in resolved)) return { order, invoice, card: resolved.card };
  const refusal = resolved.refusal;
  if (refusal.kind === "card-limit")
    return {
      status: "card_limited",
      field: "card.number",
      message: refusal.message,
      retryAfterSeconds: refusal.retryAfterSeconds,
    };
  return refusal.field === "paymentMethod"
    ? { status: "declined", field: "paymentMethod", message: refusal.message }
    : { status: "card_error", field: refusal.field, message: refusal.message };
}

/** The order was not there to claim: paid, passed or being paid meanwhile. Answered after the claim rolled back. */
const ORDER_TAKEN = { status: "order_taken" } as const;
type Refusal = PayOrderOutcome | typeof ORDER_TAKEN;
/** The credit spent and the rest, charged to the card. */
type Split = { creditCents: number; totalCents: number };

/** Pay-an-order's own parts of claim, charge and settle (app/payments/charge-flow.server.ts). */
function orderPayment(
  req: PayOrderRequest,
  { order, invoice, card }: Payable,
): ShopperFlow<Split, Refusal, boolean> {
  const { user, idempotencyKey: key } = req;
  return {
    key,
    name: "pay_order",
    log: { reference: order.reference },
    unavailable: PAY_MESSAGES.gatewayError,
    notRecorded: PAY_MESSAGES.notRecorded,
    async claim(trx) {
      await claimOrder(trx, order.id, user.id, key);
      await lockUser(trx, user.id);
      const split = applyCredit(await spendableCredit(user, trx), invoice.total);
      const movedNow = payTotalMoved(req.expectedTotalCents, split, invoice.total);
      if (movedNow) refuse<Refusal>(movedNow);
      if (split.totalCents > 0 && !card)
        refuse<Refusal>({ status: "card_required", message: PAY_MESSAGES.creditChanged });
      await addLedgerEntry(trx, {
        userId: user.id,
        amountCents: -split.creditCents,
        reason: "Credit used on an order",
        reference: order.reference,
      });
      const used = split.totalCents > 0 ? card : null;
      await claimPayment(trx, {
        key,
        userId: user.id,
        orderId: order.id,
        amountCents: split.totalCents,
        card: used,
        reserved: { creditCents: split.creditCents, creditReference: order.reference },
      });
      return {
        claim: split,
        charge: { card: used, amountCents: split.totalCents, description: order.reference },
      };
    },
    // the order awaits payment again; its credit comes back
    async release(trx, split) {
      await trx
        .updateTable("orders")
        .set({ paymentKey: null })
        .where("id", "=", order.id)
        .where("paymentKey", "=", key)
        .execute();
      await addLedgerEntry(trx, {
        userId: user.id,
        amountCents: split.creditCents,
        reason: "Credit returned: payment declined",
        reference: order.reference,
      });
    },
    record: (trx, split) =>
      writePayment(trx, req, order, invoice, split.totalCents > 0 ? card : null, split),
  };
}

/** The order, for this key. The first statement writes, so concurrent SQLite writers queue for the lock instead of failing. */
async function claimOrder(trx: Transaction<DB>, orderId: number, userId: number, key: string) {
  const claimed = await trx
    .updateTable("orders")
    .set({ paymentKey: key })
    .where("id", "=", orderId)
    .where("userId", "=", userId)
    .where("status", "in", PAYABLE)
    .where("paymentKey", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) refuse<Refusal>(ORDER_TAKEN);
}

/**
 * The settle of a charge, in the transaction that moved the payment row: the order paid (still claimed by
 * this key, else the payment is lost), the invoice's credit, the billing address, the card, the details
 * on file and the receipt. Answers whether the card that paid became primary (replaceDeclinedPrimary).
 */
async function writePayment(
  trx: Transaction<DB>,
  req: PayOrderRequest,
  order: OwnOrder,
  invoice: BreakdownInvoice,
  usedCard: ResolvedCard | null,
  split: Split,
): Promise<boolean> {
  const { user, idempotencyKey: key } = req;
  const now = new Date().toISOString();
  const paid = await trx
    .updateTable("orders")
    .set({ status: "paid", paidAt: now })
    .where("id", "=", order.id)
    .where("paymentKey", "=", key)
    .executeTakeFirst();
  if (Number(paid.numUpdatedRows) !== 1) throw new PaymentLost();
  await trx
    .updateTable("invoices")
    .set({ creditCents: split.creditCents })
    .where("id", "=", invoice.id)
    .execute();
  const { id: billingAddressId } = await trx
    .insertInto("addresses")
    .values({
      userId: user.id,
      kind: "billing",
      addressType: req.billing.addressType,
      line1: req.billing.line1,
      line2: req.billing.line2 ?? null,
      city: req.billing.city,
      state: req.billing.state,
      postcode: req.billing.postcode,
      country: "AU",
      company: req.billing.company ?? null,
      createdAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.updateTable("orders").set({ billingAddressId }).where("id", "=", order.id).execute();
  let newPrimary = false;
  if (usedCard) {
    const cardId = await saveCard(trx, user.id, usedCard);
    newPrimary = await replaceDeclinedPrimary(trx, user.id, order.id, cardId);
  }
  await trx
    .updateTable("users")
    .set({
      sms: req.contact.sms ? 1 : 0,
      newsletter: req.contact.newsletter ? 1 : 0,
      updatedAt: now,
      // details on file stay as they are; blanks are filled from the form
      firstName: user.firstName ?? req.contact.firstName,
      lastName: user.lastName ?? req.contact.lastName,
      phone: user.phone ?? req.contact.phone,
    })
    .where("id", "=", user.id)
    .execute();
  const summary = paymentSummary({ ...invoice, credit: split.creditCents }, null, true);
  await queueEmail(trx, orderReceiptEmail, user.email, {
    firstName: user.firstName ?? req.contact.firstName,
    reference: order.reference,
    lines: summary.lines,
    subtotalCents: summary.subtotalCents,
    discountedCents: summary.discountedCents,
    creditCents: split.creditCents,
    chargedCents: split.totalCents,
    gstCents: summary.gstCents,
    card: usedCard ? `${usedCard.brand} ending in ${usedCard.lastFour}` : null,
    invoiceUrl: `${req.origin}${taxInvoicePath(order.reference)}`,
  });
  return newPrimary;
}

/** The flow's outcome as pay-an-order answers it. */
async function answer(
  req: PayOrderRequest,
  { order, card }: Payable,
  outcome: ChargeOutcome<Split, Refusal, boolean>,
): Promise<PayOrderOutcome> {
  switch (outcome.kind) {
    case "paid": {
      const { claim: split, recorded: newPrimary } = outcome;
      const used = split.totalCents > 0 ? card : null;
      return {
        status: "paid",
        reference: order.reference,
        chargedCents: split.totalCents,
        creditCents: split.creditCents,
        card: used ? { brand: used.brand, lastFour: used.lastFour } : null,
        invoicePath: taxInvoicePath(order.reference),
        newPrimary,
      };
    }
    // a refund (charged, not recorded and refunded): the key keeps that refusal, as a decline's
    case "declined":
    case "refunded":
      return { status: "declined", message: outcome.message, field: cardField(req) };
    case "refused":
      return outcome.refusal === ORDER_TAKEN
        ? orderTaken(req, order)
        : (outcome.refusal as PayOrderOutcome);
    case "awaiting-gateway":
      return { status: "in_progress", message: PAYMENT_PENDING };
    case "pressed-before":
    case "settled-elsewhere":
      return (
        (await outcomeOfKey(req, order)) ?? {
          status: "key_conflict",
          message: PAY_MESSAGES.keyConflict,
        }
      );
  }
}

/** Why the order could not be claimed: this key's own payment, a payment since, a passed delivery, or another window paying it. */
async function orderTaken(req: PayOrderRequest, order: OwnOrder): Promise<PayOrderOutcome> {
  const repeat = await outcomeOfKey(req, order);
  if (repeat) return repeat;
  const now = await findOwnOrder({ userId: req.user.id, reference: order.reference });
  if (now?.status === "paid") return alreadyPaid(now);
  const passedNow = now && deliveryPassed(now);
  if (passedNow) return passedNow;
  return { status: "in_progress", message: PAY_MESSAGES.inProgress };
}

function alreadyPaid(order: Pick<OwnOrder, "reference">): PayOrderOutcome {
  return {
    status: "already_paid",
    reference: order.reference,
    invoicePath: taxInvoicePath(order.reference),
    message: PAY_MESSAGES.alreadyPaid,
  };
}

/**
 * A submit whose key was seen before waits until the first one has settled, then answers with that
 * outcome; a key of another order's payment is refused. Null for a key never used.
 */
async function outcomeOfKey(
  req: PayOrderRequest,
  order: OwnOrder,
): Promise<PayOrderOutcome | null> {
  const press = await earlierPress(req.idempotencyKey, (row) => row.orderId === order.id);
  switch (press.kind) {
    case "none":
      return null;
    case "other-payment":
      return { status: "key_conflict", message: PAY_MESSAGES.keyConflict };
    case "in-progress":
      return { status: "in_progress", message: PAY_MESSAGES.inProgress };
    case "declined":
      return { status: "declined", message: press.message, field: cardField(req) };
    case "paid": {
      const { payment } = press;
      const invoice = payableInvoice(await breakdownOf(order));
      return {
        status: "paid",
        reference: order.reference,
        chargedCents: payment.amountCents,
        creditCents: invoice?.credit ?? 0,
        card:
          payment.cardBrand && payment.cardLastFour && payment.amountCents > 0
            ? { brand: payment.cardBrand, lastFour: payment.cardLastFour }
            : null,
        invoicePath: taxInvoicePath(order.reference),
      };
    }
  }
}
