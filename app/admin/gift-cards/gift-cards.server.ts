// Gift cards in the back office (issue 36, permission "gift_cards"): find a card by an e-mail
// address (its buyer's or its receiver's) or by the last four characters of its code; resend it;
// cancel an unclaimed card and refund its purchase.
//
// Resend (decision 045 keeps no code once the card's e-mail is written): resending a card that was
// already sent issues it a NEW code (the old one stops working at once) and e-mails the new code to
// the receiver; the card keeps its value, expiry and message. A card not sent yet still has its
// sealed code and goes by itself on its delivery day, so it is not resent (nothing is lost yet).
// A claimed, cancelled or expired card is not resent.
//
// Cancel: an unclaimed, uncancelled card that was bought (a bonus card goes with the card it came
// with). The press carries an idempotency key: the card is marked cancelled (so it can no longer be
// claimed: app/gift-cards/claim.server.ts), a refund row (unique key) and the audit entry are
// written in one transaction, then the PaymentGateway refunds the purchase with the same key, so a
// second press with the same key, at the same time or later, refunds nothing more. If the gateway
// errs, the refund may have been made (a timeout after the refund), so the card stays cancelled and
// the refund is unknown until the settlement job asks the gateway: refunded, the buyer is e-mailed;
// not refunded, the cancellation is undone and the refund row marked failed (decision 072). How a
// cancel's refund settles is shared with that job: app/refunds/cancel-settle.server.ts.
import type { Kysely } from "kysely";
import { writeAudit } from "~/staff/audit.server";
import { formatAud } from "~/admin/format";
import { staffMoneyRefusal } from "~/admin/money-limits.server";
import { offsetOf, PAGE_SIZE } from "~/admin/pagination";
import type { Staff } from "~/staff/staff-session.server";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { giftCardEmail } from "~/email/templates/gift-card";
import {
  CODE_ALPHABET,
  expiryDay,
  formatCode,
  normaliseCode,
  sydneyToday,
} from "~/gift-cards/rules";
import { newStoredCode } from "~/gift-cards/codes.server";
import { newGiftCardCode } from "~/gift-cards/stored-code.server";
import type { PaymentGateway } from "~/payments/gateway";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { markCancelUnknown, settleCancelRefunded } from "~/refunds/cancel-settle.server";

type StaffRef = Pick<Staff, "id" | "role" | "ip">;

export type GiftCardState = "scheduled" | "sent" | "claimed" | "cancelled" | "expired";

export const GIFT_CARD_MESSAGES = {
  badQuery: "Enter an e-mail address or the last four characters of a code.",
  notFound: "There is no such gift card.",
  claimed: "This card was already claimed: its value is the customer's credit now.",
  cancelled: "This card was already cancelled.",
  expired: "This card has expired.",
  notSent: (day: string) =>
    `This card has not been sent yet: it goes to its receiver on ${day}. There is nothing to resend.`,
  bonus: "A bonus card is cancelled with the card that was bought with it.",
  bonusClaimed:
    "The bonus card that came with this card was already claimed, so this card is not cancelled with a refund.",
  noPayment: "This card has no card payment to refund.",
  refunded:
    "This card's purchase was already refunded (in part or in full), so it is not cancelled here.",
  gateway:
    "The payment gateway did not refund the purchase, so the card was not cancelled. Please try again.",
} as const;

export function giftCardState(
  c: {
    sentAt: string | null;
    claimedAt: string | null;
    cancelledAt: string | null;
    expiresOn: string | null;
  },
  now = new Date(),
): GiftCardState {
  if (c.cancelledAt) return "cancelled";
  if (c.claimedAt) return "claimed";
  if (c.expiresOn && c.expiresOn < sydneyToday(now)) return "expired";
  return c.sentAt ? "sent" : "scheduled";
}

const LAST4 = new RegExp(`^[${CODE_ALPHABET}]{4}$`);

/** What was typed in the search: an e-mail (lower-cased), the last four of a code, nothing, or neither. */
export function parseGiftQuery(
  raw: string,
): { kind: "email"; email: string } | { kind: "last4"; last4: string } | { kind: "none" } | null {
  const q = raw.trim();
  if (!q) return { kind: "none" };
  if (q.includes("@")) return q.length <= 254 ? { kind: "email", email: q.toLowerCase() } : null;
  const last4 = normaliseCode(q);
  return LAST4.test(last4) ? { kind: "last4", last4 } : null;
}

