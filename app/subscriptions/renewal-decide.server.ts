// Step 1 of a renewal, before its claim (./renewals.server.ts): what a delivery's cut-off makes of it
// (ordered, or closed as skipped, paused, cancelled or missed), and, when it will be ordered, the
// order prepared outside the transaction: the box frozen at its cut-off, its quote and the card.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { RegionSchedule } from "~/delivery/schedule";
import {
  changeEvents,
  deliveryById,
  lockSubscription,
  scheduleOf,
  skippedByEvents,
  subscriptionFacts,
  type DeliveryRow,
  type SubscriptionFacts,
} from "./deliveries.server";
import { deliveryTerms, freezePastCutoff, quoteDelivery } from "./delivery-box.server";
import { frozenBoxOf } from "./delivery-terms";
import { primaryCard } from "./renewal-charge.server";
import type { PreparedOrder } from "./renewal-order.server";
import { decideAtCutoff, nextDeliveryDate, type Decision } from "./schedule";

export type Decided = { decision: Decision; sub: SubscriptionFacts | null; next: string | null };

/** What the delivery's cut-off makes of it, from the rows `db` sees (inside the decision: rows it holds locked). */
export async function decide(
  db: Kysely<DB>,
  d: DeliveryRow,
  sub: SubscriptionFacts | null,
  schedule: RegionSchedule,
  now: Date,
): Promise<Decided> {
  if (!sub) return { decision: "cancelled", sub: null, next: null };
  const next = nextDeliveryDate(schedule, d.deliveryDate, sub.frequencyDays);
  // a disabled account's deliveries are skipped at their cut-off: never charged nor packed (decision 062)
  if (sub.ownerDisabled) return { decision: "skipped", sub, next };
  const events = await changeEvents(db, sub.id);
  const pausedAt = [...events].reverse().find((e) => e.type === "paused")?.createdAt ?? null;
  const decision = decideAtCutoff(
    {
      deliveryDate: d.deliveryDate,
      cutoffAt: new Date(d.cutoffAt),
      subscription: sub,
      pausedAt,
      skipped: d.status === "skipped" || skippedByEvents(events).has(d.deliveryDate),
    },
    now,
  );
  return { decision, sub, next };
}

/**
 * The box as it stood at the cut-off, written on the delivery unless a change after the cut-off
 * already did (decision 069): from here on the delivery's contents no longer follow the subscription.
 */
async function freeze(db: Kysely<DB>, subscriptionId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    await lockSubscription(trx, subscriptionId);
    await freezePastCutoff(trx, subscriptionId, now);
  });
}

/** What a look outside the transaction found: the delivery, its subscription and schedule, the order prepared. */
export type Looked = {
  seen: DeliveryRow;
  seenSub: SubscriptionFacts | null;
  schedule: RegionSchedule;
  prepared: PreparedOrder | null;
};

/**
 * Looks at the delivery before its claim; null when it is gone or already processed. What it reads
 * only prepares the order (its quote and card read outside the transaction); the claim decides again.
 */
export async function lookOutside(
  db: Kysely<DB>,
  deliveryId: number,
  now: Date,
): Promise<Looked | null> {
  const seen = await deliveryById(db, deliveryId);
  if (!seen || seen.processedAt) return null;
  const seenSub = await subscriptionFacts(db, seen.subscriptionId);
  const schedule = await scheduleOf(seenSub?.regionId ?? null);
  const hint = await decide(db, seen, seenSub, schedule, now);
  if (hint.decision === "order" && hint.sub) await freeze(db, seen.subscriptionId, now);
  const terms = hint.decision === "order" ? await deliveryTerms(db, seen.id) : null;
  const prepared =
    hint.decision === "order" && hint.sub && terms
      ? {
          // the box at its cut-off, priced as its reminder said (decisions 055, 069)
          rq: await quoteDelivery(hint.sub, terms, now),
          box: frozenBoxOf(terms.boxAtCutoff),
          card: await primaryCard(db, hint.sub.userId),
        }
      : null;
  return { seen, seenSub, schedule, prepared };
}
