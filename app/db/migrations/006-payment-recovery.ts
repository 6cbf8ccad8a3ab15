// What a payment's claim took besides the payment row (stock, credit), so the
// recovery job can give it back when the process that claimed it died before
// settling (app/payments/recovery.server.ts, docs/decisions/008).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  // JSON: { stock: [{ productId, quantity }], creditCents, creditReference }
  await db.schema.alterTable("payments").addColumn("reserved", "text").execute();
  await db.schema
    .createIndex("payments_status_idx")
    .ifNotExists()
    .on("payments")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("payments_status_idx").ifExists().execute();
  await db.schema.alterTable("payments").dropColumn("reserved").execute();
}
