// The renewal engine's service for the subscriber area (issue 12): upcoming
// deliveries with their cut-offs, skip, unskip, pause, resume and cancel.
// Every function is scoped by owner ({ subscriptionId, userId }): another
// user's subscription answers SubscriptionNotFoundError, like a missing one.
// Skip and unskip are refused after the delivery's cut-off with a message
// saying why and when the next change is possible; every change is an event
// with a reference (the activity list) and a confirmation e-mail queued in the
// same transaction.
import type { Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { addDays, formatDeliveryDate } from "~/delivery/schedule";
import {
  ChangeRefusedError,
  type ChangeOptions,
  type ChangeResult,
  type Scope,
} from "./change-types";
import { confirm } from "./change-context.server";
import {
  datesMissing,
  eventData,
  insertPlanned,
  newChangeReference,
  recordEvent,
  scheduleOf,
  type SubscriptionFacts,
} from "./deliveries.server";
import { quoteRenewal } from "./renewal-quote.server";
import { formatAud } from "~/utils/money";
import { cutoffLabel, cutoffPassedMessage, sydneyToday } from "./schedule";
import { listFor, loadScoped as load, type UpcomingDelivery } from "./upcoming.server";

export {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  type ChangeOptions,
  type ChangeResult,
  type Scope,
} from "./change-types";
export { upcomingDeliveries, upcomingDeliveriesOf, type UpcomingDelivery } from "./upcoming.server";

export const MAX_PAUSE_DAYS = 365;

const refusedAfterCutoff = (
  sub: SubscriptionFacts,
  list: UpcomingDelivery[],
  date: string,
  schedule: Awaited<ReturnType<typeof scheduleOf>>,
) => {
  const next = list.find((e) => e.changeable && e.date > date) ?? null;
  return new ChangeRefusedError(
    cutoffPassedMessage(schedule, date, next?.date ?? null),
    "cutoff_passed",
    next ? { date: next.date, cutoffAt: next.cutoffAt } : null,
  );
};

/** The first upcoming delivery already past its cut-off that still arrives whatever changes now. */
function lockedDelivery(list: UpcomingDelivery[], now: Date): string | null {
  return (
    list.find(
      (e) =>
        Date.parse(e.cutoffAt) <= now.getTime() &&
        ["scheduled", "ordered", "paid", "payment_failed"].includes(e.status),
    )?.date ?? null
  );
}

/**
 * lockedDelivery, read again inside a pause's or cancel's transaction after it
 * has locked the subscription row: a renewal decided at the cut-off while the
 * change waited for that lock is found here, so the confirmation never
 * promises "nothing charged" for a delivery that was just ordered.
 */
async function lockedNow(
  trx: Kysely<DB>,
  subscriptionId: number,
  before: string | null,
  now: Date,
): Promise<string | null> {
  const ts = now.toISOString();
  const row = await trx
    .selectFrom("deliveries")
    .select("deliveryDate")
    .where("subscriptionId", "=", subscriptionId)
    .where("deliveryDate", ">=", sydneyToday(now))
    .where((eb) =>
      eb.or([
        eb.and([
          eb("processedAt", "is not", null),
          eb("status", "in", ["ordered", "paid", "payment_failed"]),
        ]),
        eb.and([
          eb("processedAt", "is", null),
          eb("status", "=", "scheduled"),
          eb("cutoffAt", "<=", ts),
        ]),
      ]),
    )
    .orderBy("deliveryDate")
    .limit(1)
    .executeTakeFirst();
  const found = row?.deliveryDate ?? null;
  return before && (!found || before < found) ? before : found;
}

async function lastReference(
  db: Kysely<DB>,
  subscriptionId: number,
  type: DB["subscriptionEvents"]["type"],
  date?: string,
): Promise<string> {
  const rows = await db
    .selectFrom("subscriptionEvents")
    .select(["data"])
    .where("subscriptionId", "=", subscriptionId)
    .where("type", "=", type)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  const hit = rows.map((r) => eventData(r.data)).find((d) => !date || d.deliveryDate === date);
  return typeof hit?.reference === "string" ? hit.reference : "";
}

/** Skips one upcoming delivery until its cut-off; skipping it again answers with the first skip's reference. */
export async function skipDelivery(
  scope: Scope & { deliveryDate: string },
  opts: ChangeOptions,
): Promise<ChangeResult> {
  return skipOrUnskip(scope, opts, "skip");
}

/** Brings a skipped delivery back, until its cut-off. */
export async function unskipDelivery(
  scope: Scope & { deliveryDate: string },
  opts: ChangeOptions,
): Promise<ChangeResult> {
  return skipOrUnskip(scope, opts, "unskip");
}

type SkipWhat = "skip" | "unskip";

/**
 * The upcoming delivery a skip or unskip names, refused when it can't be changed now; an answer
 * already given (skipped twice, unskipped twice) is returned as it was.
 */
async function skipTarget(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  date: string,
  what: SkipWhat,
  now: Date,
) {
  if (sub.status === "cancelled")
    throw new ChangeRefusedError(
      `This subscription is cancelled, so it has no deliveries to ${what}.`,
      "not_allowed",
    );
  const schedule = await scheduleOf(sub.regionId);
  const list = await listFor(db, sub, 60, now);
  const target = list.find((e) => e.date === date);
  if (!target)
    throw new ChangeRefusedError(
      "That date is not one of your upcoming deliveries.",
      "not_allowed",
    );
  if (!target.changeable) {
    if (now.getTime() >= Date.parse(target.cutoffAt) || target.orderReference)
      throw refusedAfterCutoff(sub, list, date, schedule);
    if (target.status === "paused")
      throw new ChangeRefusedError(
        `Your deliveries are paused until ${formatDeliveryDate(sub.pausedUntil ?? date)}, so this one is not coming anyway.`,
        "not_allowed",
      );
  }
  const already = (reference: string): ChangeResult => ({
    reference,
    already: true,
    lockedDate: null,
  });
  if (what === "skip" && target.status === "skipped")
    return { schedule, list, answer: already(await lastReference(db, sub.id, "skipped", date)) };
  if (what === "unskip" && target.status !== "skipped") {
    const ref = await lastReference(db, sub.id, "unskipped", date);
    if (ref) return { schedule, list, answer: already(ref) };
    throw new ChangeRefusedError("That delivery is not skipped.", "not_allowed");
  }
  return { schedule, list, answer: null };
}

/** The delivery's row skipped or back on, only while it is open (before its cut-off, not decided): false when late. */
async function setSkipped(
  trx: Kysely<DB>,
  sub: SubscriptionFacts,
  date: string,
  what: SkipWhat,
  ts: string,
): Promise<boolean> {
  const res = await trx
    .updateTable("deliveries")
    .set(
      what === "skip"
        ? { status: "skipped", skipReason: "subscriber", updatedAt: ts }
        : // a delivery skipped when reminders went out was marked reminded but sent nothing: the
          // mark goes, so its reminder is sent and it is priced as that reminder says (decision 069)
          {
            status: "scheduled",
            skipReason: null,
            reminderSentAt: null,
            reminded: null,
            updatedAt: ts,
          },
    )
    .where("subscriptionId", "=", sub.id)
    .where("deliveryDate", "=", date)
    .where("status", "in", ["scheduled", "skipped"])
    .where("processedAt", "is", null)
    .where("cutoffAt", ">", ts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The confirmation's lines of a skip or unskip. */
const skipLines = (what: SkipWhat, date: string, cutoff: string, owedCents: number) =>
  what === "skip"
    ? [
        `You skipped the delivery on ${formatDeliveryDate(date)}. Nothing is delivered or charged for it.`,
        `Changed your mind? Bring it back on My deliveries until ${cutoff}.`,
      ]
    : [
        `The delivery on ${formatDeliveryDate(date)} is back on. It is charged ${formatAud(owedCents)} at its change cut-off, ${cutoff} (less any credit).`,
      ];

async function skipOrUnskip(
  scope: Scope & { deliveryDate: string },
  opts: ChangeOptions,
  what: SkipWhat,
): Promise<ChangeResult> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const ts = now.toISOString();
  const sub = await load(db, scope);
  const date = scope.deliveryDate;
  const { schedule, list, answer } = await skipTarget(db, sub, date, what, now);
  if (answer) return answer;
  const reference = newChangeReference();
  const actor = opts.actor ?? { kind: "subscriber" as const, email: sub.email };
  // what the delivery brought back costs as things stand (its reminder, sent again, states it too)
  const owedCents =
    what === "unskip"
      ? await quoteRenewal(sub, now).then((rq) => rq.quote.subtotalCents - rq.quote.discountedCents)
      : 0;
  const outcome = await db.transaction().execute(async (trx) => {
    // The first statement writes (SQLite queues writers; PostgreSQL locks the subscription's row).
    await trx
      .updateTable("subscriptions")
      .set({ updatedAt: ts })
      .where("id", "=", sub.id)
      .where("userId", "=", scope.userId)
      .execute();
    await insertPlanned(trx, sub, schedule, await datesMissing(trx, sub, schedule, now, date), now);
    if (!(await setSkipped(trx, sub, date, what, ts))) return "late" as const;
    await recordEvent(
      trx,
      sub.id,
      what === "skip" ? "skipped" : "unskipped",
      { reference, deliveryDate: date, ...(what === "unskip" ? { owedCents } : {}) },
      actor,
      now,
    );
    await confirm(
      trx,
      sub,
      what === "skip" ? "Delivery skipped" : "Delivery back on",
      skipLines(what, date, cutoffLabel(schedule, date), owedCents),
      reference,
      opts.origin,
    );
    await opts.within?.(trx, { reference });
    return "done" as const;
  });
  if (outcome === "late") throw refusedAfterCutoff(sub, list, date, schedule);
  return { reference, already: false, lockedDate: null };
}

/**
 * Pauses deliveries until `until` (the first day one may come again). A
 * delivery already past its cut-off still arrives; the result and e-mail say so.
 */
export async function pause(
  scope: Scope & { until: string },
  opts: ChangeOptions,
): Promise<ChangeResult> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const sub = await load(db, scope);
  if (sub.status === "cancelled")
    throw new ChangeRefusedError(
      "This subscription is cancelled, so it cannot be paused.",
      "not_allowed",
    );
  const today = sydneyToday(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(scope.until) || scope.until <= today)
    throw new ChangeRefusedError("Choose a date after today.", "not_allowed");
  if (scope.until > addDays(today, MAX_PAUSE_DAYS))
    throw new ChangeRefusedError("Choose a date within 12 months.", "not_allowed");
  const lockedBefore = lockedDelivery(await listFor(db, sub, 3, now), now);
  const reference = newChangeReference();
  const lockedDate = await db.transaction().execute(async (trx) => {
    // The first statement locks the subscription row: a renewal deciding at the cut-off goes wholly before or after.
    const res = await trx
      .updateTable("subscriptions")
      .set({ status: "paused", pausedUntil: scope.until, updatedAt: now.toISOString() })
      .where("id", "=", sub.id)
      .where("userId", "=", scope.userId)
      .where("status", "in", ["active", "paused"])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1)
      throw new ChangeRefusedError(
        "This subscription is cancelled, so it cannot be paused.",
        "not_allowed",
      );
    const lockedDate = await lockedNow(trx, sub.id, lockedBefore, now);
    await recordEvent(
      trx,
      sub.id,
      "paused",
      { reference, resumeOn: scope.until, ...(lockedDate ? { lockedDate } : {}) },
      opts.actor ?? { kind: "subscriber", email: sub.email },
      now,
    );
    await confirm(
      trx,
      sub,
      "Deliveries paused",
      [
        `Your deliveries are paused until ${formatDeliveryDate(scope.until)}. Nothing is delivered or charged while they are paused.`,
        lockedDate
          ? `The delivery on ${formatDeliveryDate(lockedDate)} was already past its change cut-off, so it still arrives and is charged.`
          : "",
        "You can resume sooner anytime on My deliveries.",
      ],
      reference,
      opts.origin,
    );
    await opts.within?.(trx, { reference });
    return lockedDate;
  });
  return { reference, already: false, lockedDate };
}

