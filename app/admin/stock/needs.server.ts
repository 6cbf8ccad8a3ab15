// What the active subscriptions' deliveries of the next weeks will take of each product (the stock
// forecast's needs, decision 059; set-based since decision 080). A handful of grouped queries, none
// per subscription, then one pass in memory:
// - one row per active subscription, with its last planned delivery and whether its next date is
//   already planned or ordered (correlated look-ups on the (subscription, date) indexes);
// - the planned deliveries still `scheduled` in the window, each with the box frozen at its cut-off
//   when a change came after it (decision 069): between the cut-off and the renewal that delivery
//   takes the frozen box, not the subscription's box as it is now;
// - the subscriptions' cuts and add-ons, the catalogue's names and a curated box's monthly contents.
// The rhythm after the last planned delivery is the same for every subscription with the same
// region, frequency and last date, so it is worked out once per such group.
// Only subscriptions whose deliveries can take something are read (decision 083): a box with cuts
// or add-ons, a curated box (its month's contents), or a planned delivery with a frozen box. Any
// other one (a custom box with nothing in it) needs nothing on any date, so leaving it out changes
// no total.
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { scheduleOf } from "~/subscriptions/deliveries.server";
import { frozenBoxOf, type BoxLine } from "~/subscriptions/delivery-terms";
import { nextDeliveryDate } from "~/subscriptions/schedule";
import { FORECAST_WEEKS, addDays, unitsOf, type Need } from "./forecast";

type Sub = {
  id: number;
  packageId: number;
  frequencyDays: number;
  regionId: number | null;
  deliveryDate: string | null;
  /** the subscription's last planned delivery (any state) */
  end: string | null;
  /** its next date already has a planned row or an order of its own */
  nextKnown: number | boolean | null;
};

/** A box as a delivery takes it: the package and its lines. */
type Box = { packageId: number | null; items: BoxLine[]; addons: BoxLine[] };

type Window = { today: string; last: string };

/**
 * The subscription `s`, or the subscription of the delivery `d`, has something a delivery takes:
 * cuts, add-ons, a curated package, or a planned delivery in the window with a box frozen at its
 * cut-off. Each test is an uncorrelated `IN` over a small set, which both databases read once
 * (PostgreSQL as a hashed sub-plan, SQLite into an ephemeral index) rather than once per row
 * tested, whatever the planner's statistics say (decision 083's addendum).
 */
function takesSomething(eb: ExpressionBuilder<DB, never>, of: "s" | "d", { today, last }: Window) {
  const id = sql.ref<number>(of === "s" ? "s.id" : "d.subscriptionId");
  const curated =
    of === "s"
      ? eb(
          sql.ref<number>("s.packageId"),
          "in",
          eb.selectFrom("packages as p").select("p.id").where("p.kind", "=", "curated"),
        )
      : eb(
          id,
          "in",
          eb
            .selectFrom("subscriptions as c")
            .innerJoin("packages as p", "p.id", "c.packageId")
            .select("c.id")
            .where("p.kind", "=", "curated"),
        );
  return eb.or([
    eb(id, "in", eb.selectFrom("subscriptionItems as i").select("i.subscriptionId")),
    eb(id, "in", eb.selectFrom("subscriptionAddons as a").select("a.subscriptionId")),
    curated,
    eb(
      id,
      "in",
      eb
        .selectFrom("deliveries as f")
        .select("f.subscriptionId")
        .where("f.status", "=", "scheduled")
        .where("f.boxAtCutoff", "is not", null)
        .where("f.deliveryDate", ">=", today)
        .where("f.deliveryDate", "<=", last),
    ),
  ]);
}

