// Writing an invoice's lines (issue 46 item 4, decision 071): each line is stored as issued, with its
// name, quantity, unit price, whether GST applies and its GST, so the tax invoice and its adjustment
// notes never read the catalogue again (the owner may untick "GST applies" or change a price later).
// Whether GST applies is read from the products inside the writer's transaction; packages and gift
// cards are never products (GST-free). Relative imports only: the test factories write lines with it.
import type { Kysely } from "kysely";
import type { DB, InvoiceLinesTable } from "../db/schema";
import { gstByLine } from "./credit";

export type NewInvoiceLine = {
  sellableType: InvoiceLinesTable["sellableType"];
  sellableId: number | null;
  name: string;
  quantity: number;
  priceCents: number;
  /** a discount code's free item */
  free?: boolean;
};

const isProduct = (l: NewInvoiceLine) =>
  (l.sellableType === "product" || l.sellableType === "addon") && l.sellableId !== null;

/** Inserts the lines of `invoice` with their tax treatment and GST fixed at this instant. */
export async function insertInvoiceLines(
  executor: Kysely<DB>,
  invoice: { id: number; subtotalCents: number; discountedCents: number },
  lines: NewInvoiceLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const ids = [...new Set(lines.filter(isProduct).map((l) => l.sellableId!))];
  const taxed = ids.length
    ? await executor
        .selectFrom("products")
        .select("id")
        .where("id", "in", ids)
        .where("taxable", "=", 1)
        .execute()
    : [];
  const taxable = new Set(taxed.map((p) => p.id));
  const flagged = lines.map((l) => ({
    ...l,
    free: Boolean(l.free),
    taxable: isProduct(l) && taxable.has(l.sellableId!),
  }));
  const gst = gstByLine(flagged, invoice);
  await executor
    .insertInto("invoiceLines")
    .values(
      flagged.map((l, i) => ({
        invoiceId: invoice.id,
        sellableType: l.sellableType,
        sellableId: l.sellableId,
        name: l.name,
        quantity: l.quantity,
        priceCents: l.priceCents,
        free: l.free ? 1 : 0,
        taxable: l.taxable ? 1 : 0,
        gstCents: gst[i],
      })),
    )
    .execute();
}
