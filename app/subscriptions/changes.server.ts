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
import { preparedQuery } from "~/db/prepared.server";
import type { DB, DeliveryStatus } from "~/db/schema";
import { addDays, formatDeliveryDate } from "~/delivery/schedule";
import { queueEmail } from "~/email/mailer.server";
import { subscriptionChangeEmail } from "~/email/templates/subscription-change";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import {
  changeEvents,
  datesMissing,
  eventData,
  insertPlanned,
  newChangeReference,
  recordEvent,
  scheduleOf,
  skippedByEvents,
  subscriptionFacts,
  type Actor,
  type SubscriptionFacts,
  type WithinChange,
} from "./deliveries.server";
import { NOT_PAID_BEFORE_PACKING, NOT_PAID_BEFORE_PACKING_NOTE } from "./subscriber-schedule";
import { quoteRenewal } from "./renewal-quote.server";
import { formatAud } from "~/utils/money";
import {
  cutoffInstant,
  cutoffLabel,
  cutoffPassedMessage,
  decideAtCutoff,
  nextDeliveryDate,
  sydneyToday,
  upcomingState,
} from "./schedule";

export class SubscriptionNotFoundError extends Error {
  constructor() {
    super("Subscription not found");
    this.name = "SubscriptionNotFoundError";
  }
}

/** A change that cannot be made: after the cut-off (`cutoff_passed`), or not in this state (`not_allowed`). */
export class ChangeRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: "cutoff_passed" | "not_allowed",
    /** the next delivery that can still be changed, and until when (ISO) */
    readonly nextChangeable: { date: string; cutoffAt: string } | null = null,
  ) {
    super(message);
    this.name = "ChangeRefusedError";
  }
}

export type Scope = { subscriptionId: number; userId: number };
export type ChangeOptions = {
  origin: string;
  now?: Date;
  actor?: Actor;
  db?: Kysely<DB>;
  /** runs in the change's transaction after it is made (not for an answer of an earlier change) */
  within?: WithinChange;
};
export type ChangeResult = { reference: string; already: boolean; lockedDate: string | null };

export type UpcomingDelivery = {
  date: string;
  window: string | null;
  status: DeliveryStatus;
  /** the change cut-off (ISO) and as people read it: "2pm Sydney time, Sunday 30 November" */
  cutoffAt: string;
  cutoffLabel: string;
  /** skip or unskip possible now */
  changeable: boolean;
  orderReference: string | null;
  /** what was left out or replaced in its order */
  notes: string[];
  /** why a decided delivery does not come, in a plain sentence (a renewal unpaid at its packing cut-off), else null */
  outcome: string | null;
};

export const MAX_PAUSE_DAYS = 365;

async function load(db: Kysely<DB>, scope: Scope): Promise<SubscriptionFacts> {
  const sub = await subscriptionFacts(db, scope.subscriptionId, scope.userId);
  if (!sub) throw new SubscriptionNotFoundError();
  return sub;
}

/** The next `count` deliveries (today onwards): ordered ones, planned ones and the ones after, each with its state and cut-off. */
export async function upcomingDeliveries(
  scope: Scope,
  count = 4,
  now = new Date(),
  db: Kysely<DB> = appDb,
): Promise<UpcomingDelivery[]> {
  const sub = await load(db, scope);
  return listFor(db, sub, count, now);
}

/** upcomingDeliveries for a subscription its caller has already loaded (and checked it may see). */
export async function upcomingDeliveriesOf(
  sub: SubscriptionFacts,
  count = 4,
  now = new Date(),
  db: Kysely<DB> = appDb,
): Promise<UpcomingDelivery[]> {
  return listFor(db, sub, count, now);
}

const plannedFrom = preparedQuery(appDb, (db, subscriptionId: number, from: string) =>
  db
    .selectFrom("deliveries as d")
    .leftJoin("orders as o", "o.id", "d.orderId")
    .select([
      "d.deliveryDate",
      "d.deliveryWindow",
      "d.status",
      "d.skipReason",
      "d.cutoffAt",
      "d.processedAt",
      "d.notes",
      "o.reference",
    ])
    .where("d.subscriptionId", "=", subscriptionId)
    .where("d.deliveryDate", ">=", from)
    .orderBy("d.deliveryDate"),
);
/** Orders of the subscription not planned as deliveries (its first box). */
const ordersFrom = preparedQuery(appDb, (db, subscriptionId: number, from: string) =>
  db
    .selectFrom("orders")
    .select(["reference", "deliveryDate", "deliveryWindow", "status"])
    .where("subscriptionId", "=", subscriptionId)
    .where("deliveryDate", ">=", from)
    .where("status", "in", ["paid", "unpaid", "failed"]),
);

