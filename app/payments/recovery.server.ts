// Payments left half-way: a process that claimed a payment (box checkout,
// pay-an-order, gift-card purchase) and died before settling it leaves the row
// `pending`, the draft or order claimed, stock reserved and credit spent. The
// checkout's input (a new card's token, the addresses) was never stored, so
// the payment cannot be finished: after a lease this job first takes the row
// (pending → recovering, a conditional update, so a submit that is still
// charging can no longer settle it and undoes its own work instead), asks the
// gateway whether the key was charged (a charge is refunded), then, in one
// transaction claimed by the row's recovering → declined update, gives back
// what its claim reserved. A recovery that died half-way is taken again after
// another lease. The shopper can simply try again. Renewals resume their own
// charges (app/subscriptions/renewals.server.ts).
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { preparedOnGiven } from "~/db/prepared.server";
import type { JobKind } from "~/jobs/types";
import { addLedgerEntry } from "~/orders/credit.server";
import { PAYMENTS } from "~/config";
import { paymentGateway } from "./sandbox-gateway.server";
import type { Reserved } from "./payments.server";
import { releaseDiscountUse } from "~/discounts/discount-use.server";

type Item = { paymentId: number; key: string };

export const INTERRUPTED =
  "This payment was interrupted before it finished, and nothing was charged. Please try again.";
export const INTERRUPTED_REFUNDED =
  "This payment was interrupted before it finished, and the charge was refunded. Please try again.";

function reservedOf(json: string | null): Reserved {
  try {
    const v = json ? JSON.parse(json) : null;
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

const staleBefore = (now: Date) =>
  new Date(now.getTime() - PAYMENTS.abandonedAfterMinutes * 60_000).toISOString();

// /healthz asks these on every call: compiled once (docs/performance.md, 2026-11-29)
const oldestStalePending = preparedOnGiven((q: Kysely<DB>, before: string) =>
  q
    .selectFrom("payments")
    .select((eb) => eb.fn.min("createdAt").as("since"))
    .where("status", "=", "pending")
    .where("createdAt", "<=", before)
    .where("idempotencyKey", "not like", "renewal:%"),
);
const oldestStaleRecovering = preparedOnGiven((q: Kysely<DB>, before: string) =>
  q
    .selectFrom("payments")
    .select((eb) => eb.fn.min("recoveryClaimedAt").as("since"))
    .where("status", "=", "recovering")
    .where("recoveryClaimedAt", "<=", before),
);

/**
 * Gives back one abandoned payment's reservations; "skipped" when it was settled meanwhile, or another
 * recovery holds it. `now` is the instant the run acts for (its lease clock).
 */
export async function recoverPayment(
  db: Kysely<DB>,
  paymentId: number,
  now = new Date(),
): Promise<"done" | "skipped"> {
  const row = await db
    .selectFrom("payments")
    .select([
      "id",
      "idempotencyKey",
      "status",
      "userId",
      "amountCents",
      "reserved",
      "createdAt",
      "recoveryClaimedAt",
    ])
    .where("id", "=", paymentId)
    .executeTakeFirst();
  // 1. take the row before anything else: from here on the submit that claimed it cannot settle it
  if (!row || !(await takeRow(db, row, now))) return "skipped";

  // 2. a real gateway answers from its own records; a charge that went through is given back
  // (the refund key is the one a late settle of the same charge uses: refunded once)
  const key = row.idempotencyKey;
  const refundedChargeId = await refundIfCharged(key);

  // 3. give back what the claim took, once: claimed by the row's own recovering → declined update
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("payments")
      .set({
        status: "declined",
        failureMessage: refundedChargeId ? INTERRUPTED_REFUNDED : INTERRUPTED,
        ...(refundedChargeId ? { gatewayChargeId: refundedChargeId } : {}),
      })
      .where("id", "=", row.id)
      .where("status", "=", "recovering")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "skipped" as const;
    await giveBackReserved(trx, { key, userId: row.userId, reserved: reservedOf(row.reserved) });
    return "done" as const;
  });
}

