// The signed-in subscriber's subscriptions, deliveries and orders for
// /dashboard/my-deliveries, always scoped by owner. (Moved here from
// app/accounts: it is the subscription domain's summary.)
import { formatAddressLine } from "~/accounts/format";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { OrderStatus, SubscriptionStatus } from "~/db/schema";
import { addDays } from "~/delivery/schedule";
import { creditBalance } from "~/orders/credit.server";
import { sydneyMonth } from "~/utils/sydney-time.server";
import { upcomingDeliveriesOf, type UpcomingDelivery } from "./changes.server";
import { factsOf, factsBase } from "./deliveries.server";
import { sydneyToday } from "./schedule";
import { deliveryAmount } from "./delivery-box.server";
import type { DeliveryAmount } from "./delivery-terms";
import { listActivity, type ActivityEntry } from "./subscriber-actions.server";
import {
  COMING_STATES,
  MAX_PAUSE_DAYS,
  NOT_PAID_BEFORE_PACKING,
  NOT_PAID_BEFORE_PACKING_NOTE,
} from "./subscriber-schedule";

export type SubscriptionSummary = {
  id: number;
  boxName: string;
  frequencyDays: number | null;
  nextDeliveryDate: string | null;
  status: SubscriptionStatus;
};

export type OrderSummary = {
  id: number;
  reference: string;
  deliveryDate: string | null;
  status: OrderStatus;
  totalCents: number | null;
  /** why a cancelled renewal order was not delivered, in a plain sentence, else null */
  note: string | null;
  /** packing day (issue 36): "packed" once staff packed it, "dispatched" once it is on its way */
  progress: "packed" | "dispatched" | null;
};

/**
 * The user's subscriptions past the draft stage, each with its facts (for its deliveries and next
 * amount) and what its panel shows besides: one query for the page.
 */
const subscriptionsOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    factsBase(q)
      .leftJoin("deliveryWindows as w", "w.code", "s.deliveryWindow")
      .leftJoin("addresses as a", (j) =>
        j.onRef("a.id", "=", "s.shippingAddressId").on("a.userId", "=", userId),
      )
      .select([
        "s.deliveryDate as nextDeliveryDate",
        "s.createdAt",
        "s.boxType",
        "p.priceCents as boxPriceCents",
        "w.label as windowLabel",
        "a.line1",
        "a.line2",
        "a.city",
        "a.state",
        "a.postcode as addressPostcode",
      ])
      .where("s.userId", "=", userId)
      .where("s.status", "!=", "draft")
      .orderBy("s.createdAt", "desc")
      .orderBy("s.id", "desc"),
);
type SubscriptionRow = Awaited<ReturnType<typeof subscriptionsOf>>[number];

const STATUS_RANK: Record<SubscriptionStatus, number> = {
  active: 0,
  paused: 1,
  cancelled: 2,
  draft: 3,
};

/** The user's subscription rows, live ones first. */
async function rankedSubscriptions(userId: number): Promise<SubscriptionRow[]> {
  const rows = await subscriptionsOf(userId);
  return rows.sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status]);
}

const summaryOf = (r: SubscriptionRow): SubscriptionSummary => ({
  id: r.id,
  boxName: r.boxName ?? "Box not chosen yet",
  frequencyDays: r.frequencyDays,
  nextDeliveryDate: r.status === "cancelled" ? null : r.nextDeliveryDate,
  status: r.status,
});

/** Subscriptions past the draft stage, live ones first. */
export async function getSubscriptions({
  userId,
}: {
  userId: number;
}): Promise<SubscriptionSummary[]> {
  return (await rankedSubscriptions(userId)).map(summaryOf);
}

const ordersOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("orders")
      .leftJoin("deliveries", "deliveries.orderId", "orders.id")
      .select([
        "orders.id",
        "orders.reference",
        "orders.deliveryDate",
        "orders.status",
        "orders.createdAt",
        "orders.packedAt",
        "orders.dispatchedAt",
        "deliveries.skipReason",
      ])
      .where("orders.userId", "=", userId)
      .orderBy("orders.deliveryDate", "desc")
      .orderBy("orders.id", "desc"),
);

