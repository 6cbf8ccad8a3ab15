// Finding orders (issue 36): by reference, e-mail, name or date, 50 a page, newest first. Every filter
// is an indexed one (orders.reference unique, users.email unique, orders by user and created time,
// orders by created time and by delivery date); a name is looked up among the customers first
// (thousands of rows, not the orders), and the page's 50 rows join their customer and invoice total
// in the same query: no query per row.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { offsetOf, PAGE_SIZE } from "~/admin/pagination";
import { db } from "~/db/client.server";
import type { DB, OrderStatus } from "~/db/schema";
import { isDay } from "~/utils/calendar-day";
import { sydneyDayRange } from "~/utils/sydney-time.server";

export type OrderSearch = { q: string; date: string };

export type OrderListRow = {
  reference: string;
  status: OrderStatus;
  kind: "box" | "gift_card";
  createdAt: string;
  deliveryDate: string | null;
  customerName: string;
  email: string;
  totalCents: number | null;
  refundedCents: number;
};

const REFERENCE = /^PT-?[0-9A-Z]{4}-?[0-9A-Z]{0,4}$/;

/** What a search box's words are taken for. */
export function searchKind(q: string): "none" | "reference" | "email" | "name" {
  const v = q.trim();
  if (!v) return "none";
  if (v.includes("@")) return "email";
  if (REFERENCE.test(v.toUpperCase()) || /^PT-/i.test(v)) return "reference";
  return "name";
}

type OrdersEb = ExpressionBuilder<DB, "orders">;

/** A whole reference, or a part of one: a range on its unique index. */
function referenceFilter(eb: OrdersEb, q: string): Expression<SqlBool> {
  const ref = q.toUpperCase();
  return /^PT-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(ref)
    ? eb("orders.reference", "=", ref)
    : eb.and([eb("orders.reference", ">=", ref), eb("orders.reference", "<", `${ref}\uffff`)]);
}

/** Customers whose e-mail starts with these words (a range on its unique index). */
function emailFilter(eb: OrdersEb, q: string): Expression<SqlBool> {
  const email = q.toLowerCase();
  return eb(
    "orders.userId",
    "in",
    eb
      .selectFrom("users")
      .select("id")
      .where((u) => u.and([u("email", ">=", email), u("email", "<", `${email}\uffff`)])),
  );
}

/** Customers whose full name contains these words, whatever the case. */
function nameFilter(eb: OrdersEb, q: string): Expression<SqlBool> {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return eb(
    "orders.userId",
    "in",
    eb
      .selectFrom("users")
      .select("id")
      .where(
        sql<SqlBool>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ${like} escape '\\'`,
      ),
  );
}

/** Orders made on the day (Sydney time) or delivered that day. */
function dayFilter(eb: OrdersEb, day: string): Expression<SqlBool> {
  const [from, to] = sydneyDayRange(day);
  return eb.or([
    eb.and([eb("orders.createdAt", ">=", from), eb("orders.createdAt", "<", to)]),
    eb("orders.deliveryDate", "=", day),
  ]);
}

/** The orders a search matches, as one where clause for the page and the count alike. */
function matching(search: OrderSearch) {
  const q = search.q.trim().slice(0, 200);
  const kind = searchKind(q);
  return (eb: OrdersEb) => {
    const all: Expression<SqlBool>[] = [];
    if (kind === "reference") all.push(referenceFilter(eb, q));
    if (kind === "email") all.push(emailFilter(eb, q));
    if (kind === "name") all.push(nameFilter(eb, q));
    if (isDay(search.date)) all.push(dayFilter(eb, search.date));
    return eb.and(all);
  };
}

export async function searchOrders(
  search: OrderSearch,
  page: number,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = matching(search);
  // the page's 50 ids first (an index walk that skips the earlier pages), then only those 50 rows
  // join their customer and invoice total: deep pages never join the rows they skip
  const pageIds = db
    .selectFrom("orders")
    .select("orders.id")
    .where(where)
    .orderBy("orders.createdAt", "desc")
    .orderBy("orders.id", "desc")
    .limit(PAGE_SIZE)
    .offset(offsetOf(page));
  const [rows, count] = await Promise.all([
    db
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.userId")
      .select((eb) => [
        "orders.reference",
        "orders.status",
        "orders.kind",
        "orders.createdAt",
        "orders.deliveryDate",
        "orders.refundedCents",
        "users.email",
        "users.firstName",
        "users.lastName",
        eb
          .selectFrom("invoices")
          .select("invoices.totalCents")
          .whereRef("invoices.orderId", "=", "orders.id")
          .orderBy("invoices.id", "desc")
          .limit(1)
          .as("totalCents"),
      ])
      .where("orders.id", "in", pageIds)
      .orderBy("orders.createdAt", "desc")
      .orderBy("orders.id", "desc")
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(where)
      .executeTakeFirst(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      reference: r.reference,
      status: r.status,
      kind: r.kind,
      createdAt: r.createdAt,
      deliveryDate: r.deliveryDate,
      customerName: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email,
      email: r.email,
      totalCents: r.totalCents === null ? null : Number(r.totalCents),
      refundedCents: r.refundedCents,
    })),
  };
}
