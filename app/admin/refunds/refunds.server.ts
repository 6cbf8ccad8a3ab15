// Refunds (issue 36): the whole order, chosen lines or an amount, with a reason, to the card through the
// PaymentGateway or as account credit. Each refund is an adjustment note the customer sees beside the
// tax invoice and receives by e-mail.
//
// Exactly once: the form carries an idempotency key made when the page was rendered and the
// "refunded so far" the member of staff saw. A press goes in four steps (decision 079):
// 1. decide: the refund is planned against what the order allows (./refund-context.server.ts);
// 2. claim: one transaction moves orders.refundedCents with a conditional update that checks both
//    the room left and that it still equals what was seen (0 rows: nothing is refunded), and inserts
//    the refunds row under its unique key (a repeat press answers with the first result). A refund
//    as credit is a credit_ledger row in the claim itself, and ends there;
// 3. the gateway is asked outside the transaction with the refund's key;
// 4. the refund is settled (succeeded: its note is e-mailed). A gateway error does not say the
//    refund was not made (it may time out after refunding), so the refund is left unknown, still
//    counted as refunded, until the settlement job asks the gateway by the refund's key (decision
//    072). Settling is shared with that job: app/refunds/settle.server.ts.
import { sql, type Kysely } from "kysely";
import { staffMoneyRefusal } from "~/admin/money-limits.server";
import { PAYMENTS } from "~/config";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { adjustmentNoteEmail } from "~/email/templates/adjustment-note";
import { addLedgerEntry } from "~/orders/credit.server";
import { isUniqueViolation } from "~/payments/payments.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import {
  markUnknown,
  noteEmail,
  settleRowSucceeded,
  settleSucceeded,
  type CardPayment,
  type Customer,
  type StaffRef,
} from "~/refunds/settle.server";
import { writeAudit } from "~/staff/audit.server";
import type { Staff } from "~/staff/staff-session.server";
import { REFUND_LIMIT_CENTS } from "~/staff/permissions";
import { refundContext, roomOf, type RefundContext } from "./refund-context.server";
import {
  noteNumberOf,
  parseDollars,
  planRefund,
  REFUND_MESSAGES,
  type RefundMethod,
  type RefundPlan,
} from "./refund-rules";
import type { RefundForm } from "./refund-schema";

export type RefundOutcome =
  | { kind: "done"; noteNumber: string; amountCents: number; method: RefundMethod }
  | { kind: "refused"; message: string }
  | { kind: "pending"; message: string }
  /** the gateway erred: the refund is being confirmed (decision 072) */
  | { kind: "unknown"; noteNumber: string; amountCents: number }
  | { kind: "failed"; message: string };

class Refused extends Error {
  constructor(public answer: RefundOutcome) {
    super(answer.kind);
  }
}