/** The invoices of all the user's orders, oldest first (one fixed-shape query, not an `in` list). */
const invoicesOfUser = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("invoices")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["invoices.orderId", "invoices.totalCents", "invoices.id"])
      .where("orders.userId", "=", userId)
      .orderBy("invoices.id", "asc"),
);

/** Orders, newest delivery first, each with the total of its latest invoice. */
export async function getOrders({ userId }: { userId: number }): Promise<OrderSummary[]> {
  const orders = await ordersOf(userId);
  if (orders.length === 0) return [];
  const invoices = await invoicesOfUser(userId);
  const totals = new Map<number, number>();
  for (const inv of invoices) totals.set(inv.orderId, inv.totalCents); // latest wins
  return orders.map((o) => ({
    id: o.id,
    reference: o.reference,
    deliveryDate: o.deliveryDate,
    status: o.status,
    totalCents: totals.get(o.id) ?? null,
    note:
      o.status === "cancelled" && o.skipReason === NOT_PAID_BEFORE_PACKING
        ? NOT_PAID_BEFORE_PACKING_NOTE
        : null,
    progress:
      o.status !== "paid" ? null : o.dispatchedAt ? "dispatched" : o.packedAt ? "packed" : null,
  }));
}

export async function getMyDeliveries({ userId }: { userId: number }) {
  const [subscriptions, orders] = await Promise.all([
    getSubscriptions({ userId }),
    getOrders({ userId }),
  ]);
  return { subscriptions, orders };
}

export type SubscriptionDetail = SubscriptionSummary & {
  pausedUntil: string | null;
  endedAt: string | null;
  boxType: "custom" | "curated" | null;
  windowLabel: string | null;
  address: string | null;
  items: { name: string; quantity: number }[];
  contents: { item: string; quantity: string }[];
  addons: { name: string; quantity: number; lineCents: number }[];
  boxPriceCents: number;
  /** the box and add-ons before any discount */
  totalCents: number;
  /** the next delivery's discount, and what it will be charged before credit (decision 069) */
  discountedCents: number;
  chargeCents: number;
  /** the renewal engine's upcoming deliveries, each with `locked` (its cut-off has passed) */
  upcoming: (UpcomingDelivery & { locked: boolean })[];
  /**
   * When the next delivery is already an order (the first box, or a renewal made at the cut-off):
   * what that order holds. It comes as ordered; changes apply from the delivery after it.
   */
  nextOrder: NextOrder | null;
  /** delivery days a pause can run until (the first day deliveries come again) */
  resumeOptions: string[];
};

export type NextOrder = {
  reference: string;
  status: OrderSummary["status"];
  /** where and when the order itself is delivered: it keeps them when the subscription changes later */
  address: string | null;
  windowLabel: string | null;
  lines: { name: string; quantity: number; lineCents: number; type: string }[];
  subtotalCents: number;
  discountedCents: number;
  /** credit spent on the order (0 until it is paid) */
  creditCents: number;
  /** what the order costs after discount and credit spent on it: what was charged when paid (credit is spent only then) */
  totalCents: number;
};

export type DeliveriesPage = {
  subscriptions: SubscriptionDetail[];
  awaitingPayment: OrderSummary[];
  pastOrders: OrderSummary[];
  creditCents: number | null;
  activity: ActivityEntry[];
};

const itemNamesOf = preparedQuery(
  () => db,
  (q, subscriptionId: number) =>
    q
      .selectFrom("subscriptionItems")
      .innerJoin("products", "products.id", "subscriptionItems.productId")
      .select(["products.name as name", "subscriptionItems.quantity as quantity"])
      .where("subscriptionItems.subscriptionId", "=", subscriptionId)
      .orderBy("products.name"),
);
const addonLinesOf = preparedQuery(
  () => db,
  (q, subscriptionId: number) =>
    q
      .selectFrom("subscriptionAddons")
      .innerJoin("products", "products.id", "subscriptionAddons.productId")
      .select([
        "products.name as name",
        "subscriptionAddons.quantity as quantity",
        "products.priceCents as priceCents",
      ])
      .where("subscriptionAddons.subscriptionId", "=", subscriptionId)
      .orderBy("products.name"),
);
const curatedContentsOf = preparedQuery(
  () => db,
  (q, packageId: number) =>
    q
      .selectFrom("packageContents")
      .innerJoin("packages", "packages.parentId", "packageContents.packageId")
      .select([
        "packageContents.item as item",
        "packageContents.quantity as quantity",
        "packageContents.month as month",
      ])
      .where("packages.id", "=", packageId)
      .orderBy("packageContents.month", "desc")
      .orderBy("packageContents.sortOrder"),
);

