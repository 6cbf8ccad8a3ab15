// Claiming a gift card: single-use under any concurrency. One conditional
// update (`… where claimed_at is null`) decides the winner inside a
// transaction that also writes the credit-ledger row, so a code becomes credit
// exactly once, whichever worker process or app instance handles the request.
// A card is found by the keyed hash of the code (decision 045), never the code.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { addLedgerEntry, creditBalance } from "~/orders/credit.server";
import { RATE_LIMIT, consume } from "~/security/rate-limit.server";
import { giftCodeHashes } from "./codes.server";
import { isWellFormedCode, normaliseCode, sydneyToday } from "./rules";

/** A claimed card as the claimer may see it again: its last four characters, not its code. */
export type ClaimedCard = {
  id: number;
  codeLast4: string;
  valueCents: number;
  expiresOn: string | null;
};

export type ClaimResult =
  | { ok: true; card: ClaimedCard; balanceCents: number }
  | { ok: false; reason: "not-found" | "claimed" | "expired"; expiresOn?: string | null };

/** The ledger reference of a claimed card (one row per card). */
export const claimReference = (cardId: number) => `gift-card:${cardId}`;

async function claimIn(
  trx: Kysely<DB>,
  userId: number,
  codeHashes: string[],
  now: Date,
): Promise<ClaimResult> {
  // The first statement writes: concurrent SQLite writers queue here, and on
  // PostgreSQL the row lock makes every other claimer see claimed_at set.
  const res = await trx
    .updateTable("giftCards")
    .set({ claimedAt: now.toISOString(), claimedByUserId: userId })
    .where("codeHash", "in", codeHashes)
    .where("claimedAt", "is", null)
    // a card cancelled by staff (its purchase refunded) can no longer be claimed (issue 36)
    .where("cancelledAt", "is", null)
    .where((eb) => eb.or([eb("expiresOn", "is", null), eb("expiresOn", ">=", sydneyToday(now))]))
    .executeTakeFirst();
  const card = await trx
    .selectFrom("giftCards")
    .select(["id", "codeLast4", "valueCents", "expiresOn", "claimedAt", "cancelledAt"])
    .where("codeHash", "in", codeHashes)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1 || !card) {
    if (!card || card.cancelledAt) return { ok: false, reason: "not-found" };
    if (card.claimedAt) return { ok: false, reason: "claimed" };
    return { ok: false, reason: "expired", expiresOn: card.expiresOn };
  }
  await addLedgerEntry(trx, {
    userId,
    amountCents: card.valueCents,
    reason: "Gift card activated",
    reference: claimReference(card.id),
  });
  return {
    ok: true,
    card: {
      id: card.id,
      codeLast4: card.codeLast4,
      valueCents: card.valueCents,
      expiresOn: card.expiresOn,
    },
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
  // the code's hash under each live key: the card may have been stored before a key rotation
  const codeHashes = giftCodeHashes(normalised);
  if (executor.isTransaction) return claimIn(executor, userId, codeHashes, now);
  return executor.transaction().execute((trx) => claimIn(trx, userId, codeHashes, now));
}

/** Activation tries per user and per client address in the rate-limit window. */
export function activationLimits(userId: number, ip: string) {
  return [
    { key: `gift-activate:user:${userId}`, max: RATE_LIMIT.max },
    { key: `gift-activate:ip:${ip}`, max: RATE_LIMIT.ipMax },
  ];
}

/** The activate page's claim: rate-limited (every try counts), then claimed. Throws RateLimitedError. */
export async function activateGiftCard({
  userId,
  code,
  ip,
}: {
  userId: number;
  code: string;
  ip: string;
}): Promise<ClaimResult> {
  await consume(activationLimits(userId, ip));
  return claimGiftCardCode(db, { userId, code });
}

/** A card this user claimed, by its id, for the success dialog after the redirect (the address carries no code). */
export async function claimedCardOf({
  userId,
  cardId,
}: {
  userId: number;
  cardId: number;
}): Promise<ClaimedCard | null> {
  if (!Number.isSafeInteger(cardId) || cardId <= 0) return null;
  const row = await db
    .selectFrom("giftCards")
    .select(["id", "codeLast4", "valueCents", "expiresOn"])
    .where("id", "=", cardId)
    .where("claimedByUserId", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}
