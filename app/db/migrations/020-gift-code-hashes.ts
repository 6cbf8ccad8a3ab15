// Gift-card codes are no longer stored (issue 34 item 6, decision 045):
//   gift_cards.code          renamed code_hash and overwritten, row by row, with the
//                            HMAC of the code under the session secret; its unique
//                            constraint (index) now keeps the hashes unique
//   gift_cards.code_last4    the last four characters, for support
//   gift_cards.code_sealed   the code encrypted under a key from the same secret, only
//                            for a card whose e-mail has not been written yet (the mail
//                            job opens it on the delivery day and clears it)
// The secret is the one the app will use with this database: SESSION_SECRET, or
// the generated one kept in its meta table (created here if there is none yet).
import { PostgresAdapter, sql, type Kysely } from "kysely";
import {
  lastFour,
  legacyGiftCodeHash,
  legacySealGiftCode,
  sessionSecretOf,
} from "../frozen/secrets";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("gift_cards").renameColumn("code", "code_hash").execute();
  await db.schema
    .alterTable("gift_cards")
    .addColumn("code_last4", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("gift_cards").addColumn("code_sealed", "text").execute();
  // one-word aliases: the same keys with or without the app's CamelCasePlugin
  const { rows } = await sql<{
    id: number;
    code: string;
    sent: string | null;
  }>`select id, code_hash as code, sent_at as sent from gift_cards order by id`.execute(db);
  if (rows.length === 0) return;
  const secret = await sessionSecretOf(db);
  // SQLite: the overwritten codes' bytes are zeroed, not left in the pages' free space
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (sqlite) await sql`pragma secure_delete = 1`.execute(db);
  for (const row of rows) {
    // as the app stored codes then (the legacy scheme of migration 034, decision 060)
    const hash = legacyGiftCodeHash(secret, row.code);
    const sealed = row.sent === null ? legacySealGiftCode(secret, row.code, hash) : null;
    await sql`update gift_cards set code_hash = ${hash}, code_last4 = ${lastFour(row.code)}, code_sealed = ${sealed} where id = ${row.id}`.execute(
      db,
    );
  }
  if (sqlite) await sql`pragma secure_delete = 0`.execute(db);
}

/** Back to the old shape; the codes themselves cannot come back (the column keeps the hashes). */
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("gift_cards").dropColumn("code_sealed").execute();
  await db.schema.alterTable("gift_cards").dropColumn("code_last4").execute();
  await db.schema.alterTable("gift_cards").renameColumn("code_hash", "code").execute();
}