function activeSubscriptions(executor: Kysely<DB>, window: Window): Promise<Sub[]> {
  return executor
    .selectFrom("subscriptions as s")
    .select((eb) => [
      "s.id",
      "s.packageId",
      "s.frequencyDays",
      "s.regionId",
      "s.deliveryDate",
      eb
        .selectFrom("deliveries as d")
        .select((e) => e.fn.max("d.deliveryDate").as("end"))
        .whereRef("d.subscriptionId", "=", "s.id")
        .as("end"),
      // scalar look-ups with a limit, not EXISTS: PostgreSQL turns an EXISTS under OR into a hash
      // of every order; these stay index look-ups on (subscription, date)
      eb.fn
        .coalesce(
          eb
            .selectFrom("deliveries as d")
            .select(sql.lit(1).as("one"))
            .whereRef("d.subscriptionId", "=", "s.id")
            .whereRef("d.deliveryDate", "=", "s.deliveryDate")
            .limit(1)
            .$asScalar(),
          eb
            .selectFrom("orders as o")
            .select(sql.lit(1).as("one"))
            .whereRef("o.subscriptionId", "=", "s.id")
            .whereRef("o.deliveryDate", "=", "s.deliveryDate")
            .where("o.status", "in", ["unpaid", "paid"])
            .limit(1)
            .$asScalar(),
        )
        .as("nextKnown"),
    ])
    .where("s.status", "=", "active")
    .where("s.packageId", "is not", null)
    .where((eb) => takesSomething(eb as unknown as ExpressionBuilder<DB, never>, "s", window))
    .execute() as Promise<Sub[]>;
}

/**
 * The planned deliveries still `scheduled` from `today` through `last` of the subscriptions that take
 * something. Not joined to the subscriptions: only those of the active ones read above are used.
 */
function scheduledRows(executor: Kysely<DB>, window: Window) {
  const { today, last } = window;
  return executor
    .selectFrom("deliveries as d")
    .select(["d.subscriptionId", "d.deliveryDate", "d.boxAtCutoff"])
    .where("d.status", "=", "scheduled")
    .where("d.deliveryDate", ">=", today)
    .where("d.deliveryDate", "<=", last)
    .where((eb) => takesSomething(eb as unknown as ExpressionBuilder<DB, never>, "d", window))
    .execute();
}

/** The active subscriptions' cuts or add-ons, by subscription. */
async function linesBySubscription(
  executor: Kysely<DB>,
  table: "subscriptionItems" | "subscriptionAddons",
): Promise<Map<number, BoxLine[]>> {
  const rows = await executor
    .selectFrom(`${table} as l` as "subscriptionItems as l")
    .innerJoin("subscriptions as s", "s.id", "l.subscriptionId")
    .select(["l.subscriptionId", "l.productId", "l.quantity"])
    .where("s.status", "=", "active")
    .execute();
  const map = new Map<number, BoxLine[]>();
  for (const r of rows) {
    const line = { productId: r.productId, quantity: r.quantity };
    const list = map.get(r.subscriptionId);
    if (list) list.push(line);
    else map.set(r.subscriptionId, [line]);
  }
  return map;
}

