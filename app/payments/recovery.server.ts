// Payments left half-way: a process that claimed a payment (box checkout,
// pay-an-order, gift-card purchase) and died before settling it leaves the row
// `pending`, the draft or order claimed, stock reserved and credit spent. The
// checkout's input (a new card's token, the addresses) was never stored, so
// the payment cannot be finished: after a lease this job asks the gateway
// whether the key was charged (a charge is refunded), then, in one
// transaction claimed by the row's own conditional update, marks the payment
// declined and gives back what its claim reserved. The shopper can simply try
// again. Renewals resume their own charges (app/subscriptions/renewals.server.ts).
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { JobKind } from "~/jobs/types";
import { addLedgerEntry } from "~/orders/credit.server";
import { PAYMENTS } from "~/config";
import { paymentGateway } from "./sandbox-gateway.server";
import type { Reserved } from "./payments.server";

type Item = { paymentId: number; key: string };

export const INTERRUPTED = "This payment was interrupted before it finished, and nothing was charged. Please try again.";
export const INTERRUPTED_REFUNDED = "This payment was interrupted before it finished, and the charge was refunded. Please try again.";

function reservedOf(json: string | null): Reserved {
  try {
    const v = json ? JSON.parse(json) : null;
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** Gives back one abandoned payment's reservations; "skipped" when it was settled meanwhile. */
export async function recoverPayment(db: Kysely<DB>, paymentId: number): Promise<"done" | "skipped"> {
  const row = await db.selectFrom("payments").select(["id", "idempotencyKey", "status", "userId", "amountCents", "reserved"])
    .where("id", "=", paymentId).executeTakeFirst();
  if (!row || row.status !== "pending") return "skipped";
  const key = row.idempotencyKey;
  // a real gateway answers from its own records; a charge that went through is given back
  const charge = await paymentGateway().findCharge(key);
  const refunded = charge?.status === "succeeded" && Boolean(charge.chargeId);
  if (refunded && charge?.status === "succeeded") await paymentGateway().refund(charge.chargeId, charge.amountCents, `refund:${key}`);
  const reserved = reservedOf(row.reserved);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable("payments")
      .set({ status: "declined", failureMessage: refunded ? INTERRUPTED_REFUNDED : INTERRUPTED })
      .where("id", "=", row.id).where("status", "=", "pending").executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "skipped" as const;
    for (const s of reserved.stock ?? []) {
      await trx.updateTable("products").set((eb) => ({ inventory: eb("inventory", "+", s.quantity) }))
        .where("id", "=", s.productId).where("inventory", "is not", null).execute();
    }
    if (row.userId && reserved.creditCents && reserved.creditCents > 0) {
      await addLedgerEntry(trx, { userId: row.userId, amountCents: reserved.creditCents, reason: "Credit returned: payment not completed", reference: reserved.creditReference ?? key });
    }
    await trx.updateTable("subscriptions").set({ checkoutKey: null, updatedAt: new Date().toISOString() }).where("checkoutKey", "=", key).execute();
    await trx.updateTable("orders").set({ paymentKey: null }).where("paymentKey", "=", key).execute();
    return "done" as const;
  });
}

const staleBefore = (now: Date) => new Date(now.getTime() - PAYMENTS.abandonedAfterMinutes * 60_000).toISOString();

export const paymentRecoveryJob: JobKind<Item> = {
  name: "payment-recovery",
  async due({ db, now }, limit) {
    const rows = await db.selectFrom("payments").select(["id", "idempotencyKey"])
      .where("status", "=", "pending").where("createdAt", "<=", staleBefore(now)).where("idempotencyKey", "not like", "renewal:%")
      .orderBy("createdAt").limit(limit).execute();
    return rows.map((r) => ({ paymentId: r.id, key: r.idempotencyKey }));
  },
  run: ({ db }, item) => recoverPayment(db, item.paymentId),
  // the key is the shopper's form token: log the payment id only
  describe: (item) => ({ paymentId: item.paymentId }),
  async oldestDue({ db, now }) {
    const row = await db.selectFrom("payments").select((eb) => eb.fn.min("createdAt").as("oldest"))
      .where("status", "=", "pending").where("createdAt", "<=", staleBefore(now)).where("idempotencyKey", "not like", "renewal:%")
      .executeTakeFirst();
    const oldest = row?.oldest as string | null | undefined;
    return oldest ? new Date(Date.parse(oldest) + PAYMENTS.abandonedAfterMinutes * 60_000).toISOString() : null;
  },
};
