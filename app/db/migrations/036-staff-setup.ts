// Staff managed by the owner (issue 44, decision 064).
//   staff_setup_links            a one-time link to choose a password: only the sha256 of its token, 24 hours,
//                                used_at once used or superseded by a newer link for the same member
//   staff_recovery_codes         10 one-time codes made at enrolment, kept as keyed hashes; used_at once used
//   staff_sessions.recovery_reveal   the codes just made, encrypted under the session's own cookie token
//                                (which the database does not hold), until the page showing them once takes them
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const serial = pg ? "serial" : "integer";

  await db.schema
    .createTable("staff_setup_links")
    .addColumn("id", serial, id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_setup_links_user_idx")
    .on("staff_setup_links")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", serial, id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_user_idx")
    .on("staff_recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();

  await db.schema.alterTable("staff_sessions").addColumn("recovery_reveal", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("staff_sessions").dropColumn("recovery_reveal").execute();
  await db.schema.dropTable("staff_recovery_codes").execute();
  await db.schema.dropTable("staff_setup_links").execute();
}
