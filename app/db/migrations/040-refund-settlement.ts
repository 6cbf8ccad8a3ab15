// Refunds whose outcome is unknown (issue 46 item 5, decision 072).
//   refunds.status              gains "unknown": the gateway erred while refunding, so whether it
//                               refunded is asked of it later by the refund's key (no column changes:
//                               status is text)
//   refunds_status_idx          (status, created_at): the settlement job's look-up of unknown refunds
//                               past their lease, every run, without reading every refund
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("refunds_status_idx")
    .ifNotExists()
    .on("refunds")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("refunds_status_idx").ifExists().execute();
}