export type GiftCardListItem = {
  id: number;
  codeLast4: string;
  valueCents: number;
  bonus: boolean;
  senderName: string;
  senderEmail: string;
  receiverName: string;
  receiverEmail: string;
  deliverOn: string;
  state: GiftCardState;
};

/** A page of cards matching the search (newest first), and how many match. Indexed filters (migration 023). */
export async function searchGiftCards(
  q: string,
  page: number,
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<{ error: string } | { cards: GiftCardListItem[]; total: number }> {
  const query = parseGiftQuery(q);
  if (!query) return { error: GIFT_CARD_MESSAGES.badQuery };
  let base = db.selectFrom("giftCards");
  if (query.kind === "email")
    base = base.where((eb) =>
      eb.or([eb("senderEmail", "=", query.email), eb("receiverEmail", "=", query.email)]),
    );
  else if (query.kind === "last4") base = base.where("codeLast4", "=", query.last4);
  const [rows, count] = await Promise.all([
    base
      .select([
        "id",
        "codeLast4",
        "valueCents",
        "bonusOfId",
        "senderName",
        "senderEmail",
        "receiverName",
        "receiverEmail",
        "deliverOn",
        "sentAt",
        "claimedAt",
        "cancelledAt",
        "expiresOn",
      ])
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset(offsetOf(page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    cards: rows.map((r) => ({
      id: r.id,
      codeLast4: r.codeLast4,
      valueCents: r.valueCents,
      bonus: r.bonusOfId !== null,
      senderName: r.senderName,
      senderEmail: r.senderEmail,
      receiverName: r.receiverName,
      receiverEmail: r.receiverEmail,
      deliverOn: r.deliverOn,
      state: giftCardState(r, now),
    })),
  };
}

/** A card with its order, its payment (brand and last four only) and the refunds of its order. */
export async function giftCardDetail(
  id: number,
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
) {
  const card = await db
    .selectFrom("giftCards")
    .leftJoin("orders", "orders.id", "giftCards.orderId")
    .leftJoin("giftCards as parent", "parent.id", "giftCards.bonusOfId")
    .select([
      "giftCards.id",
      "giftCards.codeLast4",
      "giftCards.valueCents",
      "giftCards.bonusOfId",
      "giftCards.senderName",
      "giftCards.senderEmail",
      "giftCards.receiverName",
      "giftCards.receiverEmail",
      "giftCards.receiverMessage",
      "giftCards.deliverOn",
      "giftCards.sentAt",
      "giftCards.claimedAt",
      "giftCards.cancelledAt",
      "giftCards.expiresOn",
      "giftCards.createdAt",
      "giftCards.orderId",
      "orders.reference as orderReference",
      "parent.codeLast4 as parentLast4",
    ])
    .where("giftCards.id", "=", id)
    .executeTakeFirst();
  if (!card) return null;
  const [payment, bonusCards, refunds] = await Promise.all([
    card.orderId ? paymentOf(db, card.orderId) : Promise.resolve(undefined),
    db
      .selectFrom("giftCards")
      .select(["id", "codeLast4", "valueCents", "sentAt", "claimedAt", "cancelledAt", "expiresOn"])
      .where("bonusOfId", "=", card.id)
      .execute(),
    card.orderId
      ? db
          .selectFrom("refunds")
          .select(["noteNumber", "amountCents", "status", "createdAt", "reason"])
          .where("orderId", "=", card.orderId)
          .orderBy("id")
          .execute()
      : Promise.resolve([]),
  ]);
  const state = giftCardState(card, now);
  return {
    ...card,
    state,
    bonus: card.bonusOfId !== null,
    payment: payment
      ? {
          amountCents: payment.amountCents,
          status: payment.status,
          card:
            payment.cardBrand && payment.cardLastFour
              ? `${payment.cardBrand} ending in ${payment.cardLastFour}`
              : null,
        }
      : null,
    bonusCards: bonusCards.map((b) => ({ ...b, state: giftCardState(b, now) })),
    refunds,
    canResend: state === "sent",
    canCancel:
      card.bonusOfId === null &&
      (state === "sent" || state === "scheduled") &&
      Boolean(payment?.gatewayChargeId) &&
      payment?.status === "succeeded",
  };
}

export type GiftCardDetail = NonNullable<Awaited<ReturnType<typeof giftCardDetail>>>;

const paymentOf = (db: Kysely<DB>, orderId: number) =>
  db
    .selectFrom("payments")
    .select(["id", "amountCents", "status", "gatewayChargeId", "cardBrand", "cardLastFour"])
    .where("orderId", "=", orderId)
    .where("giftCardId", "is not", null)
    .orderBy("id", "desc")
    .executeTakeFirst();

export type GiftActionOutcome =
  | {
      ok: true;
      message: string;
      /** cancelled, its refund being confirmed (decision 072) */
      confirming?: true;
    }
  | { ok: false; status: 404 | 409 | 502; message: string };

const refusal = (message: string, status: 404 | 409 | 502 = 409) =>
  ({ ok: false, status, message }) as const;

/** Resends a sent, unclaimed card with a new code (the old code stops working). */
export async function resendGiftCard(
  staff: StaffRef,
  cardId: number,
  origin: string,
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<GiftActionOutcome> {
  const card = await db
    .selectFrom("giftCards")
    .selectAll()
    .where("id", "=", cardId)
    .executeTakeFirst();
  if (!card) return refusal(GIFT_CARD_MESSAGES.notFound, 404);
  const state = giftCardState(card, now);
  if (state === "claimed") return refusal(GIFT_CARD_MESSAGES.claimed);
  if (state === "cancelled") return refusal(GIFT_CARD_MESSAGES.cancelled);
  if (state === "expired") return refusal(GIFT_CARD_MESSAGES.expired);
  if (state === "scheduled") return refusal(GIFT_CARD_MESSAGES.notSent(card.deliverOn));
  const code = newGiftCardCode();
  const stored = newStoredCode(code, { sealed: false });
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable("giftCards")
      .set(stored)
      .where("id", "=", card.id)
      .where("codeHash", "=", card.codeHash)
      .where("claimedAt", "is", null)
      .where("cancelledAt", "is", null)
      .where("sentAt", "is not", null)
      .executeTakeFirst();
    // claimed, cancelled or resent by someone else meanwhile
    if (Number(res.numUpdatedRows) !== 1)
      return refusal("This card changed meanwhile. Please look at it again.");
    await queueEmail(trx, giftCardEmail, card.receiverEmail, {
      receiverName: card.receiverName,
      senderName: card.senderName,
      valueCents: card.valueCents,
      message: card.receiverMessage,
      code,
      expiresOn: card.expiresOn ?? expiryDay(card.createdAt.slice(0, 10)),
      activateUrl: `${origin}/gift-cards/activate/${formatCode(code)}`,
      bonus: card.bonusOfId !== null,
    });
    await writeAudit(
      trx,
      staff,
      {
        action: "gift_card.resend",
        entityType: "gift_card",
        entityId: card.id,
        before: { codeLast4: card.codeLast4 },
        after: { codeLast4: stored.codeLast4, to: card.receiverEmail },
      },
      now,
    );
    return {
      ok: true,
      message: `Sent to ${card.receiverEmail} with a new code ending ${stored.codeLast4}; the old code ending ${card.codeLast4} no longer works.`,
    } as const;
  });
}

/** The gateway's key of a cancel press: the form's key, in a space of its own. */
export const cancelRefundKey = (key: string) => `gift-card-cancel:${key}`;

const cancelledMessage = (amountCents: number, email: string) =>
  `Card cancelled. ${formatAud(amountCents)} refunded to the buyer's card; we e-mailed ${email}.`;
const confirmingMessage = (email: string) =>
  `Card cancelled. The refund of its purchase is being confirmed with the payment gateway; we e-mail ${email} once it is.`;

type Cancel = {
  card: { id: number; senderEmail: string; reference: string; orderId: number };
  payment: { id: number; amountCents: number; gatewayChargeId: string };
  bonus: { id: number; claimedAt: string | null }[];
};

/** What a press with this key already did, in its own words; null when it did nothing yet. */
async function cancelAnswerForKey(
  db: Kysely<DB>,
  cardId: number,
  refundKey: string,
): Promise<GiftActionOutcome | null> {
  const done = await db
    .selectFrom("refunds")
    .innerJoin("giftCards", "giftCards.orderId", "refunds.orderId")
    .select(["refunds.status", "refunds.amountCents", "giftCards.senderEmail"])
    .where("refunds.idempotencyKey", "=", refundKey)
    .where("giftCards.id", "=", cardId)
    .executeTakeFirst();
  if (!done) return null;
  if (done.status === "failed") return refusal(GIFT_CARD_MESSAGES.gateway, 502);
  if (done.status === "unknown")
    return { ok: true, confirming: true, message: confirmingMessage(done.senderEmail) };
  return { ok: true, message: cancelledMessage(done.amountCents, done.senderEmail) };
}

/** Decide: may this card be cancelled with a refund of its purchase? The card, payment and bonus cards, or the refusal. */
async function decideCancel(
  db: Kysely<DB>,
  cardId: number,
  refundKey: string,
): Promise<Cancel | GiftActionOutcome> {
  const card = await db
    .selectFrom("giftCards")
    .leftJoin("orders", "orders.id", "giftCards.orderId")
    .select([
      "giftCards.id",
      "giftCards.bonusOfId",
      "giftCards.senderEmail",
      "giftCards.claimedAt",
      "giftCards.cancelledAt",
      "giftCards.orderId",
      "orders.reference",
    ])
    .where("giftCards.id", "=", cardId)
    .executeTakeFirst();
  if (!card) return refusal(GIFT_CARD_MESSAGES.notFound, 404);
  if (card.bonusOfId !== null) return refusal(GIFT_CARD_MESSAGES.bonus);
  // the same press may have finished between the first look and this read: it answers as itself
  if (card.cancelledAt)
    return (
      (await cancelAnswerForKey(db, cardId, refundKey)) ?? refusal(GIFT_CARD_MESSAGES.cancelled)
    );
  if (card.claimedAt) return refusal(GIFT_CARD_MESSAGES.claimed);
  const payment = card.orderId ? await paymentOf(db, card.orderId) : undefined;
  if (
    !card.orderId ||
    !card.reference ||
    !payment?.gatewayChargeId ||
    payment.status !== "succeeded"
  )
    return refusal(GIFT_CARD_MESSAGES.noPayment);
  const bonus = await db
    .selectFrom("giftCards")
    .select(["id", "claimedAt"])
    .where("bonusOfId", "=", card.id)
    .execute();
  if (bonus.some((b) => b.claimedAt)) return refusal(GIFT_CARD_MESSAGES.bonusClaimed);
  return {
    card: { ...card, orderId: card.orderId, reference: card.reference },
    payment: { ...payment, gatewayChargeId: payment.gatewayChargeId },
    bonus,
  };
}

/** The card and its bonus cards stop working; false when the card was claimed or cancelled meanwhile. */
async function stopCards(trx: Kysely<DB>, cardId: number, bonus: Cancel["bonus"], ts: string) {
  const res = await trx
    .updateTable("giftCards")
    .set({ cancelledAt: ts })
    .where("id", "=", cardId)
    .where("claimedAt", "is", null)
    .where("cancelledAt", "is", null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  // its bonus cards go with it (none of them is claimed: checked before, and again here)
  const bonusRes = await trx
    .updateTable("giftCards")
    .set({ cancelledAt: ts })
    .where("bonusOfId", "=", cardId)
    .where("claimedAt", "is", null)
    .where("cancelledAt", "is", null)
    .executeTakeFirst();
  if (Number(bonusRes.numUpdatedRows) !== bonus.filter((b) => !b.claimedAt).length)
    throw new BonusClaimedMeanwhile();
  return true;
}

/**
 * Claim, in one transaction with its audit entry: the card (and its bonus cards) stop working, the
 * order's refunded amount moves from 0, and the refund row is written under the press's key.
 */
async function claimCancel(
  trx: Kysely<DB>,
  staff: StaffRef,
  { card, payment, bonus }: Cancel,
  refundKey: string,
  now: Date,
): Promise<boolean> {
  const amountCents = payment.amountCents;
  const ts = now.toISOString();
  // support's $200 a press and $500 a Sydney day, across every route that moves money
  const overLimit = await staffMoneyRefusal(trx, staff, amountCents, now);
  if (overLimit) throw new OverLimit(overLimit);
  if (!(await stopCards(trx, card.id, bonus, ts))) return false;
  const room = await trx
    .updateTable("orders")
    .set((eb) => ({ refundedCents: eb("refundedCents", "+", amountCents) }))
    .where("id", "=", card.orderId)
    .where("refundedCents", "=", 0)
    .executeTakeFirst();
  if (Number(room.numUpdatedRows) !== 1) throw new AlreadyRefunded();
  const { n } = await trx
    .selectFrom("refunds")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("orderId", "=", card.orderId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("refunds")
    .values({
      orderId: card.orderId,
      paymentId: payment.id,
      method: "card",
      amountCents,
      // a gift card is not a taxable supply when sold: GST is paid when it is spent
      gstCents: 0,
      reason: "Gift card cancelled",
      lines: null,
      staffUserId: staff.id,
      idempotencyKey: refundKey,
      status: "pending",
      gatewayRefundId: null,
      noteNumber: `AN-${card.reference}-${Number(n) + 1}`,
      createdAt: ts,
      completedAt: null,
    })
    .execute();
  await writeAudit(
    trx,
    staff,
    {
      action: "gift_card.cancel",
      entityType: "gift_card",
      entityId: card.id,
      before: { cancelledAt: null, refundedCents: 0 },
      after: {
        cancelledAt: ts,
        refundedCents: amountCents,
        order: card.reference,
        bonusCards: bonus.map((b) => b.id),
      },
    },
    now,
  );
  return true;
}

/** The claim did not happen: the answer of the press that got there first, or why not. */
async function unclaimedAnswer(
  db: Kysely<DB>,
  cardId: number,
  refundKey: string,
  claimed: false | "bonus" | "refunded" | OverLimit,
): Promise<GiftActionOutcome> {
  if (claimed === "bonus") return refusal(GIFT_CARD_MESSAGES.bonusClaimed);
  if (claimed === "refunded") return refusal(GIFT_CARD_MESSAGES.refunded);
  if (claimed instanceof OverLimit) return refusal(claimed.message);
  const again = await cancelAnswerForKey(db, cardId, refundKey);
  if (again) return again;
  const now = await db
    .selectFrom("giftCards")
    .select(["claimedAt", "cancelledAt"])
    .where("id", "=", cardId)
    .executeTakeFirst();
  return refusal(now?.claimedAt ? GIFT_CARD_MESSAGES.claimed : GIFT_CARD_MESSAGES.cancelled);
}

/**
 * Cancels an unclaimed card and refunds its purchase, once per press: `key` is the form's
 * idempotency key; the same key again (twice pressed, resubmitted, at once) refunds nothing more.
 * Decide, claim, refund at the gateway, settle.
 */
export async function cancelGiftCard(
  staff: StaffRef,
  { cardId, key }: { cardId: number; key: string },
  {
    db = appDb,
    now = new Date(),
    gateway = paymentGateway(),
  }: { db?: Kysely<DB>; now?: Date; gateway?: PaymentGateway } = {},
): Promise<GiftActionOutcome> {
  const refundKey = cancelRefundKey(key);
  const before = await cancelAnswerForKey(db, cardId, refundKey);
  if (before) return before;

  // 1. decide
  const cancel = await decideCancel(db, cardId, refundKey);
  if (!("card" in cancel)) return cancel;

  // 2. the card stops working, the refund is owed
  const claimed = await db
    .transaction()
    .execute((trx) => claimCancel(trx, staff, cancel, refundKey, now))
    .catch((error: unknown) => {
      if (error instanceof BonusClaimedMeanwhile) return "bonus" as const;
      if (error instanceof AlreadyRefunded) return "refunded" as const;
      if (error instanceof OverLimit) return error;
      if (isUniqueViolation(error)) return false; // the same key, pressed at the same time
      throw error;
    });
  if (claimed !== true) return unclaimedAnswer(db, cardId, refundKey, claimed);

  // 3. the gateway refunds the purchase, once for this key whatever happens around it
  const { card, payment } = cancel;
  let refund: Awaited<ReturnType<PaymentGateway["refund"]>> | null = null;
  try {
    refund = await gateway.refund(payment.gatewayChargeId, payment.amountCents, refundKey);
  } catch (error) {
    // an error does not say the purchase was not refunded (a timeout may come after the
    // refund): the card stays cancelled, the refund is being confirmed (decision 072)
    await markCancelUnknown(db, staff, { cardId: card.id, key: refundKey, error });
    return { ok: true, confirming: true, message: confirmingMessage(card.senderEmail) };
  }
  // 4. settle: the refund row completes, the payment is refunded, the buyer is told
  await settleCancelRefunded(db, {
    key: refundKey,
    gatewayRefundId: refund.refundId,
    from: "pending",
  });
  return { ok: true, message: cancelledMessage(payment.amountCents, card.senderEmail) };
}

class BonusClaimedMeanwhile extends Error {}
class AlreadyRefunded extends Error {}
class OverLimit extends Error {}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}
