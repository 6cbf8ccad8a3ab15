// Refunds whose outcome is unknown (decision 072): the gateway erred while refunding (a timeout may
// come after the refund was made), so the refund was left `unknown`, still counted as refunded, and a
// cancelled gift card still cancelled. This job asks the gateway for the refund by its idempotency key
// once the lease has passed (a request still on its way to the gateway has landed by then):
// - refunded: the refund succeeds as a press that heard back would (the adjustment note, or the gift
//   card's cancellation e-mail);
// - not refunded: the refund is failed, its amount given back to the order (staff can refund again),
//   and a gift card cancelled by it works again.
// Each is claimed by the refund's own unknown → succeeded | failed update, in the transaction of its
// effects, so a second run or two runners at once settle it once.
import type { Kysely } from "kysely";
import { releaseCancel, settleCancelRefunded } from "./cancel-settle.server";
import { PAYMENTS } from "~/config";
import type { DB, StaffRole } from "~/db/schema";
import type { JobKind, JobOutcome } from "~/jobs/types";
import type { PaymentGateway } from "~/payments/gateway";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { settleFailed, settleRowSucceeded } from "./settle.server";

type Item = { refundId: number };

/** The audit's "from" for what the job does on behalf of the member of staff who pressed. */
export const SETTLEMENT_IP = "refund settlement job";

const settledBefore = (now: Date) =>
  new Date(now.getTime() - PAYMENTS.abandonedAfterMinutes * 60_000).toISOString();

/** Asks the gateway about one unknown refund and settles it; "skipped" when it was settled meanwhile. */
export async function settleUnknownRefund(
  db: Kysely<DB>,
  refundId: number,
  {
    now = new Date(),
    origin,
    gateway = paymentGateway(),
  }: { now?: Date; origin: string; gateway?: PaymentGateway },
): Promise<JobOutcome> {
  const r = await db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .innerJoin("users as customer", "customer.id", "orders.userId")
    .innerJoin("users as staff", "staff.id", "refunds.staffUserId")
    .innerJoin("payments", "payments.id", "refunds.paymentId")
    .select([
      "refunds.id",
      "refunds.orderId",
      "refunds.noteNumber",
      "refunds.amountCents",
      "refunds.gstCents",
      "refunds.reason",
      "refunds.idempotencyKey",
      "refunds.staffUserId",
      "staff.staffRole",
      "orders.kind",
      "orders.reference",
      "customer.email",
      "customer.firstName",
      "payments.id as paymentId",
      "payments.amountCents as paymentCents",
      "payments.cardBrand",
      "payments.cardLastFour",
    ])
    .where("refunds.id", "=", refundId)
    .where("refunds.status", "=", "unknown")
    .executeTakeFirst();
  if (!r) return "skipped";
  // the gateway's own records answer; an error here leaves the refund unknown for the next run
  const found = await gateway.findRefund(r.idempotencyKey);
  // the entries are the pressing member of staff's, marked as the job's doing
  const staff = {
    id: r.staffUserId,
    role: (r.staffRole ?? "support") as StaffRole,
    ip: SETTLEMENT_IP,
  };
  let settled: boolean;
  if (r.kind === "gift_card")
    settled = found
      ? await settleCancelRefunded(db, {
          key: r.idempotencyKey,
          gatewayRefundId: found.refundId,
          from: "unknown",
          at: now,
        })
      : await releaseCancel(db, staff, { key: r.idempotencyKey, at: now });
  else
    settled = found
      ? await settleRowSucceeded(staff, r, {
          origin,
          gatewayRefundId: found.refundId,
          at: now,
          from: "unknown",
        })
      : await settleFailed(staff, r.id, r.orderId, r.reference, r.amountCents, now, "unknown");
  return settled ? "done" : "skipped";
}

/** Unknown refunds older than the lease, oldest first. */
const unknownRefunds = (db: Kysely<DB>, now: Date) =>
  db
    .selectFrom("refunds")
    .where("status", "=", "unknown")
    .where("createdAt", "<=", settledBefore(now));

export const refundSettlementJob: JobKind<Item> = {
  name: "refund-settlement",
  async due({ db, now }, limit) {
    const rows = await unknownRefunds(db, now)
      .select("id")
      .orderBy("createdAt")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ refundId: r.id }));
  },
  run: ({ db, now, origin }, item) => settleUnknownRefund(db, item.refundId, { now, origin }),
  describe: (item) => ({ refundId: item.refundId }),
  async oldestDue({ db, now }) {
    const row = await unknownRefunds(db, now)
      .select((eb) => eb.fn.min("createdAt").as("since"))
      .executeTakeFirst();
    return typeof row?.since === "string"
      ? new Date(Date.parse(row.since) + PAYMENTS.abandonedAfterMinutes * 60_000).toISOString()
      : null;
  },
};
