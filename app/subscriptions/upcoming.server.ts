// The subscriber's upcoming deliveries (issue 12): ordered ones, planned ones and the ones the
// rhythm brings after, each with its state as its cut-off will make it, its change cut-off and
// whether it can still be skipped. What skip, pause, the next box and the pages read.
import type { Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB, DeliveryStatus } from "~/db/schema";
import type { RegionSchedule } from "~/delivery/schedule";
import { SubscriptionNotFoundError, type Scope } from "./change-types";
import {
  changeEvents,
  datesMissing,
  scheduleOf,
  skippedByEvents,
  subscriptionFacts,
  type SubscriptionFacts,
} from "./deliveries.server";
import { NOT_PAID_BEFORE_PACKING, NOT_PAID_BEFORE_PACKING_NOTE } from "./subscriber-schedule";
import {
  cutoffInstant,
  cutoffLabel,
  decideAtCutoff,
  nextDeliveryDate,
  sydneyToday,
  upcomingState,
} from "./schedule";

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

export async function loadScoped(db: Kysely<DB>, scope: Scope): Promise<SubscriptionFacts> {
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
  const sub = await loadScoped(db, scope);
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

const plannedFrom = preparedQuery(
  () => appDb,
  (db, subscriptionId: number, from: string) =>
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
const ordersFrom = preparedQuery(
  () => appDb,
  (db, subscriptionId: number, from: string) =>
    db
      .selectFrom("orders")
      .select(["reference", "deliveryDate", "deliveryWindow", "status"])
      .where("subscriptionId", "=", subscriptionId)
      .where("deliveryDate", ">=", from)
      .where("status", "in", ["paid", "unpaid", "failed"]),
);

/** The entries of one subscription's list: each date's cut-off, and its state as its cut-off will make it. */
function entries(
  schedule: RegionSchedule,
  sub: SubscriptionFacts,
  events: Awaited<ReturnType<typeof changeEvents>>,
  now: Date,
) {
  const eventSkips = skippedByEvents(events);
  const pausedAt = [...events].reverse().find((e) => e.type === "paused")?.createdAt ?? null;
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
  /** a date not planned yet: as the subscription stands */
  const unplanned = (date: string) =>
    entry(
      date,
      sub.deliveryWindow,
      preview(date, false, cutoffInstant(schedule, date).toISOString()),
      false,
      null,
      [],
    );
  return { entry, preview, unplanned };
}

export async function listFor(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  count: number,
  now: Date,
): Promise<UpcomingDelivery[]> {
  const schedule = await scheduleOf(sub.regionId);
  const today = sydneyToday(now);
  const { entry, preview, unplanned } = entries(schedule, sub, await changeEvents(db, sub.id), now);
  const rows = await plannedFrom.on(db)(sub.id, today);
  const firstOrders = await ordersFrom.on(db)(sub.id, today);

  const out: UpcomingDelivery[] = [];
  for (const o of firstOrders) {
    if (rows.some((r) => r.deliveryDate === o.deliveryDate)) continue;
    const status = o.status === "paid" ? "paid" : "payment_failed";
    out.push(entry(o.deliveryDate!, o.deliveryWindow, status, true, o.reference, []));
  }
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
        if (date >= today && !out.some((e) => e.date === date)) out.push(unplanned(date));
      }
    }
    for (let i = 0; last && out.length < count && i < count + 4; i++) {
      last = nextDeliveryDate(schedule, last, sub.frequencyDays);
      out.push(unplanned(last));
    }
  }
  return out
    .filter((e) => e.status !== "cancelled")
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, count);
}
