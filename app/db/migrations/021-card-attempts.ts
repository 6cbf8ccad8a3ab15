// No free card testing (issue 34 item 4, decision 042).
//   card_attempts   one row per new-card attempt and budget (an account, a client address): its
//                   weight (1, or CARD_DECLINE_WEIGHT once the gateway declined it) and when. The
//                   attempt column names the attempt (copies of one submit share it), so a budget
//                   holds each attempt once. Rows leave once they are older than the window.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("card_attempts")
    .addColumn("id", pg ? "serial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("attempt", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("card_attempts_scope_attempt")
    .on("card_attempts")
    .columns(["scope", "attempt"])
    .unique()
    .execute();
  await db.schema
    .createIndex("card_attempts_scope_created")
    .on("card_attempts")
    .columns(["scope", "created_at"])
    .execute();
  await db.schema
    .createIndex("card_attempts_created")
    .on("card_attempts")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("card_attempts").execute();
}