/** What a box needs of each product on a day: its cuts and add-ons; a curated box without cuts, its month's contents. */
async function boxNeeds(executor: Kysely<DB>, last: string) {
  const [products, packages, contents] = await Promise.all([
    executor.selectFrom("products").select(["id", "name"]).execute(),
    executor.selectFrom("packages").select(["id", "kind"]).execute(),
    executor
      .selectFrom("packageContents")
      .select(["packageId", "month", "item", "quantity"])
      .where("month", "<=", last.slice(0, 7))
      .orderBy("month", "desc")
      .execute(),
  ]);
  const productByName = new Map(products.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const kindOf = new Map(packages.map((p) => [p.id, p.kind]));
  const curated = new Map<string, BoxLine[]>();
  /** a package's contents for a delivery month (the latest month on or before it), as product lines */
  const contentsFor = (packageId: number, month: string) => {
    const key = `${packageId}:${month}`;
    let lines = curated.get(key);
    if (!lines) {
      const mine = contents.filter((c) => c.packageId === packageId && c.month <= month);
      const latest = mine[0]?.month;
      lines = [];
      for (const c of mine.filter((x) => x.month === latest)) {
        const productId = productByName.get(c.item.trim().toLowerCase());
        if (productId) lines.push({ productId, quantity: unitsOf(c.quantity) });
      }
      curated.set(key, lines);
    }
    return lines;
  };
  return (box: Box, date: string): BoxLine[] => {
    const lines = [...box.items, ...box.addons];
    if (box.items.length === 0 && box.packageId && kindOf.get(box.packageId) === "curated")
      lines.push(...contentsFor(box.packageId, date.slice(0, 7)));
    return lines;
  };
}

/** The delivery schedules of the subscriptions' regions, read once each. */
async function schedulesOf(subs: Sub[]) {
  const ids = [...new Set(subs.map((s) => s.regionId))];
  const schedules = await Promise.all(ids.map((id) => scheduleOf(id)));
  return new Map(ids.map((id, i) => [id, schedules[i]]));
}

/** The dates a subscription's rhythm brings after `anchor` up to `last`, once per region, frequency and anchor. */
function rhythm(
  today: string,
  last: string,
  schedules: Map<number | null, Awaited<ReturnType<typeof scheduleOf>>>,
) {
  const memo = new Map<string, string[]>();
  return (regionId: number | null, anchor: string, frequencyDays: number) => {
    const key = `${regionId}:${anchor}:${frequencyDays}`;
    let dates = memo.get(key);
    if (!dates) {
      const schedule = schedules.get(regionId)!;
      dates = [];
      let d = anchor;
      for (let i = 0; i < 60; i++) {
        d = nextDeliveryDate(schedule, d, frequencyDays);
        if (d > last) break;
        if (d >= today) dates.push(d);
      }
      memo.set(key, dates);
    }
    return dates;
  };
}

/** The dates a subscription delivers from `today` through `last` with the box each takes (frozen or as it is). */
function deliveriesOf(
  sub: Sub,
  planned: { deliveryDate: string; boxAtCutoff: string | null }[],
  live: Box,
  window: Window,
  after: ReturnType<typeof rhythm>,
): { date: string; box: Box }[] {
  const out = planned.map((r) => {
    const frozen = frozenBoxOf(r.boxAtCutoff);
    return { date: r.deliveryDate, box: frozen ?? live };
  });
  // the subscription's next date with neither a planned row nor an order of its own (not yet planned)
  const next = sub.deliveryDate;
  if (next && next >= window.today && next <= window.last && !sub.nextKnown)
    out.push({ date: next, box: live });
  // after the last planned delivery, the rhythm goes on
  const anchor = [sub.end, next]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  if (anchor && sub.frequencyDays)
    for (const date of after(sub.regionId, anchor, sub.frequencyDays))
      out.push({ date, box: live });
  return out;
}

/**
 * What the active subscriptions' deliveries from `today` through the forecast's last day will take:
 * planned delivery rows still `scheduled` (not skipped, paused, or already ordered, whose stock is
 * reserved), the subscription's next date when not planned yet, then the dates the rhythm brings
 * after its last planned one. Each delivery takes its box frozen at the cut-off when it has one, else
 * the subscription's cuts and recurring add-ons; a curated box without chosen cuts takes its month's
 * contents where a line names a product. One need per product and day, summed.
 */
export async function deliveryNeeds(
  today: string,
  weeks = FORECAST_WEEKS,
  executor: Kysely<DB> = db,
): Promise<Need[]> {
  const last = addDays(today, 7 * weeks - 1);
  const [subs, rows, items, addons, needsOf] = await Promise.all([
    activeSubscriptions(executor, { today, last }),
    scheduledRows(executor, { today, last }),
    linesBySubscription(executor, "subscriptionItems"),
    linesBySubscription(executor, "subscriptionAddons"),
    boxNeeds(executor, last),
  ]);
  const plannedBySub = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = plannedBySub.get(r.subscriptionId);
    if (list) list.push(r);
    else plannedBySub.set(r.subscriptionId, [r]);
  }
  const after = rhythm(today, last, await schedulesOf(subs));
  const totals = new Map<string, Need>();
  for (const sub of subs) {
    const live: Box = {
      packageId: sub.packageId,
      items: items.get(sub.id) ?? [],
      addons: addons.get(sub.id) ?? [],
    };
    const window = { today, last };
    for (const { date, box } of deliveriesOf(
      sub,
      plannedBySub.get(sub.id) ?? [],
      live,
      window,
      after,
    ))
      for (const l of needsOf(box, date)) {
        const key = `${l.productId}:${date}`;
        const need = totals.get(key);
        if (need) need.quantity += l.quantity;
        else totals.set(key, { productId: l.productId, date, quantity: l.quantity });
      }
  }
  return [...totals.values()];
}
