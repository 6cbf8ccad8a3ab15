// A tax invoice never changes once issued (issue 46 item 4, decision 071), on SQLite and on
// PostgreSQL (DATABASE_URL_TEST): after the owner edits every product's tax flag, price and name,
// the customer's tax invoice and its adjustment notes are the same bytes, and a refund made after the
// edit adjusts the GST the line was issued with.
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, migrateToLatest, migrator } from "~/db/connection.server";
import { db } from "~/db/client.server";
import { AdjustmentNotes } from "~/orders/components/adjustment-note";
import { TaxInvoiceSheet } from "~/orders/components/tax-invoice";
import { loadTaxInvoice } from "~/orders/invoice.server";
import {
  KNIFE_CENTS,
  KNIFE_GST,
  newKey,
  paidOrder,
  postOrder,
  refundsOf,
  staffAuth,
  type PaidOrder,
  type StaffAuth,
} from "./admin-refunds-fixtures";
import { emptyDatabaseUrl } from "./databases";
import { createUser } from "../factories";

/** The customer's page as the server renders it: the invoice sheet and its notes. */
async function invoiceHtml(o: PaidOrder) {
  const found = await loadTaxInvoice({ userId: o.userId, reference: o.reference });
  if (found.status !== "ok") throw new Error(`no invoice: ${found.status}`);
  const { invoice } = found;
  return {
    invoice: renderToStaticMarkup(createElement(TaxInvoiceSheet, { invoice })),
    notes: renderToStaticMarkup(
      createElement(
        Fragment,
        null,
        createElement(AdjustmentNotes, {
          notes: invoice.adjustmentNotes,
          invoiceReference: invoice.reference,
        }),
      ),
    ),
    gstCents: invoice.summary.gstCents,
  };
}

const refundKnife = async (o: PaidOrder, owner: StaffAuth) => {
  const res = await postOrder(o.reference, owner, "refund", {
    idempotencyKey: newKey(),
    seenRefundedCents: "0",
    scope: "lines",
    method: "card",
    amount: "",
    reason: "Knife arrived chipped",
    [`qty-${o.lineIds.knife}`]: "1",
  });
  expect(res.status).toBe(303);
};

/** The owner edits every product: GST flag flipped, price up $1, a new name. */
const editEveryProduct = () =>
  sql`update products set taxable = 1 - taxable, price_cents = price_cents + 100,
    name = name || ' (new)'`.execute(db);

describe("a tax invoice as issued", () => {
  // first: the next test edits the catalogue for the rest of this file
  it("keeps each line's GST as written: the lines add up to the invoice's GST", async () => {
    const o = await paidOrder();
    const lines = await db
      .selectFrom("invoiceLines")
      .innerJoin("invoices", "invoices.id", "invoiceLines.invoiceId")
      .select(["invoiceLines.id", "invoiceLines.taxable", "invoiceLines.gstCents"])
      .where("invoices.orderId", "=", o.orderId)
      .orderBy("invoiceLines.id")
      .execute();
    expect(lines).toEqual([
      { id: o.lineIds.box, taxable: 0, gstCents: 0 },
      { id: o.lineIds.knife, taxable: 1, gstCents: KNIFE_GST },
    ]);
  });

  it("stays byte-for-byte the same, with its adjustment note, after every product is edited", async () => {
    const owner = await staffAuth("owner");
    const early = await paidOrder();
    const late = await paidOrder();
    await refundKnife(early, owner);
    const before = await invoiceHtml(early);
    const lateBefore = await invoiceHtml(late);
    expect(before.gstCents).toBe(KNIFE_GST);
    expect(before.invoice).toContain("GST applies to the items marked *");
    expect(before.notes).toContain(`AN-${early.reference}-1`);
    expect(before.notes).toContain("$8.09");

    await editEveryProduct();
    const knife = await db
      .selectFrom("products")
      .select(["taxable", "priceCents"])
      .where("slug", "=", "addon-chef-knife")
      .executeTakeFirstOrThrow();
    expect(knife).toEqual({ taxable: 0, priceCents: KNIFE_CENTS + 100 });

    const after = await invoiceHtml(early);
    expect(after.invoice).toBe(before.invoice);
    expect(after.notes).toBe(before.notes);
    expect((await invoiceHtml(late)).invoice).toBe(lateBefore.invoice);

    // a refund of the knife after the edit adjusts the GST it was charged with, as the first did
    await refundKnife(late, owner);
    const [refund] = await refundsOf(late.orderId);
    expect(refund).toMatchObject({ amountCents: KNIFE_CENTS, gstCents: KNIFE_GST });
    const lateAfter = await invoiceHtml(late);
    expect(lateAfter.invoice).toBe(lateBefore.invoice);
    expect(lateAfter.notes).toBe(before.notes.replaceAll(early.reference, late.reference));
    const mail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", late.email)
      .where("template", "=", "adjustment-note")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("GST adjusted: $8.09");
  });
});

