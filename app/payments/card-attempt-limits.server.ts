// No free card testing (issue 34 item 4, decision 042). Every new card, wherever it is typed, is
// admitted here before the gateway sees it: the attempt is written against the account's and the
// client address's budgets in the same transaction that checks them, so a burst of parallel
// requests cannot get more attempts than the budgets hold. A card the gateway declines then
// weighs more (countDecline). A saved card is not a new card and is never limited.
import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import type { NewCard } from "./card-schema";
import {
  attemptIdOf,
  budgetsOf,
  cardLimitConfig,
  cardLimitMessage,
  secondsUntilRoom,
  type CardAttempter,
  type CardLimitConfig,
} from "./card-attempt-rules";

export const CARD_LIMITS: CardLimitConfig = cardLimitConfig();

/** A new card refused by the limits: nothing reached the gateway. */
export class NewCardsPausedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(cardLimitMessage(retryAfterSeconds));
    this.name = "NewCardsPausedError";
  }
}

/** An admitted attempt: the rows a decline is counted on. */
export type CardAttempt = { id: string; scopes: string[] };

/** Who types the card, and the submit's idempotency key when the form has one (copies of a submit are one attempt). */
export type NewCardSource = CardAttempter & { submitKey: string | null };

const windowStart = (now: Date, config: CardLimitConfig) =>
  new Date(now.getTime() - config.windowHours * 3_600_000).toISOString();

/** Our namespace of PostgreSQL advisory locks (the other key is the budget's hash). */
const LOCK_CLASS = 34_004;

/**
 * Holds each budget for the rest of the transaction, so two attempts on one budget are admitted one
 * after the other. PostgreSQL: an advisory lock per budget, always taken in the same order. SQLite:
 * the transaction already holds the write lock (BEGIN IMMEDIATE, decision 029).
 */
async function holdBudgets(trx: Kysely<DB>, scopes: string[]) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const scope of [...scopes].sort())
    await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS)}, hashtext(${scope}))`.execute(
      trx,
    );
}

/**
 * Admits a new card, or throws NewCardsPausedError when the account or the address has no room left
 * in the window. A refused attempt is not written: waiting is enough to get room again.
 */
export async function admitNewCard(
  source: NewCardSource,
  card: NewCard,
  { now = new Date(), config = CARD_LIMITS } = {},
): Promise<CardAttempt> {
  const budgets = budgetsOf(source, config);
  const scopes = budgets.map((b) => b.scope);
  const id = attemptIdOf(source.submitKey, card, randomUUID);
  const since = windowStart(now, config);
  await db.transaction().execute(async (trx) => {
    await holdBudgets(trx, scopes);
    await trx
      .deleteFrom("cardAttempts")
      .where("scope", "in", scopes)
      .where("createdAt", "<=", since)
      .execute();
    const rows = await trx
      .selectFrom("cardAttempts")
      .select(["scope", "attempt", "weight", "createdAt"])
      .where("scope", "in", scopes)
      .where("createdAt", ">", since)
      .execute();
    let waitSeconds = 0;
    const counted = [];
    for (const budget of budgets) {
      const hits = rows.filter((r) => r.scope === budget.scope);
      if (hits.some((h) => h.attempt === id)) continue; // a copy of an admitted attempt: already counted here
      waitSeconds = Math.max(
        waitSeconds,
        secondsUntilRoom(hits, budget.max, config.windowHours, now) ?? 0,
      );
      counted.push({ scope: budget.scope, attempt: id, weight: 1, createdAt: now.toISOString() });
    }
    if (waitSeconds > 0) throw new NewCardsPausedError(waitSeconds);
    if (counted.length) await trx.insertInto("cardAttempts").values(counted).execute();
  });
  return { id, scopes };
}

/** The gateway declined the card of an admitted attempt: it now weighs CARD_DECLINE_WEIGHT in each budget. */
export async function countDecline(attempt: CardAttempt, config = CARD_LIMITS): Promise<void> {
  await db
    .updateTable("cardAttempts")
    .set({ weight: config.declineWeight })
    .where("scope", "in", attempt.scopes)
    .where("attempt", "=", attempt.id)
    .execute();
}
