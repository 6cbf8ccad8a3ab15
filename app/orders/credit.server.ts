// The credit ledger: every movement (gift card claimed, credit spent, credit
// returned) is one row, so a user's balance is always the sum of the ledger.
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";

const balanceOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("creditLedger")
      .select((eb) => eb.fn.sum<number>("amountCents").as("balance"))
      .where("userId", "=", userId),
);

export async function creditBalance(
  { userId }: { userId: number },
  trx: Kysely<DB> = db,
): Promise<number> {
  const [row] = await balanceOf.on(trx)(userId);
  return Math.max(0, Number(row?.balance ?? 0));
}

/** Adds a movement; `amountCents` is positive for credit added, negative for credit spent. */
export async function addLedgerEntry(
  trx: Kysely<DB>,
  entry: {
    userId: number;
    amountCents: number;
    reason: string;
    reference: string | null;
    /** staff adding or removing credit on a customer's page: who, and the page's key */
    staffUserId?: number;
    idempotencyKey?: string;
  },
) {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) return;
  await trx
    .insertInto("creditLedger")
    .values({ ...entry, createdAt: new Date().toISOString() })
    .execute();
}

/**
 * Serialises credit movements of one user inside a transaction: a write on the
 * user's row is a row lock on PostgreSQL and takes SQLite's write lock, so two
 * checkouts cannot both spend the same balance.
 */
export async function lockUser(trx: Kysely<DB>, userId: number) {
  await trx
    .updateTable("users")
    .set({ updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}