describe("migration 039", () => {
  it("fills the lines of existing invoices from today's flags, their GST as the invoices showed it", async () => {
    const url = await emptyDatabaseUrl("_old039");
    const old = createDb(url);
    try {
      const moved = await migrator(old).migrateTo("036-staff-setup");
      if (moved.error) throw moved.error;
      const { id: categoryId } = await old
        .insertInto("productCategories")
        .values({ name: "Extras", slug: "extras", kind: "addon", sortOrder: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const product = (slug: string, taxable: number, priceCents: number) =>
        old
          .insertInto("products")
          .values({
            slug,
            name: slug,
            categoryId,
            kind: "addon",
            description: "",
            weight: null,
            priceCents,
            inventory: null,
            image: "",
            isKnife: taxable,
            taxable,
            active: 1,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      const knife = (await product("knife", 1, 8900)).id;
      const steak = (await product("steak", 0, 4500)).id;
      const userId = (await createUser(old)).id;
      const invoiceOf = async (reference: string, subtotal: number, discounted: number) => {
        const { id: orderId } = await old
          .insertInto("orders")
          .values({
            reference,
            userId,
            subscriptionId: null,
            status: "paid",
            deliveryDate: "2026-01-10",
            deliveryWindow: "day",
            createdAt: new Date().toISOString(),
            paidAt: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return (
          await old
            .insertInto("invoices")
            .values({
              orderId,
              subtotalCents: subtotal,
              discountedCents: discounted,
              totalCents: subtotal - discounted,
              createdAt: new Date().toISOString(),
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      };
      const line = (
        invoiceId: number,
        type: string,
        id: number,
        cents: number,
        qty = 1,
        free = 0,
      ) =>
        sql`insert into invoice_lines (invoice_id, sellable_type, sellable_id, name, quantity, price_cents, free)
          values (${invoiceId}, ${type}, ${id}, ${"line"}, ${qty}, ${cents}, ${free})`.execute(old);
      // a box (a package whose id is the knife's: never a product), two knives, a steak, a free
      // knife, and 10% off what was paid for: the knives' GST is 17800 × 0.9 / 11 = 1456.36
      const mixed = await invoiceOf("PT-OLD1", 27900 + 17800 + 4500 + 8900, 8900 + 5020);
      await line(mixed, "package", knife, 27900);
      await line(mixed, "addon", knife, 8900, 2);
      await line(mixed, "product", steak, 4500);
      await line(mixed, "addon", knife, 8900, 1, 1);
      const fresh = await invoiceOf("PT-OLD2", 4500, 0);
      await line(fresh, "product", steak, 4500);

      await migrateToLatest(old);
      const rows = await old
        .selectFrom("invoiceLines")
        .select(["invoiceId", "taxable", "gstCents"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { invoiceId: mixed, taxable: 0, gstCents: 0 },
        { invoiceId: mixed, taxable: 1, gstCents: 1456 },
        { invoiceId: mixed, taxable: 0, gstCents: 0 },
        { invoiceId: mixed, taxable: 1, gstCents: 0 },
        { invoiceId: fresh, taxable: 0, gstCents: 0 },
      ]);
    } finally {
      await old.destroy();
    }
  });
});
