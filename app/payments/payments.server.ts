// Exactly-once payments. Every charge is a row of `payments` keyed by a unique
// idempotency key, written *before* the gateway is called:
//   1. claim    (in the caller's transaction): insert the pending row; a second
//               submit with the same key hits the unique key and waits instead;
//   2. charge   the gateway with the same key (a real gateway de-duplicates too);
//   3. settle   the row to succeeded or declined, only while it is still
//               pending: payment recovery may have taken it (pending →
//               recovering) when the charge outlived the lease, and then the
//               submit undoes its own work instead.
// How the flows put these together (and what a failure between them does) is
// ./charge-flow.server.ts.
// Which worker process or app instance runs a step does not matter: the
// database's unique key, not a map in memory, decides who charges.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { PAYMENTS } from "~/config";
import {
  CardError,
  GatewayTimeoutError,
  type ChargeResult,
  type TokenisedCard,
  type VerifyResult,
} from "./gateway";
import type { CardChoice } from "./card-schema";
import {
  admitNewCard,
  countDecline,
  type CardAttempt,
  type NewCardSource,
} from "./card-attempt-limits.server";
import { paymentGateway } from "./sandbox-gateway.server";
import { lockUser } from "~/orders/credit.server";

/** A unique-key violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return (
    e.code === "23505" ||
    e.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    /UNIQUE constraint failed/.test(e.message ?? "")
  );
}

/**
 * The card a payment uses: a saved card of this user, or a new card tokenised now. A new card carries
 * its admitted attempt (decision 042), on which a decline is counted.
 */
export type ResolvedCard = {
  token: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  savedId: number | null;
  attempt?: CardAttempt;
};

/**
 * The saved card must belong to `userId`; another user's card id answers like a missing one. A new
 * card is first admitted by the card-testing limits (`from`: the account it is for and the client's
 * address), which throw NewCardsPausedError before the gateway sees anything.
 */
export async function resolveCard(
  userId: number | null,
  choice: CardChoice,
  from: NewCardSource,
): Promise<ResolvedCard | null> {
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
    if (!row)
      throw new CardError(
        "number",
        "That saved card is no longer available. Please choose another card.",
      );
    return {
      token: row.gatewayToken,
      brand: row.brand,
      lastFour: row.lastFour,
      expMonth: row.expMonth,
      expYear: row.expYear,
      savedId: row.id,
    };
  }
  const attempt = await admitNewCard(from, choice.card);
  // The number and CVC go to the gateway and nowhere else.
  const t: TokenisedCard = await paymentGateway().tokenise(choice.card);
  return { ...t, savedId: null, attempt };
}

/** A decline of a new card weighs more in its limits; a saved card's does not (it is not a new card). */
async function counted<T extends { status: string }>(card: ResolvedCard, result: T): Promise<T> {
  if (result.status === "declined" && card.attempt) await countDecline(card.attempt);
  return result;
}

/**
 * The gateway's zero-amount check of a card before it is saved for later charges (the account page).
 * `reference` names the check in the gateway's records.
 */
export async function verifyCard(card: ResolvedCard, reference: string): Promise<VerifyResult> {
  return counted(card, await paymentGateway().verify(card.token, reference));
}

/** What a claim took besides the payment row: given back by app/payments/recovery.server.ts if it is never settled. */
export type Reserved = {
  stock?: { productId: number; quantity: number }[];
  creditCents?: number;
  creditReference?: string;
};

/**
 * Step 1, inside the caller's transaction. Throws a unique violation when the key was used before.
 * Every claim starts pending, also one credit pays in full: step 3 settles it with the order it paid
 * for (box checkout writes the order only then), and a claim whose process died is recovered.
 */
