// What every step of a renewal (./renewals.server.ts) shares: its context and outcome, the card it
// charges and what the charge says.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { ResolvedCard } from "~/payments/payments.server";

export type RenewalContext = { db: Kysely<DB>; now: Date; origin: string };
export type RenewalOutcome = "done" | "skipped";

/** The order statuses a renewal may still charge. */
export const PAYABLE = ["unpaid", "failed"] as const;

/** The card renewals charge: the primary card (else the newest saved one). */
export async function primaryCard(
  db: Kysely<DB>,
  userId: number,
  prefer?: { brand: string | null; lastFour: string | null },
): Promise<ResolvedCard | null> {
  const rows = await db
    .selectFrom("paymentMethods")
    .select(["id", "gatewayToken", "brand", "lastFour", "expMonth", "expYear", "isPrimary"])
    .where("userId", "=", userId)
    .orderBy("isPrimary", "desc")
    .orderBy("id", "desc")
    .execute();
  const row =
    (prefer && rows.find((r) => r.brand === prefer.brand && r.lastFour === prefer.lastFour)) ??
    rows[0];
  return row
    ? {
        token: row.gatewayToken,
        brand: row.brand,
        lastFour: row.lastFour,
        expMonth: row.expMonth,
        expYear: row.expYear,
        savedId: row.id,
      }
    : null;
}

/** What a renewal charge says; the same for a first try and its resumption after a crash. */
export function chargeDescription(boxName: string, deliveryDate: string, attempt: number) {
  return attempt > 1
    ? `${boxName}, delivery ${deliveryDate} (retry ${attempt - 1})`
    : `${boxName}, delivery ${deliveryDate}`;
}

/** A payment under the key a delivery's claim writes, without that claim: never expected, so the job logs it as failed. */
export const keyTaken = (deliveryId: number) =>
  new Error(`delivery ${deliveryId}: its payment key is taken`);

/** "Visa ending in 4242", as the e-mails name a card. */
export const cardLabel = (
  p: { cardBrand: string | null; cardLastFour: string | null } | undefined,
) => (p?.cardBrand && p.cardLastFour ? `${p.cardBrand} ending in ${p.cardLastFour}` : null);
