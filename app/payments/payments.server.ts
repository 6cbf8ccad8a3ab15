// Exactly-once payments. Every charge is a row of `payments` keyed by a unique
// idempotency key, written *before* the gateway is called:
//   1. claim    (in the caller's transaction): insert the pending row; a second
//               submit with the same key hits the unique key and waits instead;
//   2. charge   the gateway with the same key (a real gateway de-duplicates too);
//   3. settle   the row to succeeded or declined.
// Which worker process or app instance runs a step does not matter: the
// database's unique key, not a map in memory, decides who charges.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { CardError, type ChargeResult, type TokenisedCard } from "./gateway";
import type { CardChoice } from "./card-schema";
import { paymentGateway } from "./sandbox-gateway.server";

export type PaymentRow = {
  id: number;
  status: "pending" | "succeeded" | "declined" | "refunded";
  orderId: number | null;
  giftCardId: number | null;
  amountCents: number;
  failureMessage: string | null;
  createdAt: string;
};

/** A unique-key violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || /UNIQUE constraint failed/.test(e.message ?? "");
}

/** The card a payment uses: a saved card of this user, or a new card tokenised now. */
export type ResolvedCard = { token: string; brand: string; lastFour: string; expMonth: number; expYear: number; savedId: number | null };

/** The saved card must belong to `userId`; another user's card id answers like a missing one. */
export async function resolveCard(userId: number | null, choice: CardChoice): Promise<ResolvedCard | null> {
  if (choice.kind === "none") return null;
  if (choice.kind === "saved") {
    const row = userId
      ? await db
          .selectFrom("paymentMethods")
          .select(["id", "gatewayToken", "brand", "lastFour", "expMonth", "expYear"])
          .where("id", "=", choice.paymentMethodId)
          .where("userId", "=", userId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new CardError("number", "That saved card is no longer available. Please choose another card.");
    return { token: row.gatewayToken, brand: row.brand, lastFour: row.lastFour, expMonth: row.expMonth, expYear: row.expYear, savedId: row.id };
  }
  // The number and CVC go to the gateway and nowhere else.
  const t: TokenisedCard = await paymentGateway().tokenise(choice.card);
  return { ...t, savedId: null };
}

/** What a claim took besides the payment row: given back by app/payments/recovery.server.ts if it is never settled. */
export type Reserved = { stock?: { productId: number; quantity: number }[]; creditCents?: number; creditReference?: string };

/**
 * Step 1, inside the caller's transaction. Throws a unique violation when the key was used before.
 * Every claim starts pending, also one credit pays in full: step 3 settles it with the order it paid
 * for (box checkout writes the order only then), and a claim whose process died is recovered.
 */
export async function claimPayment(
  trx: Transaction<DB>,
  p: { key: string; userId: number | null; orderId?: number | null; giftCardId?: number | null; amountCents: number; card: ResolvedCard | null; reserved?: Reserved },
): Promise<number> {
  const { id } = await trx
    .insertInto("payments")
    .values({
      userId: p.userId, orderId: p.orderId ?? null, giftCardId: p.giftCardId ?? null, amountCents: p.amountCents,
      status: "pending", gatewayChargeId: null, idempotencyKey: p.key,
      failureMessage: null, cardBrand: p.card?.brand ?? null, cardLastFour: p.card?.lastFour ?? null,
      reserved: p.reserved ? JSON.stringify(p.reserved) : null, createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Step 2: charges the card once for this key. Nothing to charge answers succeeded at once. */
export async function chargeCard(key: string, card: ResolvedCard | null, amountCents: number, description: string): Promise<ChargeResult> {
  if (amountCents === 0) return { status: "succeeded", chargeId: "", amountCents: 0 };
  if (!card) throw new Error("A card is needed for a payment above zero");
  return paymentGateway().charge({ token: card.token, amountCents, currency: "AUD", idempotencyKey: key, description });
}

/** Step 3: records the outcome; only a pending row moves, so settling twice changes nothing. */
export async function settlePayment(trx: Kysely<DB>, key: string, result: ChargeResult, links: { orderId?: number; giftCardId?: number } = {}) {
  await trx
    .updateTable("payments")
    .set(
      result.status === "succeeded"
        ? { status: "succeeded", gatewayChargeId: result.chargeId || null, ...(links.orderId ? { orderId: links.orderId } : {}), ...(links.giftCardId ? { giftCardId: links.giftCardId } : {}) }
        : { status: "declined", failureMessage: result.message },
    )
    .where("idempotencyKey", "=", key)
    .where("status", "=", "pending")
    .execute();
}

export async function findPayment(key: string, trx: Kysely<DB> = db): Promise<PaymentRow | null> {
  const row = await trx
    .selectFrom("payments")
    .select(["id", "status", "orderId", "giftCardId", "amountCents", "failureMessage", "createdAt"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A duplicate submit (double click, resent form, retry after a timeout) waits
 * for the first one to finish and then answers with its outcome.
 */
export async function waitForPayment(key: string, { timeoutMs = 20_000, intervalMs = 150 } = {}): Promise<PaymentRow | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await findPayment(key);
    if (!row || row.status !== "pending" || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Saves a newly used card for the user (the first becomes primary); the same card twice is kept once. */
export async function saveCard(trx: Kysely<DB>, userId: number, card: ResolvedCard): Promise<number> {
  if (card.savedId) return card.savedId;
  const existing = await trx
    .selectFrom("paymentMethods")
    .select(["id"])
    .where("userId", "=", userId)
    .where("brand", "=", card.brand)
    .where("lastFour", "=", card.lastFour)
    .where("expMonth", "=", card.expMonth)
    .where("expYear", "=", card.expYear)
    .executeTakeFirst();
  if (existing) {
    await trx.updateTable("paymentMethods").set({ gatewayToken: card.token }).where("id", "=", existing.id).execute();
    return existing.id;
  }
  const hasPrimary = await trx.selectFrom("paymentMethods").select("id").where("userId", "=", userId).where("isPrimary", "=", 1).executeTakeFirst();
  const { id } = await trx
    .insertInto("paymentMethods")
    .values({
      userId, gatewayToken: card.token, brand: card.brand, lastFour: card.lastFour, expMonth: card.expMonth, expYear: card.expYear,
      isPrimary: hasPrimary ? 0 : 1, createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * After an order a renewal could not charge is paid by hand with another card: when the primary card is
 * the one this order's payment was declined on, the card that paid becomes primary, so the next delivery
 * is not charged to the failing card again. Answers whether it did.
 */
export async function replaceDeclinedPrimary(trx: Kysely<DB>, userId: number, orderId: number, paidWithId: number): Promise<boolean> {
  const primary = await trx.selectFrom("paymentMethods").select(["id", "brand", "lastFour"]).where("userId", "=", userId).where("isPrimary", "=", 1).executeTakeFirst();
  if (!primary || primary.id === paidWithId) return false;
  const declinedOnIt = await trx.selectFrom("payments").select("id")
    .where("orderId", "=", orderId).where("userId", "=", userId).where("status", "=", "declined")
    .where("cardBrand", "=", primary.brand).where("cardLastFour", "=", primary.lastFour)
    .executeTakeFirst();
  if (!declinedOnIt) return false;
  await trx.updateTable("paymentMethods").set({ isPrimary: 0 }).where("userId", "=", userId).where("id", "=", primary.id).execute();
  await trx.updateTable("paymentMethods").set({ isPrimary: 1 }).where("userId", "=", userId).where("id", "=", paidWithId).execute();
  return true;
}

export type SavedCard = { id: number; brand: string; lastFour: string; expMonth: number; expYear: number; primary: boolean };

/** The user's saved cards, primary first (SPEC §3 payment method: id, type, lastFour, month, year, primary). */
const savedCardsOf = preparedQuery(db, (q, userId: number) =>
  q.selectFrom("paymentMethods").select(["id", "brand", "lastFour", "expMonth", "expYear", "isPrimary"]).where("userId", "=", userId).orderBy("isPrimary", "desc").orderBy("id", "asc"));

export async function listSavedCards({ userId }: { userId: number }): Promise<SavedCard[]> {
  const rows = await savedCardsOf(userId);
  return rows.map((r) => ({ id: r.id, brand: r.brand, lastFour: r.lastFour, expMonth: r.expMonth, expYear: r.expYear, primary: r.isPrimary === 1 }));
}
