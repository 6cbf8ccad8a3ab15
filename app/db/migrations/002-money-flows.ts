// Columns the money flows need: the checkout claim on a draft, credit spent on
// an invoice, what a payment was made with (brand and last four only), and the
// kind of an order (a box, or a gift-card purchase without a subscription).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  // Set by the one checkout submit that owns the draft while it charges (see app/checkout/place-order.server.ts).
  await db.schema.alterTable("subscriptions").addColumn("checkout_key", "text").execute();
  await db.schema
    .alterTable("invoices")
    .addColumn("credit_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("payments").addColumn("card_brand", "text").execute();
  await db.schema.alterTable("payments").addColumn("card_last_four", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("box"))
    .execute();
  await db.schema
    .createIndex("payments_order_idx")
    .ifNotExists()
    .on("payments")
    .column("order_id")
    .execute();
  await db.schema
    .createIndex("invoices_order_idx")
    .ifNotExists()
    .on("invoices")
    .column("order_id")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("invoices_order_idx").ifExists().execute();
  await db.schema.dropIndex("payments_order_idx").ifExists().execute();
  for (const [t, c] of [
    ["orders", "kind"],
    ["payments", "card_last_four"],
    ["payments", "card_brand"],
    ["invoices", "credit_cents"],
    ["subscriptions", "checkout_key"],
  ]) {
    await db.schema.alterTable(t).dropColumn(c).execute();
  }
}
