// Deliveries at their cut-off, taken by a job runner a batch at a time (decision 048). Several
// runners may work at once (app instances, `npm run jobs` workers). With a plain select each took
// the same batch in the same order, and both worked every delivery: one decided it, the other
// found it decided only after the quote and card lookup made for it, so a second runner added
// little. On PostgreSQL a runner now claims its batch in one statement: it stamps `claimed_at`
// (a lease of RENEWALS.claimLeaseMinutes, as a charge's) on deliveries that are still due, passing
// over rows another runner's claim holds at that moment (`for update skip locked`) and rows under
// a live lease, so the next runner takes the next batch.
//
// The claim only shares the work out. Each delivery is still decided exactly once by
// renewAtCutoff's conditional update in the transaction of its effects, which checks again that it
// is undecided; the lease only stops another runner from taking it while the claimer works. The
// claim goes when the decision is made or fails (so a failure is tried again on the next run, as
// before), and a runner that dies leaves its batch to the others once the lease runs out.
// SQLite has a single writer: it keeps the plain select.
import { PostgresAdapter, type Kysely } from "kysely";
import { RENEWALS } from "~/config";
import type { DB } from "~/db/schema";

export type AtCutoff = {
  id: number;
  subscriptionId: number;
  deliveryDate: string;
  claimedAt: string | null;
};

const isPostgres = (db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Undecided deliveries whose cut-off has passed, oldest cut-off first: up to `limit`, claimed for this runner on PostgreSQL. */
export async function claimAtCutoff(db: Kysely<DB>, now: Date, limit: number): Promise<AtCutoff[]> {
  const ts = now.toISOString();
  const due = db
    .selectFrom("deliveries")
    .where("processedAt", "is", null)
    .where("cutoffAt", "<=", ts);
  if (!isPostgres(db)) {
    const rows = await due
      .select(["id", "subscriptionId", "deliveryDate"])
      .orderBy("cutoffAt")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, claimedAt: null }));
  }
  const leaseStart = new Date(now.getTime() - RENEWALS.claimLeaseMinutes * 60_000).toISOString();
  // The pick runs once, materialized: as `id in (subquery)` the planner may scan it again for each
  // row, each scan skipping what the last one locked, and claim far more than `limit` (measured: all of them).
  const rows = await db
    .with(
      (cte) => cte("picked").materialized(),
      () =>
        due
          .where((eb) => eb.or([eb("claimedAt", "is", null), eb("claimedAt", "<=", leaseStart)]))
          .select("id")
          .orderBy("cutoffAt")
          .orderBy("id")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
    )
    .updateTable("deliveries")
    .set({ claimedAt: ts })
    .from("picked")
    .whereRef("deliveries.id", "=", "picked.id")
    // checked again on the row as last committed (one changed since the statement began is read
    // again under its lock): a delivery decided meanwhile is passed over
    .where("deliveries.processedAt", "is", null)
    .where("deliveries.cutoffAt", "<=", ts)
    .returning([
      "deliveries.id",
      "deliveries.subscriptionId",
      "deliveries.deliveryDate",
      "deliveries.cutoffAt",
      "deliveries.claimedAt",
    ])
    .execute();
  return rows
    .sort((a, b) => a.cutoffAt.localeCompare(b.cutoffAt) || a.id - b.id)
    .map(({ id, subscriptionId, deliveryDate, claimedAt }) => ({
      id,
      subscriptionId,
      deliveryDate,
      claimedAt,
    }));
}

/**
 * Runs the decision of a claimed delivery, then lets its claim go: a delivery closed (skipped,
 * paused, cancelled, missed) or still undecided after a failure loses the stamp. One being charged
 * keeps `claimed_at`: the decision made it the charge's lease (resumeCharge reads it), and settling clears it.
 */
export async function decideClaimed<T>(
  db: Kysely<DB>,
  row: Pick<AtCutoff, "id" | "claimedAt">,
  decide: () => Promise<T>,
): Promise<T> {
  try {
    return await decide();
  } finally {
    if (row.claimedAt) {
      await db
        .updateTable("deliveries")
        .set({ claimedAt: null })
        .where("id", "=", row.id)
        .where("claimedAt", "=", row.claimedAt)
        .where("status", "!=", "ordered")
        .execute()
        .catch(() => undefined); // not let go (the database gone): the lease runs out
    }
  }
}
