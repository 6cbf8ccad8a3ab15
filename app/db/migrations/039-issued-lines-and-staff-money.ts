// A tax invoice never changes once issued (issue 46 item 4, decision 071). Invoices and adjustment
// notes read GST from products.taxable as it is now, which the owner can edit; a line now keeps
// whether GST applied and its GST from when it was written:
//   invoice_lines.taxable     1: GST applies (a product or add-on whose product was taxable)
//   invoice_lines.gst_cents   the line's share of the invoice's GST, the lines adding up to it
// Existing lines are filled from today's flags, the only record there is; their GST is worked out
// as the invoices showed it until now (app/db/frozen/gst.ts).
//
// Staff money moves are exactly once and within limits (issue 46 item 6, decision 071):
//   credit_ledger.staff_user_id     who added or removed the credit (null: not a member of staff)
//   credit_ledger.idempotency_key   the form's key made when the page was rendered; unique, so a
//                                   repeated post adds once
//   indexes on (staff_user_id, created_at) of refunds and credit_ledger: what a member moved today
import { sql, type Kysely } from "kysely";
import { frozenGstByLine } from "../frozen/gst";

const BATCH = 500;

// one-word names: the app's connection may camel-case a result's snake_case keys
type Row = {
  id: number;
  invoice: number;
  quantity: number;
  price: number;
  free: number;
  taxable: number;
  subtotal: number;
  discounted: number;
};

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("invoice_lines")
    .addColumn("taxable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("invoice_lines")
    .addColumn("gst_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("credit_ledger")
    .addColumn("staff_user_id", "integer", (c) => c.references("users.id"))
    .execute();
  await db.schema.alterTable("credit_ledger").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("credit_ledger_idempotency_key_idx")
    .on("credit_ledger")
    .column("idempotency_key")
    .unique()
    .execute();
  await db.schema
    .createIndex("credit_ledger_staff_day_idx")
    .on("credit_ledger")
    .columns(["staff_user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("refunds_staff_day_idx")
    .on("refunds")
    .columns(["staff_user_id", "created_at"])
    .execute();

  await sql`update invoice_lines set taxable = 1
    where sellable_type in ('product', 'addon')
      and sellable_id in (select id from products where taxable = 1)`.execute(db);
  // only invoices with a taxable line carry GST: a batch of them at a time, in id order
  let after = 0;
  for (;;) {
    const ids = (
      await sql<{ invoice: number }>`select distinct invoice_id as invoice from invoice_lines
        where taxable = 1 and invoice_id > ${after} order by invoice_id limit ${BATCH}`.execute(db)
    ).rows.map((r) => Number(r.invoice));
    if (ids.length === 0) break;
    after = ids[ids.length - 1];
    const rows = (
      await sql<Row>`select l.id, l.invoice_id as invoice, l.quantity, l.price_cents as price, l.free,
          l.taxable, i.subtotal_cents as subtotal, i.discounted_cents as discounted
        from invoice_lines l join invoices i on i.id = l.invoice_id
        where l.invoice_id in (${sql.join(ids)}) order by l.id`.execute(db)
    ).rows;
    const byInvoice = new Map<number, Row[]>();
    for (const r of rows) {
      const list = byInvoice.get(Number(r.invoice)) ?? [];
      list.push(r);
      byInvoice.set(Number(r.invoice), list);
    }
    const gstOf = new Map<number, number>();
    for (const lines of byInvoice.values()) {
      const gst = frozenGstByLine(
        lines.map((l) => ({
          priceCents: Number(l.price),
          quantity: Number(l.quantity),
          taxable: Number(l.taxable) === 1,
          free: Number(l.free) === 1,
        })),
        {
          subtotalCents: Number(lines[0].subtotal),
          discountedCents: Number(lines[0].discounted),
        },
      );
      lines.forEach((l, i) => {
        if (gst[i] > 0) gstOf.set(Number(l.id), gst[i]);
      });
    }
    // one statement a batch (one a line took 11 s for 10,000 lines on PostgreSQL)
    if (gstOf.size > 0)
      await sql`update invoice_lines set gst_cents = case id ${sql.join(
        [...gstOf].map(([id, g]) => sql`when ${id} then ${g}`),
        sql` `,
      )} else gst_cents end where id in (${sql.join([...gstOf.keys()])})`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("refunds_staff_day_idx").execute();
  await db.schema.dropIndex("credit_ledger_staff_day_idx").execute();
  await db.schema.dropIndex("credit_ledger_idempotency_key_idx").execute();
  await db.schema.alterTable("credit_ledger").dropColumn("idempotency_key").execute();
  await db.schema.alterTable("credit_ledger").dropColumn("staff_user_id").execute();
  await db.schema.alterTable("invoice_lines").dropColumn("gst_cents").execute();
  await db.schema.alterTable("invoice_lines").dropColumn("taxable").execute();
}
