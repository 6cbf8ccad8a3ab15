// Claiming a gift card: single-use under any concurrency. One conditional
// update (`… where claimed_at is null`) decides the winner inside a
// transaction that also writes the credit-ledger row, so a code becomes credit
// exactly once, whichever worker process or app instance handles the request.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { addLedgerEntry, creditBalance } from "~/orders/credit.server";
import { RATE_LIMIT, consume } from "~/security/rate-limit.server";
import { isWellFormedCode, normaliseCode, sydneyToday } from "./rules";

export type ClaimedCard = { id: number; code: string; valueCents: number; expiresOn: string | null };

export type ClaimResult =
  | { ok: true; card: ClaimedCard; balanceCents: number }
  | { ok: false; reason: "not-found" | "claimed" | "expired"; expiresOn?: string | null };

/** The ledger reference of a claimed card (one row per card). */
export const claimReference = (cardId: number) => `gift-card:${cardId}`;

async function claimIn(trx: Kysely<DB>, userId: number, code: string, now: Date): Promise<ClaimResult> {
  // The first statement writes: concurrent SQLite writers queue here, and on
  // PostgreSQL the row lock makes every other claimer see claimed_at set.
  const res = await trx
    .updateTable("giftCards")
    .set({ claimedAt: now.toISOString(), claimedByUserId: userId })
    .where("code", "=", code)
    .where("claimedAt", "is", null)
    .where((eb) => eb.or([eb("expiresOn", "is", null), eb("expiresOn", ">=", sydneyToday(now))]))
    .executeTakeFirst();
  const card = await trx.selectFrom("giftCards").select(["id", "code", "valueCents", "expiresOn", "claimedAt"]).where("code", "=", code).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1 || !card) {
    if (!card) return { ok: false, reason: "not-found" };
    if (card.claimedAt) return { ok: false, reason: "claimed" };
    return { ok: false, reason: "expired", expiresOn: card.expiresOn };
  }
  await addLedgerEntry(trx, { userId, amountCents: card.valueCents, reason: "Gift card activated", reference: claimReference(card.id) });
  return {
    ok: true,
    card: { id: card.id, code: card.code, valueCents: card.valueCents, expiresOn: card.expiresOn },
    balanceCents: await creditBalance({ userId }, trx),
  };
}

/**
 * Claims `code` (any case, with or without spaces or dashes) for `userId` and
 * adds its value to the user's credit. Pass a transaction to make the claim
 * part of it (box checkout claims the giftCardActivationCode cookie this way
 * before it spends credit), or the database to run in a transaction of its own.
 * Never throws for a bad code: a failure is a result, so the caller's
 * transaction is not aborted.
 */
export async function claimGiftCardCode(
  executor: Kysely<DB> | Transaction<DB>,
  { userId, code, now = new Date() }: { userId: number; code: string; now?: Date },
): Promise<ClaimResult> {
  const normalised = normaliseCode(code);
  if (!isWellFormedCode(normalised)) return { ok: false, reason: "not-found" };
  if (executor.isTransaction) return claimIn(executor, userId, normalised, now);
  return executor.transaction().execute((trx) => claimIn(trx, userId, normalised, now));
}

/** Activation tries per user and per client address in the rate-limit window. */
export function activationLimits(userId: number, ip: string) {
  return [
    { key: `gift-activate:user:${userId}`, max: RATE_LIMIT.max },
    { key: `gift-activate:ip:${ip}`, max: RATE_LIMIT.ipMax },
  ];
}

/** The activate page's claim: rate-limited (every try counts), then claimed. Throws RateLimitedError. */
export async function activateGiftCard({ userId, code, ip }: { userId: number; code: string; ip: string }): Promise<ClaimResult> {
  await consume(activationLimits(userId, ip));
  return claimGiftCardCode(db, { userId, code });
}

/** A card this user claimed, for the success dialog after the redirect. */
export async function claimedCardOf({ userId, code }: { userId: number; code: string }): Promise<ClaimedCard | null> {
  const normalised = normaliseCode(code);
  if (!isWellFormedCode(normalised)) return null;
  const row = await db
    .selectFrom("giftCards")
    .select(["id", "code", "valueCents", "expiresOn"])
    .where("code", "=", normalised)
    .where("claimedByUserId", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}