type AddressParts = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
};
const addressLabel = (a: AddressParts) =>
  a.line1
    ? formatAddressLine({
        ...a,
        line1: a.line1,
        city: a.city ?? "",
        state: a.state ?? "",
        postcode: a.postcode ?? "",
      })
    : null;

async function detail(
  userId: number,
  sub: SubscriptionRow,
  now: Date,
): Promise<SubscriptionDetail> {
  const s = summaryOf(sub);
  const contents =
    sub.boxType === "curated" && sub.packageId ? await curatedContentsOf(sub.packageId) : [];
  // this month's contents (or the latest before it): next month's, prepared ahead, show from the 1st
  const latestMonth =
    contents.find((c) => c.month <= sydneyMonth(now))?.month ?? contents.at(-1)?.month;
  const today = sydneyToday(now);
  // the subscription's facts, read with it, for its deliveries and its next amount
  const facts = factsOf(sub);
  const ahead = facts ? await upcomingDeliveriesOf(facts, 16, now) : [];
  const upcoming = ahead
    .slice(0, 4)
    .map((d) => ({ ...d, locked: now.getTime() >= Date.parse(d.cutoffAt) }));
  const next = upcoming.find((d) => COMING_STATES.has(d.status));
  const nextOrder = next?.orderReference ? await orderOf(userId, next.orderReference) : null;
  // the next delivery not ordered yet: its box and amount as the renewal will charge them (the box
  // frozen at its cut-off, the reminder's prices and discount: decision 069), not today's catalogue
  const amount =
    next && !nextOrder && facts ? await deliveryAmount(db, facts, next.date, now) : null;
  // a pause runs until one of the coming delivery days (the first day deliveries come again)
  const resumeOptions =
    s.status === "cancelled"
      ? []
      : ahead
          .map((d) => d.date)
          .slice(1)
          .filter((d) => d > today && d <= addDays(today, MAX_PAUSE_DAYS));
  return {
    ...s,
    pausedUntil: sub.pausedUntil,
    endedAt: sub.endedAt,
    boxType: sub.boxType,
    windowLabel: sub.windowLabel,
    address: addressLabel({ ...sub, postcode: sub.addressPostcode }),
    contents: contents
      .filter((c) => c.month === latestMonth)
      .map((c) => ({ item: c.item, quantity: c.quantity })),
    // the box as it stands only when there is no delivery to quote (its quote has its lines)
    ...(amount ? fromAmount(amount) : await boxAsItStands(sub)),
    upcoming,
    nextOrder,
    resumeOptions,
  };
}

type BoxFields = Pick<
  SubscriptionDetail,
  "items" | "addons" | "boxPriceCents" | "totalCents" | "discountedCents" | "chargeCents"
>;

/** The subscription's box at today's prices (no delivery to quote: paused, cancelled). */
async function boxAsItStands(sub: SubscriptionRow): Promise<BoxFields> {
  const [items, addonRows] = await Promise.all([itemNamesOf(sub.id), addonLinesOf(sub.id)]);
  const addons = addonRows.map((a) => ({
    name: a.name,
    quantity: a.quantity,
    lineCents: a.priceCents * a.quantity,
  }));
  const boxPriceCents = sub.boxPriceCents ?? 0;
  const totalCents = boxPriceCents + addons.reduce((n, a) => n + a.lineCents, 0);
  return { items, addons, boxPriceCents, totalCents, discountedCents: 0, chargeCents: totalCents };
}

