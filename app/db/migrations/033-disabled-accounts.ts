// A disabled account (issue 44): a demo account found in a production database, or a member of
// staff the owner disabled. Nothing is deleted: the row, its orders and its audit trail stay, but
// no sign-in, session or set-up link opens it while `disabled_at` is set.
//   users.disabled_at   when it was disabled; null: usable
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
}
