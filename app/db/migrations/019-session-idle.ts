// Sessions end after 14 days unused as well as 30 days after they began (issue 34 item 6, decision 044).
//   sessions.last_seen_at   the last recorded use (written at most hourly); null: none since created_at
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
  // Nobody knows when an older session was last used: its idle time counts from the upgrade, so the
  // upgrade itself signs nobody out.
  await sql`update sessions set last_seen_at = ${new Date().toISOString()}`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
}