async function answerForKey(key: string, orderId: number): Promise<RefundOutcome | null> {
  const row = await db
    .selectFrom("refunds")
    .select(["orderId", "status", "noteNumber", "amountCents", "method"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.orderId !== orderId) return { kind: "refused", message: REFUND_MESSAGES.changed };
  if (row.status === "succeeded")
    return {
      kind: "done",
      noteNumber: row.noteNumber,
      amountCents: row.amountCents,
      method: row.method,
    };
  if (row.status === "pending") return { kind: "pending", message: REFUND_MESSAGES.pending };
  if (row.status === "unknown")
    return { kind: "unknown", noteNumber: row.noteNumber, amountCents: row.amountCents };
  return { kind: "failed", message: REFUND_MESSAGES.failed };
}

type Press = {
  staff: StaffRef;
  orderId: number;
  form: RefundForm;
  origin: string;
};

/** A refund the press may make: what it is checked against, its plan, and the card it goes to (none: credit). */
type Decided = {
  ctx: RefundContext & { invoice: NonNullable<RefundContext["invoice"]> };
  plan: Extract<RefundPlan, { ok: true }>;
  payment: CardPayment | null;
};

/** 1. Decide: may this refund be made, and of what exactly? The plan, or the refusal in staff's words. */
async function decideRefund({ staff, orderId, form }: Press): Promise<Decided | RefundOutcome> {
  const ctx = await refundContext(orderId);
  if (!ctx || ctx.order.status !== "paid" || !ctx.invoice)
    return { kind: "refused", message: REFUND_MESSAGES.nothingLeft };
  if (ctx.order.kind === "gift_card") return { kind: "refused", message: REFUND_MESSAGES.giftCard };
  if (ctx.refundedCents !== form.seenRefundedCents)
    return { kind: "refused", message: REFUND_MESSAGES.changed };
  const { orderLeftCents, cardLeftCents } = roomOf(ctx);
  if (form.method === "card" && !ctx.cardPayment)
    return { kind: "refused", message: REFUND_MESSAGES.noCard };
  const methodLeft = form.method === "card" ? cardLeftCents : orderLeftCents;
  const plan = planRefund(
    ctx.invoice,
    form.scope === "order"
      ? { scope: "order" }
      : form.scope === "lines"
        ? { scope: "lines", lines: form.lines }
        : { scope: "amount", amountCents: parseDollars(form.amount) ?? 0 },
    {
      leftCents: methodLeft,
      orderLeftCents,
      gstLeftCents: ctx.invoice.gstCents - ctx.gstAdjustedCents,
    },
  );
  if (!plan.ok) {
    const cardShort =
      form.method === "card" && cardLeftCents < orderLeftCents && orderLeftCents > 0;
    return {
      kind: "refused",
      message:
        cardShort && plan.message === REFUND_MESSAGES.moreThanLeft(methodLeft)
          ? REFUND_MESSAGES.moreThanCard(cardLeftCents)
          : plan.message,
    };
  }
  const limit = REFUND_LIMIT_CENTS[staff.role];
  if (plan.amountCents > limit)
    return { kind: "refused", message: REFUND_MESSAGES.overLimit(limit) };
  const payment = form.method === "card" ? ctx.cardPayment : null;
  return { ctx: { ...ctx, invoice: ctx.invoice }, plan, payment };
}

/**
 * The order's refunded amount moves, only if it is still what staff saw and there is room; with
 * the order's row held, the card payment's own room is checked. Refused otherwise.
 */
async function moveRefunded(trx: Kysely<DB>, { orderId, form }: Press, d: Decided) {
  const moved = await trx
    .updateTable("orders")
    .set({ refundedCents: sql<number>`refunded_cents + ${d.plan.amountCents}` })
    .where("id", "=", orderId)
    .where("status", "=", "paid")
    .where("refundedCents", "=", form.seenRefundedCents)
    .where(sql<boolean>`refunded_cents + ${d.plan.amountCents} <= ${d.ctx.paidCents}`)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new Refused({ kind: "refused", message: "" });
  if (!d.payment) return;
  // the order's row is held: no other refund of this order moves now
  const row = await trx
    .selectFrom("refunds")
    .select((eb) => eb.fn.sum<number>("amountCents").as("sum"))
    .where("paymentId", "=", d.payment.id)
    .where("method", "=", "card")
    .where("status", "!=", "failed")
    .executeTakeFirst();
  const cardLeft = d.payment.amountCents - Number(row?.sum ?? 0);
  if (d.plan.amountCents > cardLeft)
    throw new Refused({ kind: "refused", message: REFUND_MESSAGES.moreThanCard(cardLeft) });
}

/** The refunds row under the press's key (unique: a second press with it fails here) and its audit entry. */
async function insertRefund(
  trx: Kysely<DB>,
  { staff, orderId, form }: Press,
  d: Decided,
  at: Date,
) {
  const count = await trx
    .selectFrom("refunds")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  const noteNumber = noteNumberOf(d.ctx.order.reference, Number(count?.n ?? 0) + 1);
  const credit = form.method === "credit";
  const status = credit ? "succeeded" : "pending";
  const inserted = await trx
    .insertInto("refunds")
    .values({
      orderId,
      paymentId: d.payment?.id ?? null,
      method: form.method,
      amountCents: d.plan.amountCents,
      gstCents: d.plan.gstCents,
      reason: form.reason,
      lines: d.plan.lines ? JSON.stringify(d.plan.lines) : null,
      staffUserId: staff.id,
      idempotencyKey: form.idempotencyKey,
      status,
      gatewayRefundId: null,
      noteNumber,
      createdAt: at.toISOString(),
      completedAt: credit ? at.toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { amountCents, gstCents } = d.plan;
  await writeAudit(
    trx,
    staff,
    {
      action: "order.refund",
      entityType: "order",
      entityId: d.ctx.order.reference,
      before: { refundedCents: form.seenRefundedCents },
      after: {
        refundedCents: form.seenRefundedCents + amountCents,
        refund: noteNumber,
        method: form.method,
        amountCents,
        gstCents,
        reason: form.reason,
        status,
      },
    },
    at,
  );
  return { id: inserted.id, noteNumber };
}

/** A refund as credit ends in its claim: the credit and its note's e-mail. */
async function creditRefund(
  trx: Kysely<DB>,
  { form, origin }: Press,
  d: Decided,
  customer: Customer,
  noteNumber: string,
  at: Date,
) {
  await addLedgerEntry(trx, {
    userId: d.ctx.order.userId,
    amountCents: d.plan.amountCents,
    reason: `Refund ${noteNumber}`,
    reference: d.ctx.order.reference,
  });
  await queueEmail(
    trx,
    adjustmentNoteEmail,
    customer.email,
    noteEmail(
      {
        noteNumber,
        amountCents: d.plan.amountCents,
        gstCents: d.plan.gstCents,
        reason: form.reason,
      },
      d.ctx.order.reference,
      "as account credit",
      customer,
      origin,
      at,
    ),
  );
}

/** 2. Claim, in one transaction: the money is counted as refunded, the refund row written (and a credit made). */
function claimRefund(press: Press, d: Decided, customer: Customer, at: Date) {
  return db.transaction().execute(async (trx) => {
    // support's $200 a press and $500 a Sydney day, across every route that moves money
    const overLimit = await staffMoneyRefusal(trx, press.staff, d.plan.amountCents, at);
    if (overLimit) throw new Refused({ kind: "refused", message: overLimit });
    await moveRefunded(trx, press, d);
    const claimed = await insertRefund(trx, press, d, at);
    if (press.form.method === "credit")
      await creditRefund(trx, press, d, customer, claimed.noteNumber, at);
    return claimed;
  });
}

/** The claim was refused or lost a race: the first press's answer, or why nothing was refunded. */
async function unclaimedAnswer(
  error: unknown,
  { orderId, form }: Press,
  d: Decided,
): Promise<RefundOutcome> {
  if (!(error instanceof Refused) && !isUniqueViolation(error)) throw error;
  // a press with the same key got there first: answer with its result
  const first = await answerForKey(form.idempotencyKey, orderId);
  if (first) return first;
  if (error instanceof Refused && error.answer.kind === "refused" && error.answer.message)
    return error.answer;
  const fresh = await db
    .selectFrom("orders")
    .select(["refundedCents"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (fresh && fresh.refundedCents !== form.seenRefundedCents)
    return { kind: "refused", message: REFUND_MESSAGES.changed };
  return {
    kind: "refused",
    message: REFUND_MESSAGES.moreThanLeft(
      Math.max(0, d.ctx.paidCents - (fresh?.refundedCents ?? 0)),
    ),
  };
}

/** One press of the refund button: decide, claim, refund at the gateway, settle. */
export async function refundOrder({
  now = () => new Date(),
  ...press
}: Press & {
  staff: Pick<Staff, "id" | "role" | "ip">;
  now?: () => Date;
}): Promise<RefundOutcome> {
  const { staff, orderId, form, origin } = press;
  const repeat = await answerForKey(form.idempotencyKey, orderId);
  if (repeat) return repeat;
  // a refund whose request died half-way is finished first (it is already counted as refunded)
  await resumeAbandonedRefunds({ staff, orderId, origin, now: now() });

  // 1. decide
  const decided = await decideRefund(press);
  if (!("plan" in decided)) return decided;
  const { ctx, plan, payment } = decided;
  const customer = await db
    .selectFrom("users")
    .select(["email", "firstName"])
    .where("id", "=", ctx.order.userId)
    .executeTakeFirstOrThrow();

  // 2. claim
  let claimed: { id: number; noteNumber: string };
  try {
    claimed = await claimRefund(press, decided, customer, now());
  } catch (error) {
    return unclaimedAnswer(error, press, decided);
  }
  const done = {
    kind: "done" as const,
    noteNumber: claimed.noteNumber,
    amountCents: plan.amountCents,
  };
  if (!payment) return { ...done, method: "credit" } as const;

  // 3. the gateway refunds, once for the refund's key
  let gatewayRefundId: string;
  try {
    const result = await paymentGateway().refund(
      payment.gatewayChargeId,
      plan.amountCents,
      form.idempotencyKey,
    );
    gatewayRefundId = result.refundId;
  } catch (error) {
    await markUnknown(staff, claimed.id, ctx.order.reference, error, now());
    return { kind: "unknown", noteNumber: claimed.noteNumber, amountCents: plan.amountCents };
  }

  // 4. settle
  await settleSucceeded({
    staff,
    refund: {
      ...claimed,
      amountCents: plan.amountCents,
      gstCents: plan.gstCents,
      reason: form.reason,
    },
    payment,
    reference: ctx.order.reference,
    customer,
    origin,
    gatewayRefundId,
    at: now(),
  });
  return { ...done, method: "card" } as const;
}

/**
 * A card refund left pending longer than PAYMENTS.abandonedAfterMinutes was claimed by a request
 * that died before it heard from the gateway. The next refund press on the order finishes it: the
 * gateway is asked again with the refund's own key (it refunds a key at most once), then it is
 * settled as usual. Its amount stayed counted in refundedCents all along, so nothing was refunded twice.
 */
export async function resumeAbandonedRefunds({
  staff,
  orderId,
  origin,
  now = new Date(),
}: {
  staff: Pick<Staff, "id" | "role" | "ip">;
  orderId: number;
  origin: string;
  now?: Date;
}): Promise<number> {
  const before = new Date(now.getTime() - PAYMENTS.abandonedAfterMinutes * 60_000).toISOString();
  const stale = await db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.paymentId")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .innerJoin("users", "users.id", "orders.userId")
    .select([
      "refunds.id",
      "refunds.noteNumber",
      "refunds.amountCents",
      "refunds.gstCents",
      "refunds.reason",
      "refunds.idempotencyKey",
      "payments.id as paymentId",
      "payments.amountCents as paymentCents",
      "payments.cardBrand",
      "payments.cardLastFour",
      "payments.gatewayChargeId",
      "orders.reference",
      "users.email",
      "users.firstName",
    ])
    .where("refunds.orderId", "=", orderId)
    .where("refunds.status", "=", "pending")
    .where("refunds.method", "=", "card")
    .where("refunds.createdAt", "<", before)
    .execute();
  let resumed = 0;
  for (const r of stale) {
    if (!r.gatewayChargeId) continue;
    let refundId: string;
    try {
      refundId = (await paymentGateway().refund(r.gatewayChargeId, r.amountCents, r.idempotencyKey))
        .refundId;
    } catch (error) {
      await markUnknown(staff, r.id, r.reference, error, new Date());
      continue;
    }
    await settleRowSucceeded(staff, r, { origin, gatewayRefundId: refundId, at: new Date() });
    resumed++;
  }
  return resumed;
}