/** Ends a pause now: the next delivery whose cut-off is still ahead comes again. */
export async function resume(scope: Scope, opts: ChangeOptions): Promise<ChangeResult> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const sub = await load(db, scope);
  if (sub.status !== "paused")
    throw new ChangeRefusedError("This subscription is not paused.", "not_allowed");
  const next = (await listFor(db, { ...sub, status: "active", pausedUntil: null }, 6, now)).find(
    (e) => e.changeable && e.status === "scheduled",
  );
  const reference = newChangeReference();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ status: "active", pausedUntil: null, updatedAt: now.toISOString() })
      .where("id", "=", sub.id)
      .where("userId", "=", scope.userId)
      .where("status", "=", "paused")
      .execute();
    await recordEvent(
      trx,
      sub.id,
      "resumed",
      { reference },
      opts.actor ?? { kind: "subscriber", email: sub.email },
      now,
    );
    await confirm(
      trx,
      sub,
      "Deliveries resumed",
      [
        "Your deliveries are back on.",
        next
          ? `Your next delivery is on ${formatDeliveryDate(next.date)}; you can change it until ${next.cutoffLabel}.`
          : "",
      ],
      reference,
      opts.origin,
    );
    await opts.within?.(trx, { reference });
  });
  return { reference, already: false, lockedDate: null };
}