export async function claimPayment(
  trx: Transaction<DB>,
  p: {
    key: string;
    userId: number | null;
    orderId?: number | null;
    giftCardId?: number | null;
    amountCents: number;
    card: ResolvedCard | null;
    reserved?: Reserved;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto("payments")
    .values({
      userId: p.userId,
      orderId: p.orderId ?? null,
      giftCardId: p.giftCardId ?? null,
      amountCents: p.amountCents,
      status: "pending",
      gatewayChargeId: null,
      idempotencyKey: p.key,
      failureMessage: null,
      cardBrand: p.card?.brand ?? null,
      cardLastFour: p.card?.lastFour ?? null,
      reserved: p.reserved ? JSON.stringify(p.reserved) : null,
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Step 2: charges the card once for this key. Nothing to charge answers succeeded at once.
 * The gateway gets PAYMENTS.gatewayTimeoutSeconds, well inside the recovery lease; then the gateway
 * is asked for the key's charge, and when it has none GatewayTimeoutError is thrown: the payment
 * stays pending (the charge may still land), and recovery settles it after the lease.
 */
export async function chargeCard(
  key: string,
  card: ResolvedCard | null,
  amountCents: number,
  description: string,
  { timeoutMs = PAYMENTS.gatewayTimeoutSeconds * 1000 }: { timeoutMs?: number } = {},
): Promise<ChargeResult> {
  if (amountCents === 0) return { status: "succeeded", chargeId: "", amountCents: 0 };
  if (!card) throw new Error("A card is needed for a payment above zero");
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const charging = paymentGateway().charge({
    token: card.token,
    amountCents,
    currency: "AUD",
    idempotencyKey: key,
    description,
    signal: controller.signal,
  });
  charging.catch(() => {}); // an aborted call's rejection is answered below
  try {
    const first = await Promise.race([charging, timedOut]);
    if (first !== "timeout") return counted(card, first);
  } finally {
    clearTimeout(timer);
  }
  controller.abort(new GatewayTimeoutError());
  const found = await paymentGateway().findCharge(key);
  if (found) return counted(card, found);
  throw new GatewayTimeoutError();
}

/**
 * Step 3: records the outcome; only a pending row moves, so settling twice changes nothing.
 * Answers whether this call settled it: false when recovery took the payment meanwhile (or it was
 * settled before), and then the caller must not write an order or give anything back.
 */
export async function settlePayment(
  trx: Kysely<DB>,
  key: string,
  result: ChargeResult,
  links: { orderId?: number; giftCardId?: number } = {},
): Promise<boolean> {
  const updated = await trx
    .updateTable("payments")
    .set(
      result.status === "succeeded"
        ? {
            status: "succeeded",
            gatewayChargeId: result.chargeId || null,
            ...(links.orderId ? { orderId: links.orderId } : {}),
            ...(links.giftCardId ? { giftCardId: links.giftCardId } : {}),
          }
        : { status: "declined", failureMessage: result.message },
    )
    .where("idempotencyKey", "=", key)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Links a settled payment to what it paid for, once the settle has written it. */
export async function linkPayment(
  trx: Kysely<DB>,
  key: string,
  links: { orderId: number; giftCardId?: number },
) {
  await trx.updateTable("payments").set(links).where("idempotencyKey", "=", key).execute();
}

/**
 * Saves a newly used card for the user (the first becomes primary); the same card twice is kept once.
 * The user's row is locked first, so two saves at once (two tabs, a checkout and the account page)
 * on PostgreSQL run one after the other: the second finds the first's card and its primary. Unique
 * indexes back this up (migration 016: one row per brand, last four and expiry, one primary).
 */
export async function saveCard(
  trx: Kysely<DB>,
  userId: number,
  card: ResolvedCard,
): Promise<number> {
  if (card.savedId) return card.savedId;
  await lockUser(trx, userId);
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
    await trx
      .updateTable("paymentMethods")
      .set({ gatewayToken: card.token })
      .where("id", "=", existing.id)
      .execute();
    return existing.id;
  }
  const hasPrimary = await trx
    .selectFrom("paymentMethods")
    .select("id")
    .where("userId", "=", userId)
    .where("isPrimary", "=", 1)
    .executeTakeFirst();
  const { id } = await trx
    .insertInto("paymentMethods")
    .values({
      userId,
      gatewayToken: card.token,
      brand: card.brand,
      lastFour: card.lastFour,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isPrimary: hasPrimary ? 0 : 1,
      createdAt: new Date().toISOString(),
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
export async function replaceDeclinedPrimary(
  trx: Kysely<DB>,
  userId: number,
  orderId: number,
  paidWithId: number,
): Promise<boolean> {
  const primary = await trx
    .selectFrom("paymentMethods")
    .select(["id", "brand", "lastFour"])
    .where("userId", "=", userId)
    .where("isPrimary", "=", 1)
    .executeTakeFirst();
  if (!primary || primary.id === paidWithId) return false;
  const declinedOnIt = await trx
    .selectFrom("payments")
    .select("id")
    .where("orderId", "=", orderId)
    .where("userId", "=", userId)
    .where("status", "=", "declined")
    .where("cardBrand", "=", primary.brand)
    .where("cardLastFour", "=", primary.lastFour)
    .executeTakeFirst();
  if (!declinedOnIt) return false;
  await trx
    .updateTable("paymentMethods")
    .set({ isPrimary: 0 })
    .where("userId", "=", userId)
    .where("id", "=", primary.id)
    .execute();
  await trx
    .updateTable("paymentMethods")
    .set({ isPrimary: 1 })
    .where("userId", "=", userId)
    .where("id", "=", paidWithId)
    .execute();
  return true;
}

export type SavedCard = {
  id: number;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  primary: boolean;
};

/** The user's saved cards, primary first (SPEC §3 payment method: id, type, lastFour, month, year, primary). */
const savedCardsOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("paymentMethods")
      .select(["id", "brand", "lastFour", "expMonth", "expYear", "isPrimary"])
      .where("userId", "=", userId)
      .orderBy("isPrimary", "desc")
      .orderBy("id", "asc"),
);

export async function listSavedCards({ userId }: { userId: number }): Promise<SavedCard[]> {
  const rows = await savedCardsOf(userId);
  return rows.map((r) => ({
    id: r.id,
    brand: r.brand,
    lastFour: r.lastFour,
    expMonth: r.expMonth,
    expYear: r.expYear,
    primary: r.isPrimary === 1,
  }));
}
