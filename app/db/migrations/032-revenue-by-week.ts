// Revenue per week on the owner's numbers (issue 37, decision 058): the card payments taken in the
// last 12 weeks, summed by week. A fortnightly shop of 10,000 subscribers takes about 60,000 in 12
// weeks; payments_status_idx (status, created_at) finds them, then each row is read for its amount.
// With the amount in the index the sum reads the index alone.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("payments_taken_idx")
    .on("payments")
    .columns(["status", "created_at", "amount_cents"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("payments_taken_idx").execute();
}
