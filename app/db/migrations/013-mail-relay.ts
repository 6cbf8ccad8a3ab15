// What the mail relay (app/email/relay.server.ts) needs to send the outbox
// through SMTP exactly once: tries so far, when the next try is due, a lease
// (claimed_at) so only one runner sends a row at a time, and how a row ended
// when it could not be sent (docs/decisions/034-mail-relay.md).
import { sql, type Kysely } from "kysely";

const COLUMNS: [string, "integer" | "text"][] = [
  ["attempts", "integer"],
  ["next_attempt_at", "text"],
  ["claimed_at", "text"],
  ["failed_at", "text"],
  ["last_error", "text"],
];

export async function up(db: Kysely<any>) {
  // one column per statement: SQLite adds one at a time
  for (const [name, type] of COLUMNS) {
    await db.schema
      .alterTable("email_outbox")
      .addColumn(name, type, (c) => (name === "attempts" ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  // the relay's due query and the health check read only rows still waiting; the outbox itself only grows
  await sql`create index if not exists email_outbox_unsent_idx on email_outbox (next_attempt_at, id) where sent_at is null and failed_at is null`.execute(
    db,
  );
  await sql`create index if not exists email_outbox_failed_idx on email_outbox (failed_at) where failed_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("email_outbox_failed_idx").ifExists().execute();
  await db.schema.dropIndex("email_outbox_unsent_idx").ifExists().execute();
  for (const [name] of [...COLUMNS].reverse())
    await db.schema.alterTable("email_outbox").dropColumn(name).execute();
}
