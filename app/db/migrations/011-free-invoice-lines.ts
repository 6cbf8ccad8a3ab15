// A discount code's free item is an invoice line at its price, discounted in full. GST follows the
// line: the free item's discount is its own, not spread over the taxable knife (decision 031). The
// flag was only in the line's name, "(free with CODE)", which both writers add; old lines are found by it.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("invoice_lines")
    .addColumn("free", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update invoice_lines set free = 1 where name like '% (free with %)'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("invoice_lines").dropColumn("free").execute();
}
