// An account opens only for its owner (issue 33 item 8, decision 039).
//   email_proofs                    a 6-digit code sent to an account's e-mail, proving
//                                   that this browser (session) reads that mailbox; only
//                                   an HMAC of the code is kept, with its expiry and tries
//   subscriptions.second_box_at     a subscriber said this draft is a second box, not a
//                                   change to the one they have
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("email_proofs")
    .addColumn("id", pg ? "serial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("proved_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("email_proofs_session_user")
    .on("email_proofs")
    .columns(["session_id", "user_id"])
    .execute();
  await db.schema.alterTable("subscriptions").addColumn("second_box_at", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("subscriptions").dropColumn("second_box_at").execute();
  await db.schema.dropTable("email_proofs").execute();
}