/** The next delivery's quote, in the panel's fields. */
function fromAmount(a: DeliveryAmount): BoxFields {
  const of = (type: string) => a.lines.filter((l) => l.type === type);
  return {
    items: of("product").map((l) => ({ name: l.name, quantity: l.quantity })),
    addons: of("addon").map((l) => ({
      name: l.free ? `${l.name} (free)` : l.name,
      quantity: l.quantity,
      lineCents: l.lineCents,
    })),
    boxPriceCents: of("package").reduce((n, l) => n + l.lineCents, 0),
    totalCents: a.subtotalCents,
    discountedCents: a.discountedCents,
    chargeCents: a.owedCents,
  };
}

/** The order's latest invoice (what it charges) with the order's status, owner-scoped. */
const latestInvoiceOf = preparedQuery(
  () => db,
  (q, reference: string, userId: number) =>
    q
      .selectFrom("orders")
      .innerJoin("invoices", "invoices.orderId", "orders.id")
      .leftJoin("addresses", (j) =>
        j
          .onRef("addresses.id", "=", "orders.shippingAddressId")
          .on("addresses.userId", "=", userId),
      )
      .leftJoin("deliveryWindows", "deliveryWindows.code", "orders.deliveryWindow")
      .select([
        "orders.reference",
        "orders.status",
        "invoices.id as invoiceId",
        "invoices.subtotalCents",
        "invoices.discountedCents",
        "invoices.creditCents",
        "invoices.totalCents",
        "deliveryWindows.label as windowLabel",
        "addresses.line1",
        "addresses.line2",
        "addresses.city",
        "addresses.state",
        "addresses.postcode",
      ])
      .where("orders.reference", "=", reference)
      .where("orders.userId", "=", userId)
      .orderBy("invoices.id", "desc")
      .limit(1),
);
const invoiceLinesOf = preparedQuery(
  () => db,
  (q, invoiceId: number) =>
    q
      .selectFrom("invoiceLines")
      .select(["sellableType", "name", "quantity", "priceCents"])
      .where("invoiceId", "=", invoiceId)
      .orderBy("id"),
);

async function orderOf(userId: number, reference: string): Promise<NextOrder | null> {
  const [invoice] = await latestInvoiceOf(reference, userId);
  if (!invoice) return null;
  const lines = await invoiceLinesOf(invoice.invoiceId);
  return {
    reference: invoice.reference,
    status: invoice.status,
    address: addressLabel(invoice),
    windowLabel: invoice.windowLabel,
    lines: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineCents: l.priceCents * l.quantity,
      type: l.sellableType,
    })),
    subtotalCents: invoice.subtotalCents,
    discountedCents: invoice.discountedCents,
    creditCents: invoice.creditCents,
    totalCents: Math.max(0, invoice.totalCents - invoice.creditCents),
  };
}

/** Everything /dashboard/my-deliveries shows. Credit is read only for users with a password (SPEC §6). */
export async function getDeliveriesPage(
  { userId, hasPassword }: { userId: number; hasPassword: boolean },
  now = new Date(),
): Promise<DeliveriesPage> {
  const [subs, orders, creditCents, activity] = await Promise.all([
    rankedSubscriptions(userId),
    getOrders({ userId }),
    hasPassword ? creditBalance({ userId }) : Promise.resolve(null),
    listActivity({ userId }),
  ]);
  const subscriptions = await Promise.all(subs.map((s) => detail(userId, s, now)));
  return {
    subscriptions,
    awaitingPayment: orders.filter((o) => o.status === "unpaid" || o.status === "failed"),
    pastOrders: orders.filter((o) => o.status !== "unpaid" && o.status !== "failed"),
    creditCents,
    activity,
  };
}

/** The reference of the user's own order for the welcome panel (?newuser={reference}), or null. */
export async function findOrderForWelcome({
  userId,
  reference,
}: {
  userId: number;
  reference: string;
}): Promise<string | null> {
  if (reference.length > 40) return null;
  const row = await db
    .selectFrom("orders")
    .select("reference")
    .where("reference", "=", reference)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.reference ?? null;
}
