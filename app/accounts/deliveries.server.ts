// The signed-in subscriber's subscriptions and orders, always scoped by owner.
import { db } from "~/db/client.server";
import type { OrderStatus, SubscriptionStatus } from "~/db/schema";

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
};

/** Subscriptions past the draft stage, live ones first. */
export async function getSubscriptions({ userId }: { userId: number }): Promise<SubscriptionSummary[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .leftJoin("packages", "packages.id", "subscriptions.packageId")
    .select([
      "subscriptions.id as id",
      "packages.fullName as boxName",
      "subscriptions.frequencyDays as frequencyDays",
      "subscriptions.deliveryDate as nextDeliveryDate",
      "subscriptions.status as status",
      "subscriptions.createdAt as createdAt",
    ])
    .where("subscriptions.userId", "=", userId)
    .where("subscriptions.status", "!=", "draft")
    .orderBy("subscriptions.createdAt", "desc")
    .orderBy("subscriptions.id", "desc")
    .execute();
  const rank: Record<SubscriptionStatus, number> = { active: 0, paused: 1, cancelled: 2, draft: 3 };
  return rows
    .map((r) => ({
      id: r.id,
      boxName: r.boxName ?? "Box not chosen yet",
      frequencyDays: r.frequencyDays,
      nextDeliveryDate: r.status === "cancelled" ? null : r.nextDeliveryDate,
      status: r.status,
    }))
    .sort((a, b) => rank[a.status] - rank[b.status]);
}

/** Orders, newest delivery first, each with the total of its latest invoice. */
export async function getOrders({ userId }: { userId: number }): Promise<OrderSummary[]> {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "reference", "deliveryDate", "status", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("deliveryDate", "desc")
    .orderBy("id", "desc")
    .execute();
  if (orders.length === 0) return [];
  const invoices = await db
    .selectFrom("invoices")
    .select(["orderId", "totalCents", "id"])
    .where("orderId", "in", orders.map((o) => o.id))
    .orderBy("id", "asc")
    .execute();
  const totals = new Map<number, number>();
  for (const inv of invoices) totals.set(inv.orderId, inv.totalCents); // latest wins
  return orders.map((o) => ({
    id: o.id,
    reference: o.reference,
    deliveryDate: o.deliveryDate,
    status: o.status,
    totalCents: totals.get(o.id) ?? null,
  }));
}

export async function getMyDeliveries({ userId }: { userId: number }) {
  const [subscriptions, orders] = await Promise.all([getSubscriptions({ userId }), getOrders({ userId })]);
  return { subscriptions, orders };
}
