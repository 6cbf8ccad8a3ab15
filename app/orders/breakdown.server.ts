// Reads one order with its invoices and lines, always scoped by owner:
// another user's order answers exactly like a missing one.
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { shapeBreakdown, type OrderBreakdown } from "./breakdown";

export type OwnOrder = {
  id: number;
  reference: string;
  status: OrderBreakdown["status"];
  kind: OrderBreakdown["kind"];
  deliveryDate: string | null;
  subscriptionId: number | null;
  paymentKey: string | null;
  billingAddressId: number | null;
  /** where a box order is delivered */
  shippingAddressId: number | null;
  paidAt: string | null;
};

/** Order references are printed upper-case; people type them any way. */
export function normaliseReference(reference: string): string {
  return reference.trim().toUpperCase().slice(0, 40);
}

const ownOrderByReference = preparedQuery(
  () => db,
  (q, reference: string, userId: number) =>
    q
      .selectFrom("orders")
      .select([
        "id",
        "reference",
        "status",
        "kind",
        "deliveryDate",
        "subscriptionId",
        "paymentKey",
        "billingAddressId",
        "shippingAddressId",
        "paidAt",
      ])
      .where("reference", "=", reference)
      .where("userId", "=", userId),
);
const invoicesOf = preparedQuery(
  () => db,
  (q, orderId: number) =>
    q
      .selectFrom("invoices")
      .select(["id", "subtotalCents", "discountedCents", "creditCents", "totalCents"])
      .where("orderId", "=", orderId)
      .orderBy("id", "asc"),
);

/** The lines of every invoice of the order (one fixed-shape query, not an `in` list built each time). */
const invoiceLinesOf = preparedQuery(
  () => db,
  (q, orderId: number) =>
    q
      .selectFrom("invoiceLines")
      .innerJoin("invoices", "invoices.id", "invoiceLines.invoiceId")
      // a line as issued: its tax treatment and GST are its own, not its product's now (decision 071)
      .select([
        "invoiceLines.invoiceId",
        "invoiceLines.sellableType",
        "invoiceLines.sellableId",
        "invoiceLines.name",
        "invoiceLines.quantity",
        "invoiceLines.priceCents",
        "invoiceLines.free",
        "invoiceLines.taxable",
        "invoiceLines.gstCents",
      ])
      .where("invoices.orderId", "=", orderId)
      .orderBy("invoiceLines.id", "asc"),
);

export async function findOwnOrder(
  { userId, reference }: { userId: number; reference: string },
  executor: Kysely<DB> = db,
): Promise<OwnOrder | null> {
  // "%00" in a URL: PostgreSQL refuses a NUL in text, and no reference has control characters
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f]/.test(reference)) return null;
  const [row] = await ownOrderByReference.on(executor)(normaliseReference(reference), userId);
  return row ?? null;
}

export async function breakdownOf(
  order: Pick<OwnOrder, "id" | "reference" | "status" | "kind" | "deliveryDate">,
  executor: Kysely<DB> = db,
): Promise<OrderBreakdown> {
  const invoices = await invoicesOf.on(executor)(order.id);
  const ids = new Set(invoices.map((i) => i.id));
  // an invoice issued between the two reads (outside a transaction) is not this breakdown's
  const lines = ids.size
    ? (await invoiceLinesOf.on(executor)(order.id)).filter((l) => ids.has(l.invoiceId))
    : [];
  return shapeBreakdown(order, invoices, lines);
}

/** The SPEC §3 order breakdown of the user's own order, or null (missing or someone else's). */
export async function orderBreakdown({
  userId,
  reference,
}: {
  userId: number;
  reference: string;
}): Promise<{ order: OwnOrder; breakdown: OrderBreakdown } | null> {
  const order = await findOwnOrder({ userId, reference });
  if (!order) return null;
  return { order, breakdown: await breakdownOf(order) };
}