/**
 * Cancels at once: no delivery after this is made or charged. A delivery
 * already past its cut-off still arrives. Cancelling twice answers with the
 * first reference.
 */
export async function cancel(
  scope: Scope & { reason?: string },
  opts: ChangeOptions,
): Promise<ChangeResult> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const sub = await load(db, scope);
  if (sub.status === "cancelled")
    return {
      reference: await lastReference(db, sub.id, "cancelled"),
      already: true,
      lockedDate: null,
    };
  const lockedBefore = lockedDelivery(await listFor(db, sub, 3, now), now);
  const reference = newChangeReference();
  const ts = now.toISOString();
  const reason = scope.reason?.trim().slice(0, 500) || undefined;
  const lockedDate = await db
    .transaction()
    .execute(async (trx) => {
      // The first statement locks the subscription row: a renewal deciding at the cut-off goes wholly before or after.
      const res = await trx
        .updateTable("subscriptions")
        .set({ status: "cancelled", endedAt: ts, pausedUntil: null, updatedAt: ts })
        .where("id", "=", sub.id)
        .where("userId", "=", scope.userId)
        .where("status", "!=", "cancelled")
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AlreadyCancelled();
      const lockedDate = await lockedNow(trx, sub.id, lockedBefore, now);
      await recordEvent(
        trx,
        sub.id,
        "cancelled",
        { reference, ...(reason ? { reason } : {}), ...(lockedDate ? { lockedDate } : {}) },
        opts.actor ?? { kind: "subscriber", email: sub.email },
        now,
      );
      await confirm(
        trx,
        sub,
        "Subscription cancelled",
        [
          "Your subscription is cancelled. No further deliveries will be made or charged.",
          lockedDate
            ? `The delivery on ${formatDeliveryDate(lockedDate)} was already past its change cut-off, so it still arrives and is charged.`
            : "",
          "Your account, orders and tax invoices stay available. You can start a new box anytime.",
        ],
        reference,
        opts.origin,
      );
      await opts.within?.(trx, { reference });
      return lockedDate;
    })
    .catch((error) => {
      if (error instanceof AlreadyCancelled) return error;
      throw error;
    });
  // cancelled by another tab meanwhile: answer with that cancellation
  if (lockedDate instanceof AlreadyCancelled)
    return {
      reference: await lastReference(db, sub.id, "cancelled"),
      already: true,
      lockedDate: null,
    };
  return { reference, already: false, lockedDate };
}

class AlreadyCancelled extends Error {}