type AbandonedRow = {
  id: number;
  status: string;
  recoveryClaimedAt: string | null;
};

/**
 * pending → recovering once the lease has passed, or a recovery that died half-way taken again
 * after its own lease; false when the row is settled or another recovery holds it.
 */
async function takeRow(db: Kysely<DB>, row: AbandonedRow, now: Date): Promise<boolean> {
  let take = db
    .updateTable("payments")
    .set({ status: "recovering", recoveryClaimedAt: now.toISOString() })
    .where("id", "=", row.id);
  if (row.status === "pending")
    take = take.where("status", "=", "pending").where("createdAt", "<=", staleBefore(now));
  else if (row.status === "recovering") {
    take = take
      .where("status", "=", "recovering")
      .where("recoveryClaimedAt", "<=", staleBefore(now));
    take =
      row.recoveryClaimedAt === null
        ? take.where("recoveryClaimedAt", "is", null)
        : take.where("recoveryClaimedAt", "=", row.recoveryClaimedAt);
  } else return false;
  const taken = await take.executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** The id of the charge made under `key` and now refunded, or null when nothing was charged. */
async function refundIfCharged(key: string): Promise<string | null> {
  const charge = await paymentGateway().findCharge(key);
  if (charge?.status !== "succeeded" || !charge.chargeId) return null;
  await paymentGateway().refund(charge.chargeId, charge.amountCents, `refund:${key}`);
  return charge.chargeId;
}

/** Stock, credit, the subscription's and the order's hold, the discount code's use: all given back. */
async function giveBackReserved(
  trx: Transaction<DB>,
  { key, userId, reserved }: { key: string; userId: number | null; reserved: Reserved },
) {
  for (const s of reserved.stock ?? []) {
    await trx
      .updateTable("products")
      .set((eb) => ({ inventory: eb("inventory", "+", s.quantity) }))
      .where("id", "=", s.productId)
      .where("inventory", "is not", null)
      .execute();
  }
  if (userId && reserved.creditCents && reserved.creditCents > 0) {
    await addLedgerEntry(trx, {
      userId,
      amountCents: reserved.creditCents,
      reason: "Credit returned: payment not completed",
      reference: reserved.creditReference ?? key,
    });
  }
  await trx
    .updateTable("subscriptions")
    .set({ checkoutKey: null, updatedAt: new Date().toISOString() })
    .where("checkoutKey", "=", key)
    .execute();
  // a discount code's use claimed by this checkout (decision 056)
  await releaseDiscountUse(trx, key);
  await trx.updateTable("orders").set({ paymentKey: null }).where("paymentKey", "=", key).execute();
}

/** Payments left pending past the lease, and recoveries left half-way past theirs. */
function abandoned(db: Kysely<DB>, now: Date) {
  const before = staleBefore(now);
  return db
    .selectFrom("payments")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("createdAt", "<=", before)]),
        eb.and([eb("status", "=", "recovering"), eb("recoveryClaimedAt", "<=", before)]),
      ]),
    )
    .where("idempotencyKey", "not like", "renewal:%");
}

export const paymentRecoveryJob: JobKind<Item> = {
  name: "payment-recovery",
  async due({ db, now }, limit) {
    const rows = await abandoned(db, now)
      .select(["id", "idempotencyKey"])
      .orderBy("createdAt")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ paymentId: r.id, key: r.idempotencyKey }));
  },
  run: ({ db, now }, item) => recoverPayment(db, item.paymentId, now),
  // the key is the shopper's form token: log the payment id only
  describe: (item) => ({ paymentId: item.paymentId }),
  async oldestDue({ db, now }) {
    const before = staleBefore(now);
    const [[pending], [recovering]] = await Promise.all([
      oldestStalePending(db)(before),
      oldestStaleRecovering(db)(before),
    ]);
    const oldest = [pending?.since, recovering?.since]
      .filter((v): v is string => typeof v === "string")
      .sort()[0];
    return oldest
      ? new Date(Date.parse(oldest) + PAYMENTS.abandonedAfterMinutes * 60_000).toISOString()
      : null;
  },
};
