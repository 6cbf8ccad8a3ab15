// The numbers on the owner's /admin (issue 37): one aggregate query per figure, in SQL that runs on
// SQLite and PostgreSQL alike (timestamps are ISO text, so a Sydney week is a range of text between
// two UTC instants; a week's bucket is a CASE over those bounds). No loop over rows: the shop has
// 10,000 customers and 100,000 orders in the bench (docs/decisions/058-the-numbers.md).
import { sql, type Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { addDays } from "~/delivery/schedule";
import { sydneyToday } from "~/subscriptions/schedule";
import { CANCEL_REASONS } from "~/subscriptions/cancel-reasons";
import {
  CANCEL_REASON_KEYS,
  churnRate,
  lastWeeks,
  perFourWeeks,
  recoveryRate,
  thisWeek,
  type ActiveFigure,
  type BoxesFigure,
  type CancelReasonKey,
  type ChurnFigure,
  type ChurnWindow,
  type Numbers,
  type RecoveryFigure,
  type RecurringFigure,
  type RevenueFigure,
  type Week,
  type WeekFigure,
} from "./figures";

type Db = Kysely<DB>;
const n = (v: unknown) => Number(v ?? 0);

/** The delivery states that mean a box goes out: not skipped, paused, cancelled or awaiting payment. */
const GOING_OUT = ["scheduled", "ordered", "paid"] as const;

/** Subscriptions active now, and paused ones beside them. */
export async function activeSubscriptions(db: Db = appDb): Promise<ActiveFigure> {
  const rows = await db
    .selectFrom("subscriptions")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .where("status", "in", ["active", "paused"])
    .groupBy("status")
    .execute();
  const of = (s: string) => n(rows.find((r) => r.status === s)?.n);
  return { active: of("active"), paused: of("paused") };
}

export const REASON_LABELS: Record<CancelReasonKey, string> = {
  ...(Object.fromEntries(CANCEL_REASONS.map((r) => [r.value, r.label])) as Record<
    (typeof CANCEL_REASONS)[number]["value"],
    string
  >),
  other: "Another reason (or the subscriber's own words)",
  none: "No reason given",
};

/**
 * A cancellation's reason from its event's JSON: cancelling records `reason` as the chosen label,
 * then ": " and the subscriber's words (app/subscriptions/my-deliveries-actions.server.ts). The label
 * leads, so a prefix match on the JSON text finds it on either database.
 */
function reasonKey() {
  const known = CANCEL_REASONS.filter((r) => r.value !== "other");
  return sql<CancelReasonKey>`case ${sql.join(
    known.map((r) => sql`when data like ${`%"reason":"${r.label}%`} then ${sql.lit(r.value)}`),
    sql` `,
  )} when data like ${'%"reason":%'} then 'other' else 'none' end`;
}

/** New subscriptions (first box paid) and cancellations this Sydney week, with the reasons given. */
export async function thisWeekFigure(now = new Date(), db: Db = appDb): Promise<WeekFigure> {
  const week = thisWeek(now);
  const [started, reasons] = await Promise.all([
    db
      .selectFrom("subscriptions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "!=", "draft")
      .where("startedAt", ">=", week.from)
      .where("startedAt", "<", week.to)
      .executeTakeFirst(),
    db
      .selectFrom("subscriptionEvents")
      .select([reasonKey().as("reason"), (eb) => eb.fn.countAll().as("n")])
      .where("type", "=", "cancelled")
      .where("createdAt", ">=", week.from)
      .where("createdAt", "<", week.to)
      .groupBy(sql`1`)
      .execute(),
  ]);
  const counted = CANCEL_REASON_KEYS.map((key) => ({
    key,
    label: REASON_LABELS[key],
    count: n(reasons.find((r) => r.reason === key)?.n),
  }));
  return {
    week,
    started: n(started?.n),
    cancelled: counted.reduce((sum, r) => sum + r.count, 0),
    reasons: counted.filter((r) => r.count > 0),
  };
}

/**
 * Recurring revenue per 4 weeks: each active subscription's box at its price now and its recurring
 * add-ons (quantity × price), GST included as charged, before discount codes and credit; summed in
 * SQL per frequency, then normalised (×28/frequency days).
 */
export async function recurringRevenue(db: Db = appDb): Promise<RecurringFigure> {
  const addons = db
    .selectFrom("subscriptionAddons as sa")
    .innerJoin("products as pr", "pr.id", "sa.productId")
    .select([
      "sa.subscriptionId",
      (eb) => eb.fn.sum<number>(eb("sa.quantity", "*", eb.ref("pr.priceCents"))).as("cents"),
    ])
    .groupBy("sa.subscriptionId")
    .as("a");
  const rows = await db
    .selectFrom("subscriptions as s")
    .innerJoin("packages as p", "p.id", "s.packageId")
    .leftJoin(addons, "a.subscriptionId", "s.id")
    .select([
      "s.frequencyDays",
      (eb) => eb.fn.countAll().as("n"),
      (eb) => eb.fn.sum<number>("p.priceCents").as("box"),
      (eb) => eb.fn.sum<number>(eb.fn.coalesce("a.cents", sql<number>`0`)).as("addons"),
    ])
    .where("s.status", "=", "active")
    .where("s.frequencyDays", ">", 0)
    .groupBy("s.frequencyDays")
    .orderBy("s.frequencyDays")
    .execute();
  const out = rows.map((r) => {
    const frequencyDays = n(r.frequencyDays);
    const perDeliveryCents = n(r.box) + n(r.addons);
    return {
      frequencyDays,
      subscriptions: n(r.n),
      perDeliveryCents,
      perFourWeeksCents: perFourWeeks(perDeliveryCents, frequencyDays),
    };
  });
  return { rows: out, totalCents: out.reduce((sum, r) => sum + r.perFourWeeksCents, 0) };
}

/**
 * Churn over the last 4 and the last 12 whole Sydney weeks before this one: subscriptions cancelled
 * in the window / subscriptions active (or paused) at its start. One pass over subscriptions.
 */
export async function churn(now = new Date(), db: Db = appDb): Promise<ChurnFigure> {
  const windows = [4, 12].map((count) => {
    const weeks = lastWeeks(now, count, false);
    return { count, first: weeks[0], last: weeks[weeks.length - 1] };
  });
  const end = windows[0].last.to;
  const [w4, w12] = windows;
  const activeAt = (from: string) =>
    sql<number>`sum(case when started_at < ${from} and (ended_at is null or ended_at >= ${from}) then 1 else 0 end)`;
  const cancelledIn = (from: string) =>
    sql<number>`sum(case when status = 'cancelled' and ended_at >= ${from} and ended_at < ${end} then 1 else 0 end)`;
  const row = await db
    .selectFrom("subscriptions")
    .select([
      activeAt(w4.first.from).as("base4"),
      cancelledIn(w4.first.from).as("lost4"),
      activeAt(w12.first.from).as("base12"),
      cancelledIn(w12.first.from).as("lost12"),
    ])
    .where("status", "!=", "draft")
    .where("startedAt", "is not", null)
    .executeTakeFirst();
  const windowOf = (
    w: { count: number; first: Week; last: Week },
    base: unknown,
    lost: unknown,
  ): ChurnWindow => ({
    weeks: w.count,
    from: w.first.from,
    to: w.last.to,
    firstDay: w.first.monday,
    lastDay: w.last.sunday,
    activeAtStart: n(base),
    cancelled: n(lost),
    rate: churnRate(n(lost), n(base)),
  });
  return [windowOf(w4, row?.base4, row?.lost4), windowOf(w12, row?.base12, row?.lost12)];
}

/**
 * Boxes per delivery day, today and the 27 days after (Sydney): renewals going out (deliveries
 * scheduled, ordered or paid) and paid box orders no such delivery holds (first boxes, and renewals
 * paid through the pay link after a declined charge).
 */
export async function boxesPerDay(now = new Date(), db: Db = appDb): Promise<BoxesFigure> {
  const from = sydneyToday(now);
  const to = addDays(from, 28);
  const renewals = db
    .selectFrom("deliveries")
    .select("deliveryDate as day")
    .where("status", "in", GOING_OUT)
    .where("deliveryDate", ">=", from)
    .where("deliveryDate", "<", to);
  const orders = db
    .selectFrom("orders as o")
    .select(sql<string>`o.delivery_date`.as("day"))
    .where("o.kind", "=", "box")
    .where("o.status", "=", "paid")
    .where("o.deliveryDate", ">=", from)
    .where("o.deliveryDate", "<", to)
    // a renewal's order has its delivery's day, so the deliveries of the same days are enough;
    // NOT IN over that one list (not a correlated NOT EXISTS): SQLite's statistics see order_id
    // as mostly null and would scan deliveries once per order
    .where(
      "o.id",
      "not in",
      db
        .selectFrom("deliveries as d")
        .select("d.orderId")
        .where("d.orderId", "is not", null)
        .where("d.status", "in", GOING_OUT)
        .where("d.deliveryDate", ">=", from)
        .where("d.deliveryDate", "<", to)
        .$narrowType<{ orderId: number }>(),
    );
  const rows = await db
    .selectFrom(renewals.unionAll(orders).as("b"))
    .select(["b.day", (eb) => eb.fn.countAll().as("n")])
    .groupBy("b.day")
    .orderBy("b.day")
    .execute();
  return { from, to: addDays(to, -1), days: rows.map((r) => ({ day: r.day, boxes: n(r.n) })) };
}

/** `column` as the index of the week (0 the oldest) among back-to-back `weeks`. */
function weekBucket(column: ReturnType<typeof sql.ref>, weeks: Week[]) {
  return sql<number>`case ${sql.join(
    weeks.slice(1).map((w, i) => sql`when ${column} < ${w.from} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(weeks.length - 1)} end`;
}

/**
 * Revenue per Sydney week, 12 weeks ending with this one (so far): card payments taken (succeeded,
 * or refunded since) by the day they were charged, less card refunds by the day they went through.
 * Credit and gift-card redemptions are not money taken (the gift card's sale was).
 */
export async function revenuePerWeek(now = new Date(), db: Db = appDb): Promise<RevenueFigure> {
  const weeks = lastWeeks(now, 12, true);
  const from = weeks[0].from;
  const to = weeks[weeks.length - 1].to;
  const taken = db
    .selectFrom("payments")
    .select([
      weekBucket(sql.ref("created_at"), weeks).as("wk"),
      "amountCents as taken",
      sql<number>`0`.as("refunded"),
    ])
    .where("status", "in", ["succeeded", "refunded"])
    .where("createdAt", ">=", from)
    .where("createdAt", "<", to);
  const refundedAt = sql.ref("completed_at");
  const refunded = db
    .selectFrom("refunds")
    .select([
      weekBucket(refundedAt, weeks).as("wk"),
      sql<number>`0`.as("taken"),
      "amountCents as refunded",
    ])
    .where("status", "=", "succeeded")
    .where("method", "=", "card")
    .where("completedAt", ">=", from)
    .where("completedAt", "<", to);
  const rows = await db
    .selectFrom(taken.unionAll(refunded).as("m"))
    .select([
      "m.wk",
      (eb) => eb.fn.sum<number>("m.taken").as("taken"),
      (eb) => eb.fn.sum<number>("m.refunded").as("refunded"),
    ])
    .groupBy("m.wk")
    .execute();
  return {
    weeks: weeks.map((week, i) => {
      const r = rows.find((x) => n(x.wk) === i);
      const takenCents = n(r?.taken);
      const refundedCents = n(r?.refunded);
      return { week, takenCents, refundedCents, netCents: takenCents - refundedCents };
    }),
  };
}

/**
 * Recovery of failed payments over the 12 weeks ending now: renewals whose first charge (the key
 * `renewal:{subscription}:{day}`, app/subscriptions/schedule.ts renewalChargeKey) was declined in
 * the window; recovered when their order is paid since (a retry, the pay link, or staff's "Retry
 * now"); awaiting while the order still waits before its packing cut-off; else lost. The rate is
 * recovered / (recovered + lost): those still awaiting are not settled yet.
 */
export async function paymentRecovery(now = new Date(), db: Db = appDb): Promise<RecoveryFigure> {
  const weeks = lastWeeks(now, 12, true);
  const from = weeks[0].from;
  const firstDay = weeks[0].monday;
  const row = await db
    .selectFrom("deliveries as d")
    .innerJoin("orders as o", "o.id", "d.orderId")
    .innerJoin("payments as p", (join) =>
      join.on(
        "p.idempotencyKey",
        "=",
        sql<string>`'renewal:' || d.subscription_id || ':' || d.delivery_date`,
      ),
    )
    .select([
      (eb) => eb.fn.countAll().as("failed"),
      sql<number>`sum(case when o.status = 'paid' then 1 else 0 end)`.as("recovered"),
      sql<number>`sum(case when o.status in ('unpaid', 'failed') and d.status = 'payment_failed' then 1 else 0 end)`.as(
        "awaiting",
      ),
    ])
    .where("p.status", "=", "declined")
    .where("p.createdAt", ">=", from)
    .where("p.createdAt", "<", now.toISOString())
    // a renewal is charged before its day, so one charged in the window is delivered in it or after
    .where("d.deliveryDate", ">=", firstDay)
    .executeTakeFirst();
  const failed = n(row?.failed);
  const recovered = n(row?.recovered);
  const awaiting = n(row?.awaiting);
  const lost = failed - recovered - awaiting;
  return {
    from,
    firstDay,
    failed,
    recovered,
    awaiting,
    lost,
    rate: recoveryRate(recovered, lost),
  };
}

/** Every figure of the owner's dashboard, the queries side by side. */
export async function numbersFor(now = new Date(), db: Db = appDb): Promise<Numbers> {
  const [active, week, recurring, churnFigure, boxes, revenue, recovery] = await Promise.all([
    activeSubscriptions(db),
    thisWeekFigure(now, db),
    recurringRevenue(db),
    churn(now, db),
    boxesPerDay(now, db),
    revenuePerWeek(now, db),
    paymentRecovery(now, db),
  ]);
  return { active, week, recurring, churn: churnFigure, boxes, revenue, recovery };
}
