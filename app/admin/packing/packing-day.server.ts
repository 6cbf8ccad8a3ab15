// Packing day (issue 36, /admin/deliveries): the next 14 delivery days by region, and one day's
// pick list, orders, packing slips and courier manifest.
//
// The orders of a day are its box orders (orders.kind "box", orders.deliveryDate the day). Its
// "paid orders" are those with status "paid": only they are picked, packed, slipped and sent. An
// order still "unpaid" or "failed" is counted apart (the packing cut-off cancels it if it is still
// unpaid then: app/subscriptions/packing.server.ts), and a cancelled or skipped one is not shown.
// What an order holds is its latest invoice's lines (what it charged): the box (its package), its
// cuts (custom box, "product" lines) and its add-ons ("addon" lines, free items included); a curated
// box holds its range's package_contents of the delivery's month (the latest month before it when
// that month has none).
import type { ExpressionBuilder, Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import type { DB, OrderStatus } from "~/db/schema";
import { addDays, parseWeekdays, runsOn } from "~/delivery/schedule";
import { sydneyToday } from "~/subscriptions/schedule";
import { toCsv } from "./csv";
export { packingState, type PackingState } from "./packing-state";
import { contentsKey, productKey, sumPickList, type PickItem, type PickList } from "./pick-list";

/** The statuses of a day's orders the back office shows: paid ones are packed, the others still owe. */
export const DAY_STATUSES: OrderStatus[] = ["paid", "unpaid", "failed"];
const UNPAID: OrderStatus[] = ["unpaid", "failed"];
/** how many delivery days the overview lists */
export const OVERVIEW_DAYS = 14;
/** how far ahead the overview looks for them */
const LOOK_AHEAD_DAYS = 70;
export const NO_REGION = "No region";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd that is a real calendar day, else null. */
export function parseDay(value: string | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}

export type OverviewRow = {
  region: string;
  boxes: number;
  addons: number;
  unpaid: number;
};
export type OverviewDay = {
  date: string;
  regions: OverviewRow[];
  boxes: number;
  addons: number;
  unpaid: number;
};

type RegionRow = { name: string; weekdays: string; leadDays: number; everyWeeks: number };

/** The days from today on which some region delivers, as far as the overview looks ahead. */
function scheduledDays(regions: RegionRow[], today: string): string[] {
  const schedules = regions.map((r) => ({
    weekdays: parseWeekdays(r.weekdays),
    leadDays: r.leadDays,
    everyWeeks: r.everyWeeks,
  }));
  const scheduled: string[] = [];
  for (let day = today; day <= addDays(today, LOOK_AHEAD_DAYS); day = addDays(day, 1))
    if (schedules.some((s) => runsOn(s, day))) scheduled.push(day);
  return scheduled;
}

/** The only invoice of an order that counts: its latest (an order re-invoiced keeps its older ones). */
const latestInvoiceOnly = ({ not, exists, selectFrom }: ExpressionBuilder<DB, "invoices">) =>
  not(
    exists(
      selectFrom("invoices as later")
        .select("later.id")
        .whereRef("later.orderId", "=", "invoices.orderId")
        .whereRef("later.id", ">", "invoices.id"),
    ),
  );

/** The box orders from today to `until`, counted by day, region and status. */
function orderCountsUntil(db: Kysely<DB>, today: string, until: string) {
  return db
    .selectFrom("orders")
    .leftJoin("subscriptions", "subscriptions.id", "orders.subscriptionId")
    .leftJoin("deliveryRegions", "deliveryRegions.id", "subscriptions.regionId")
    .select((eb) => [
      "orders.deliveryDate as date",
      "deliveryRegions.name as region",
      "orders.status as status",
      eb.fn.countAll<number>().as("count"),
    ])
    .where("orders.deliveryDate", ">=", today)
    .where("orders.deliveryDate", "<=", until)
    .where("orders.status", "in", DAY_STATUSES)
    .where("orders.kind", "=", "box")
    .groupBy(["orders.deliveryDate", "deliveryRegions.name", "orders.status"])
    .execute();
}

/** The add-ons in paid boxes from today to `until`, summed by day and region. */
function addonCountsUntil(db: Kysely<DB>, today: string, until: string) {
  return db
    .selectFrom("orders")
    .innerJoin("invoices", "invoices.orderId", "orders.id")
    .innerJoin("invoiceLines", "invoiceLines.invoiceId", "invoices.id")
    .leftJoin("subscriptions", "subscriptions.id", "orders.subscriptionId")
    .leftJoin("deliveryRegions", "deliveryRegions.id", "subscriptions.regionId")
    .select((eb) => [
      "orders.deliveryDate as date",
      "deliveryRegions.name as region",
      eb.fn.sum<number>("invoiceLines.quantity").as("quantity"),
    ])
    .where("orders.deliveryDate", ">=", today)
    .where("orders.deliveryDate", "<=", until)
    .where("orders.status", "=", "paid")
    .where("orders.kind", "=", "box")
    .where("invoiceLines.sellableType", "=", "addon")
    .where(latestInvoiceOnly)
    .groupBy(["orders.deliveryDate", "deliveryRegions.name"])
    .execute();
}

/**
 * The next 14 delivery days from today (Sydney): the days on which a region delivers or an order is
 * due, each with the regions that have orders on it (paid boxes, the add-ons in them, unpaid
 * orders). Three grouped queries.
 */
export async function packingOverview(
  now = new Date(),
  db: Kysely<DB> = appDb,
): Promise<OverviewDay[]> {
  const today = sydneyToday(now);
  const regions = await db
    .selectFrom("deliveryRegions")
    .select(["name", "weekdays", "leadDays", "everyWeeks", "sortOrder"])
    .orderBy("sortOrder")
    .execute();
  // the delivery days: each day a region delivers on (and below, any day an order is due); the
  // orders are read only up to the 14th of them
  const scheduled = scheduledDays(regions, today);
  const until = scheduled[OVERVIEW_DAYS - 1] ?? addDays(today, LOOK_AHEAD_DAYS);
  const [orderCounts, addonCounts] = await Promise.all([
    orderCountsUntil(db, today, until),
    addonCountsUntil(db, today, until),
  ]);

  const days = new Map<string, Map<string, OverviewRow>>();
  const rowOf = (date: string, region: string) => {
    let day = days.get(date);
    if (!day) days.set(date, (day = new Map()));
    let row = day.get(region);
    if (!row) day.set(region, (row = { region, boxes: 0, addons: 0, unpaid: 0 }));
    return row;
  };
  for (const day of scheduled) if (day <= until) days.set(day, new Map());
  // each with the regions that have orders on it
  for (const c of orderCounts) {
    const row = rowOf(c.date!, c.region ?? NO_REGION);
    if (c.status === "paid") row.boxes += Number(c.count);
    else row.unpaid += Number(c.count);
  }
  for (const a of addonCounts) rowOf(a.date!, a.region ?? NO_REGION).addons += Number(a.quantity);

  const order = new Map(regions.map((r, i) => [r.name, i]));
  return [...days.keys()]
    .sort()
    .slice(0, OVERVIEW_DAYS)
    .map((date) => {
      const rows = [...days.get(date)!.values()].sort(
        (a, b) => (order.get(a.region) ?? 1e9) - (order.get(b.region) ?? 1e9),
      );
      return {
        date,
        regions: rows,
        boxes: rows.reduce((n, r) => n + r.boxes, 0),
        addons: rows.reduce((n, r) => n + r.addons, 0),
        unpaid: rows.reduce((n, r) => n + r.unpaid, 0),
      };
    });
}

/** An order of the day as the orders table, the slips and the manifest show it. */
export type DayOrder = {
  id: number;
  reference: string;
  status: OrderStatus;
  packedAt: string | null;
  dispatchedAt: string | null;
  name: string;
  phone: string | null;
  line1: string | null;
  line2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  window: string | null;
  notes: string | null;
  region: string;
};

function dayOrdersQuery(db: Kysely<DB>, date: string, statuses: OrderStatus[]) {
  return db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.userId")
    .leftJoin("subscriptions", "subscriptions.id", "orders.subscriptionId")
    .leftJoin("deliveryRegions", "deliveryRegions.id", "subscriptions.regionId")
    .leftJoin("addresses", "addresses.id", "orders.shippingAddressId")
    .leftJoin("deliveryWindows", "deliveryWindows.code", "orders.deliveryWindow")
    .where("orders.deliveryDate", "=", date)
    .where("orders.status", "in", statuses)
    .where("orders.kind", "=", "box");
}

const dayOrderColumns = [
  "orders.id as id",
  "orders.reference as reference",
  "orders.status as status",
  "orders.packedAt as packedAt",
  "orders.dispatchedAt as dispatchedAt",
  "users.firstName as firstName",
  "users.lastName as lastName",
  "users.email as email",
  "users.phone as phone",
  "addresses.line1 as line1",
  "addresses.line2 as line2",
  "addresses.city as suburb",
  "addresses.state as state",
  "addresses.postcode as postcode",
  "deliveryWindows.label as window",
  "subscriptions.deliveryNotes as notes",
  "deliveryRegions.name as region",
] as const;

type DayOrderRow = {
  firstName: string | null;
  lastName: string | null;
  email: string;
  region: string | null;
} & Omit<DayOrder, "name" | "region">;

const toDayOrder = ({ firstName, lastName, email, region, ...o }: DayOrderRow): DayOrder => ({
  ...o,
  name: [firstName, lastName].filter(Boolean).join(" ") || email,
  region: region ?? NO_REGION,
});

/** The day's orders (paid and still unpaid), by region then reference, a page at a time; and how many. */
export async function dayOrdersPage(
  date: string,
  { offset, limit }: { offset: number; limit: number },
  db: Kysely<DB> = appDb,
): Promise<{ orders: DayOrder[]; total: number; paid: number; unpaid: number }> {
  const [rows, counts] = await Promise.all([
    dayOrdersQuery(db, date, DAY_STATUSES)
      .select([...dayOrderColumns])
      .orderBy("deliveryRegions.name")
      .orderBy("orders.reference")
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
      .where("deliveryDate", "=", date)
      .where("status", "in", DAY_STATUSES)
      .where("kind", "=", "box")
      .groupBy("status")
      .execute(),
  ]);
  const paid = Number(counts.find((c) => c.status === "paid")?.count ?? 0);
  const unpaid = counts
    .filter((c) => UNPAID.includes(c.status))
    .reduce((n, c) => n + Number(c.count), 0);
  return { orders: rows.map(toDayOrder), total: paid + unpaid, paid, unpaid };
}

/** One line of a packing slip: the box, a cut, a line of a curated box's contents or an add-on. */
export type SlipLine = {
  kind: "box" | "cut" | "contents" | "addon";
  name: string;
  /** a count, or how a curated box's contents come ("2 x 500g") */
  quantity: string;
  /** the product picked for a cut or an add-on (its catalogue name: a free item's line says more) */
  product: { id: number; name: string } | null;
};
export type Slip = DayOrder & { lines: SlipLine[]; hasKnife: boolean };

const monthOf = (day: string) => day.slice(0, 7);

/** The day's paid orders, by region then reference (the slips' and the manifest's order). */
async function paidDayOrders(db: Kysely<DB>, date: string): Promise<DayOrder[]> {
  return (
    await dayOrdersQuery(db, date, ["paid"])
      .select([...dayOrderColumns])
      .orderBy("deliveryRegions.name")
      .orderBy("orders.reference")
      .execute()
  ).map(toDayOrder);
}

type ItemLine = {
  orderId: number;
  sellableType: string;
  sellableId: number | null;
  name: string;
  quantity: number;
  isKnife: number | null;
  productName: string | null;
  parentId: number | null;
};

/**
 * The box, cut and add-on lines of the latest invoices of the day's paid box orders, with their
 * product or package: one query joined on the day (decision 083), not a list of order ids.
 */
function itemLinesOf(db: Kysely<DB>, date: string): Promise<ItemLine[]> {
  return db
    .selectFrom("orders")
    .innerJoin("invoices", "invoices.orderId", "orders.id")
    .innerJoin("invoiceLines", "invoiceLines.invoiceId", "invoices.id")
    .leftJoin("products", (j) =>
      j
        .onRef("products.id", "=", "invoiceLines.sellableId")
        .on("invoiceLines.sellableType", "in", ["product", "addon"]),
    )
    .leftJoin("packages", (j) =>
      j
        .onRef("packages.id", "=", "invoiceLines.sellableId")
        .on("invoiceLines.sellableType", "=", "package"),
    )
    .select([
      "invoices.orderId as orderId",
      "invoiceLines.sellableType as sellableType",
      "invoiceLines.sellableId as sellableId",
      "invoiceLines.name as name",
      "invoiceLines.quantity as quantity",
      "products.isKnife as isKnife",
      "products.name as productName",
      "packages.parentId as parentId",
    ])
    .where("orders.deliveryDate", "=", date)
    .where("orders.status", "=", "paid")
    .where("orders.kind", "=", "box")
    .where("invoiceLines.sellableType", "in", ["package", "product", "addon"])
    .where(latestInvoiceOnly)
    .orderBy("invoiceLines.id")
    .execute();
}

type Contents = Map<number, { item: string; quantity: string }[]>;

/** Curated boxes: their range's contents of the delivery's month (else the latest month before it). */
async function curatedContents(db: Kysely<DB>, lines: ItemLine[], date: string): Promise<Contents> {
  const curatedRanges = [
    ...new Set(
      lines.filter((l) => l.sellableType === "package" && l.parentId).map((l) => l.parentId!),
    ),
  ];
  const contents: Contents = new Map();
  if (!curatedRanges.length) return contents;
  const rows = await db
    .selectFrom("packageContents")
    .innerJoin("packages", "packages.id", "packageContents.packageId")
    .select([
      "packageContents.packageId as packageId",
      "packageContents.month as month",
      "packageContents.item as item",
      "packageContents.quantity as quantity",
    ])
    .where("packageContents.packageId", "in", curatedRanges)
    .where("packages.kind", "=", "curated")
    .orderBy("packageContents.month", "desc")
    .orderBy("packageContents.sortOrder")
    .execute();
  const month = monthOf(date);
  for (const range of curatedRanges) {
    const mine = rows.filter((r) => r.packageId === range);
    const chosen =
      mine.find((r) => r.month <= month)?.month ?? mine[mine.length - 1]?.month ?? null;
    contents.set(
      range,
      mine.filter((r) => r.month === chosen).map((r) => ({ item: r.item, quantity: r.quantity })),
    );
  }
  return contents;
}

/** One order's slip lines (a box followed by its curated contents) and whether a knife is in it. */
function slipOf(lines: ItemLine[], contents: Contents): { lines: SlipLine[]; hasKnife: boolean } {
  const slipLines: SlipLine[] = [];
  let hasKnife = false;
  for (const l of lines) {
    if (l.isKnife === 1) hasKnife = true;
    if (l.sellableType === "package") {
      slipLines.push({ kind: "box", name: l.name, quantity: String(l.quantity), product: null });
      for (const c of (l.parentId && contents.get(l.parentId)) || [])
        slipLines.push({ kind: "contents", name: c.item, quantity: c.quantity, product: null });
    } else
      slipLines.push({
        kind: l.sellableType === "product" ? "cut" : "addon",
        name: l.name,
        quantity: String(l.quantity),
        product:
          l.sellableId !== null && l.productName !== null
            ? { id: l.sellableId, name: l.productName }
            : null,
      });
  }
  return { lines: slipLines, hasKnife };
}

/** The slips of `orders` (paid, in their order) from the day's item lines. */
async function slipsOf(
  db: Kysely<DB>,
  orders: DayOrder[],
  lines: ItemLine[],
  date: string,
): Promise<Slip[]> {
  if (!orders.length) return [];
  const contents = await curatedContents(db, lines, date);
  const byOrder = new Map<number, ItemLine[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push(l);
    byOrder.set(l.orderId, list);
  }
  return orders.map((o) => ({ ...o, ...slipOf(byOrder.get(o.id) ?? [], contents) }));
}

/**
 * The day's paid orders, each with what it holds (its latest invoice's lines, a curated box's
 * contents) and whether a knife is in it: the slips and the pick list. Three queries for the day.
 */
export async function paidOrdersWithItems(date: string, db: Kysely<DB> = appDb): Promise<Slip[]> {
  const [orders, lines] = await Promise.all([paidDayOrders(db, date), itemLinesOf(db, date)]);
  return slipsOf(db, orders, lines, date);
}

/** What one paid order puts on the pick list: its cuts, add-ons and curated contents (one box's worth each). */
export function pickItemsOf(slip: Pick<Slip, "lines">): PickItem[] {
  const items: PickItem[] = [];
  for (const l of slip.lines) {
    if (l.kind === "box") continue;
    if (l.kind === "contents")
      items.push({
        key: contentsKey(l.name, l.quantity),
        name: l.name,
        unit: l.quantity,
        quantity: 1,
      });
    else
      items.push({
        key: l.product ? productKey(l.product.id) : `line:${l.name}`,
        name: l.product?.name ?? l.name,
        unit: null,
        quantity: Number(l.quantity),
      });
  }
  return items;
}

/** The day's pick list and its slips, from one read of the paid orders. */
export async function packingDay(date: string, db: Kysely<DB> = appDb) {
  return pickListAndSlips(await paidOrdersWithItems(date, db));
}

function pickListAndSlips(slips: Slip[]) {
  const pickList: PickList = sumPickList(
    slips.map((s) => ({ region: s.region, items: pickItemsOf(s) })),
  );
  return { slips, pickList };
}

/**
 * The day's page: a page of its orders and how many (as dayOrdersPage), its slips and pick list (as
 * packingDay). The day's orders of every shown status are read once, in the page's order, and the
 * paid ones among them are the slips' (the same order by region then reference): two queries for
 * the day, where the two functions apart make four.
 */
export async function packingDayPage(
  date: string,
  { offset, limit }: { offset: number; limit: number },
  db: Kysely<DB> = appDb,
) {
  const [rows, lines] = await Promise.all([
    dayOrdersQuery(db, date, DAY_STATUSES)
      .select([...dayOrderColumns])
      .orderBy("deliveryRegions.name")
      .orderBy("orders.reference")
      .execute(),
    itemLinesOf(db, date),
  ]);
  const all = rows.map(toDayOrder);
  const paidOrders = all.filter((o) => o.status === "paid");
  const unpaid = all.filter((o) => UNPAID.includes(o.status)).length;
  return {
    orders: all.slice(offset, offset + limit),
    total: paidOrders.length + unpaid,
    paid: paidOrders.length,
    unpaid,
    ...pickListAndSlips(await slipsOf(db, paidOrders, lines, date)),
  };
}

/** What a slip shows: the loader sends only this of each slip to the page (hundreds on a busy day). */
export type SlipView = Pick<
  Slip,
  | "id"
  | "reference"
  | "region"
  | "name"
  | "line1"
  | "line2"
  | "suburb"
  | "state"
  | "postcode"
  | "window"
  | "notes"
  | "hasKnife"
> & { lines: Pick<SlipLine, "kind" | "name" | "quantity">[] };

export const slipView = (s: Slip): SlipView => ({
  id: s.id,
  reference: s.reference,
  region: s.region,
  name: s.name,
  line1: s.line1,
  line2: s.line2,
  suburb: s.suburb,
  state: s.state,
  postcode: s.postcode,
  window: s.window,
  notes: s.notes,
  hasKnife: s.hasKnife,
  lines: s.lines.map((l) => ({ kind: l.kind, name: l.name, quantity: l.quantity })),
});

export const MANIFEST_HEADER = [
  "Reference",
  "Name",
  "Phone",
  "Address line 1",
  "Address line 2",
  "Suburb",
  "State",
  "Postcode",
  "Window",
  "Notes",
];

/** The courier manifest of the day: its paid orders, one row each, by region then reference. */
export async function manifestCsv(date: string, db: Kysely<DB> = appDb): Promise<string> {
  const orders = await paidDayOrders(db, date);
  return toCsv([
    MANIFEST_HEADER,
    ...orders.map((o) => [
      o.reference,
      o.name,
      o.phone,
      o.line1,
      o.line2,
      o.suburb,
      o.state,
      o.postcode,
      o.window,
      o.notes,
    ]),
  ]);
}
