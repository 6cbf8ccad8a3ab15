// The sandbox gateway's memory of charges by idempotency key. A real gateway keeps
// it on its side, across our processes and restarts; the sandbox kept it in one
// process's memory, so a renewal resumed after a crash was charged a second time
// (docs/decisions/033-sandbox-charges-in-the-database.md).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("sandbox_charges")
    .addColumn("idempotency_key", "text", (c) => c.primaryKey())
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("sandbox_charges").execute();
}
