// Which products carry GST. Fresh meat, seafood and other basic food are
// GST-free in Australia; the shop's knife is taxable. Invoices, summaries and
// receipts count GST only on taxable lines (docs/decisions/031-gst-by-product.md).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("products")
    .addColumn("taxable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update products set taxable = 1 where is_knife = 1`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("products").dropColumn("taxable").execute();
}