async function listFor(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  count: number,
  now: Date,
): Promise<UpcomingDelivery[]> {
  const schedule = await scheduleOf(sub.regionId);
  const today = sydneyToday(now);
  const events = await changeEvents(db, sub.id);
  const eventSkips = skippedByEvents(events);
  const pausedAt = [...events].reverse().find((e) => e.type === "paused")?.createdAt ?? null;
  const rows = await plannedFrom.on(db)(sub.id, today);
  const firstOrders = await ordersFrom.on(db)(sub.id, today);

  const out: UpcomingDelivery[] = [];
  const entry = (
    date: string,
    window: string | null,
    status: DeliveryStatus,
    processed: boolean,
    orderReference: string | null,
    notes: string[],
    skipReason: string | null = null,
  ): UpcomingDelivery => {
    const cutoff = cutoffInstant(schedule, date);
    return {
      date,
      window,
      status,
      cutoffAt: cutoff.toISOString(),
      cutoffLabel: cutoffLabel(schedule, date),
      changeable:
        !processed &&
        (status === "scheduled" || status === "skipped") &&
        now.getTime() < cutoff.getTime(),
      orderReference,
      notes,
      outcome: skipReason === NOT_PAID_BEFORE_PACKING ? NOT_PAID_BEFORE_PACKING_NOTE : null,
    };
  };
  for (const o of firstOrders) {
    if (rows.some((r) => r.deliveryDate === o.deliveryDate)) continue;
    out.push(
      entry(
        o.deliveryDate!,
        o.deliveryWindow,
        o.status === "paid" ? "paid" : "payment_failed",
        true,
        o.reference,
        [],
      ),
    );
  }
  const preview = (date: string, rowSkipped: boolean, cutoffAt: string): DeliveryStatus => {
    const skipped = rowSkipped || eventSkips.has(date);
    if (now.getTime() < Date.parse(cutoffAt))
      return upcomingState({ deliveryDate: date, skipped, subscription: sub });
    const d = decideAtCutoff(
      { deliveryDate: date, cutoffAt: new Date(cutoffAt), skipped, subscription: sub, pausedAt },
      now,
    );
    return d === "order" ? "scheduled" : d;
  };
  for (const r of rows) {
    const status = r.processedAt
      ? r.status
      : preview(r.deliveryDate, r.status === "skipped", r.cutoffAt);
    out.push(
      entry(
        r.deliveryDate,
        r.deliveryWindow ?? sub.deliveryWindow,
        status,
        Boolean(r.processedAt),
        r.reference,
        r.notes ? (JSON.parse(r.notes) as string[]) : [],
        r.skipReason,
      ),
    );
  }
  if (sub.status !== "cancelled") {
    let last = rows.at(-1)?.deliveryDate ?? null;
    if (!last) {
      for (const date of await datesMissing(db, sub, schedule, now)) {
        last = date;
        if (date >= today && !out.some((e) => e.date === date))
          out.push(
            entry(
              date,
              sub.deliveryWindow,
              preview(date, false, cutoffInstant(schedule, date).toISOString()),
              false,
              null,
              [],
            ),
          );
      }
    }
    for (let i = 0; last && out.length < count && i < count + 4; i++) {
      last = nextDeliveryDate(schedule, last, sub.frequencyDays);
      out.push(
        entry(
          last,
          sub.deliveryWindow,
          preview(last, false, cutoffInstant(schedule, last).toISOString()),
          false,
          null,
          [],
        ),
      );
    }
  }
  return out
    .filter((e) => e.status !== "cancelled")
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, count);
}

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

async function confirm(
  trx: Kysely<DB>,
  sub: SubscriptionFacts,
  title: string,
  lines: string[],
  reference: string,
  origin: string,
) {
  await queueEmail(trx, subscriptionChangeEmail, sub.email, {
    firstName: sub.firstName ?? "there",
    title,
    lines: lines.filter(Boolean),
    reference,
    boxName: sub.boxName,
    manageUrl: `${origin}${MY_DELIVERIES_PATH}`,
  });
}

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

async function skipOrUnskip(
  scope: Scope & { deliveryDate: string },
  opts: ChangeOptions,
  what: "skip" | "unskip",
): Promise<ChangeResult> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const ts = now.toISOString();
  const sub = await load(db, scope);
  const date = scope.deliveryDate;
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
  if (what === "skip" && target.status === "skipped")
    return {
      reference: await lastReference(db, sub.id, "skipped", date),
      already: true,
      lockedDate: null,
    };
  if (what === "unskip" && target.status !== "skipped") {
    const ref = await lastReference(db, sub.id, "unskipped", date);
    if (ref) return { reference: ref, already: true, lockedDate: null };
    throw new ChangeRefusedError("That delivery is not skipped.", "not_allowed");
  }

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
    if (Number(res.numUpdatedRows) !== 1) return "late" as const;
    await recordEvent(
      trx,
      sub.id,
      what === "skip" ? "skipped" : "unskipped",
      { reference, deliveryDate: date, ...(what === "unskip" ? { owedCents } : {}) },
      actor,
      now,
    );
    const cutoff = cutoffLabel(schedule, date);
    await confirm(
      trx,
      sub,
      what === "skip" ? "Delivery skipped" : "Delivery back on",
      what === "skip"
        ? [
            `You skipped the delivery on ${formatDeliveryDate(date)}. Nothing is delivered or charged for it.`,
            `Changed your mind? Bring it back on My deliveries until ${cutoff}.`,
          ]
        : [
            `The delivery on ${formatDeliveryDate(date)} is back on. It is charged ${formatAud(owedCents)} at its change cut-off, ${cutoff} (less any credit).`,
          ],
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
