// A subscriber can remove an address from their account. Orders and invoices
// keep pointing at it (an invoice shows where its order went), so a removed
// address is marked, not deleted, and left out of every list and choice.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("addresses").addColumn("removed_at", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("addresses").dropColumn("removed_at").execute();
}
