// Marking a day's orders packed and dispatched (issue 36): one order, or every paid order of the
// day at once. Only a paid box order of that day is marked; dispatched implies packed (an order
// dispatched before it was marked packed gets both times). Each order marked writes its own audit
// entry in the transaction that marks it; an order already marked is left as it is (no entry), so
// pressing twice changes nothing the second time. The subscriber sees "Packed", then "On its way".
import type { Kysely } from "kysely";
import { writeAudit } from "~/admin/audit.server";
import type { Staff } from "~/staff/staff-session.server";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";

export type MarkAction = "pack" | "dispatch";

export type MarkOutcome =
  { ok: true; marked: number; already: number } | { ok: false; status: 404 | 409; message: string };

export const MARK_MESSAGES = {
  notFound: (reference: string) => `There is no box order ${reference} for this day.`,
  unpaid: (reference: string) =>
    `Order ${reference} is not paid: it is not packed or sent until it is.`,
  noneToMark: "There are no paid orders on this day to mark.",
} as const;

type Row = { id: number; reference: string; packedAt: string | null; dispatchedAt: string | null };

const needs = (action: MarkAction, o: Row) => (action === "pack" ? !o.packedAt : !o.dispatchedAt);

async function markRows(
  trx: Kysely<DB>,
  staff: Pick<Staff, "id" | "role" | "ip">,
  action: MarkAction,
  rows: Row[],
  now: Date,
): Promise<number> {
  const ts = now.toISOString();
  let marked = 0;
  for (const o of rows) {
    if (!needs(action, o)) continue;
    const set =
      action === "pack" ? { packedAt: ts } : { dispatchedAt: ts, packedAt: o.packedAt ?? ts };
    // the same conditions as the read: a second press or another member of staff marks nothing twice
    const res = await trx
      .updateTable("orders")
      .set(set)
      .where("id", "=", o.id)
      .where("status", "=", "paid")
      .where(action === "pack" ? "packedAt" : "dispatchedAt", "is", null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue;
    marked++;
    await writeAudit(
      trx,
      staff,
      {
        action: action === "pack" ? "order.pack" : "order.dispatch",
        entityType: "order",
        entityId: o.reference,
        before: { packedAt: o.packedAt, dispatchedAt: o.dispatchedAt },
        after: {
          packedAt: set.packedAt,
          dispatchedAt: "dispatchedAt" in set ? set.dispatchedAt : null,
        },
      },
      now,
    );
  }
  return marked;
}

/** Marks one order of the day packed or dispatched; refuses an unpaid one. */
export async function markOrder(
  staff: Pick<Staff, "id" | "role" | "ip">,
  { date, reference, action }: { date: string; reference: string; action: MarkAction },
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<MarkOutcome> {
  return db.transaction().execute(async (trx) => {
    const o = await trx
      .selectFrom("orders")
      .select(["id", "reference", "status", "packedAt", "dispatchedAt"])
      .where("reference", "=", reference)
      .where("deliveryDate", "=", date)
      .where("kind", "=", "box")
      .executeTakeFirst();
    if (!o) return { ok: false, status: 404, message: MARK_MESSAGES.notFound(reference) } as const;
    if (o.status !== "paid")
      return { ok: false, status: 409, message: MARK_MESSAGES.unpaid(o.reference) } as const;
    const marked = await markRows(trx, staff, action, [o], now);
    return { ok: true, marked, already: 1 - marked } as const;
  });
}

/** Marks every paid order of the day packed or dispatched (unpaid ones are left out). */
export async function markAllOrders(
  staff: Pick<Staff, "id" | "role" | "ip">,
  { date, action }: { date: string; action: MarkAction },
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<MarkOutcome> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("orders")
      .select(["id", "reference", "packedAt", "dispatchedAt"])
      .where("deliveryDate", "=", date)
      .where("status", "=", "paid")
      .where("kind", "=", "box")
      .orderBy("reference")
      .execute();
    if (!rows.length) return { ok: false, status: 409, message: MARK_MESSAGES.noneToMark } as const;
    const marked = await markRows(trx, staff, action, rows, now);
    return { ok: true, marked, already: rows.length - marked } as const;
  });
}
