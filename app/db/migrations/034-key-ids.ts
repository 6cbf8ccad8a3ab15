// Keys per purpose and rotation (issue 44 item 5, decision 060):
//   gift_cards.code_key_id   the id of the root secret a card's hash and sealed copy were made
//                            under; every existing card gets "legacy" (hashed and sealed under the
//                            raw secret, as decision 045 did), which the app still reads under
//                            SESSION_SECRET and SESSION_SECRET_PREVIOUS
//   users.totp_secret        a plain base32 secret is sealed under the current secret's TOTP key,
//                            its key id in the value (as app/admin/totp-seal.server.ts did then; frozen in app/db/frozen)
// The secret is the one the app will use with this database: SESSION_SECRET, or the generated one
// kept in its meta table.
import { sql, type Kysely } from "kysely";
import {
  isPlainTotpSecret,
  LEGACY_KEY_ID,
  openTotpSecret,
  sealTotpSecret,
  sessionSecretOf,
} from "../frozen/secrets";

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("gift_cards")
    .addColumn("code_key_id", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql`update gift_cards set code_key_id = ${LEGACY_KEY_ID}`.execute(db);

  const { rows } = await sql<{
    id: number;
    secret: string;
  }>`select id, totp_secret as secret from users where totp_secret is not null order by id`.execute(
    db,
  );
  const plain = rows.filter((r) => isPlainTotpSecret(r.secret));
  if (plain.length === 0) return;
  const secret = await sessionSecretOf(db);
  for (const row of plain)
    await sql`update users set totp_secret = ${sealTotpSecret(secret, row.secret)} where id = ${row.id}`.execute(
      db,
    );
}

/** Back to the old shape: the TOTP secrets in plain base32 (while this secret opens them), no key ids. */
export async function down(db: Kysely<any>) {
  const { rows } = await sql<{
    id: number;
    secret: string;
  }>`select id, totp_secret as secret from users where totp_secret is not null order by id`.execute(
    db,
  );
  if (rows.length > 0) {
    const previous = process.env.SESSION_SECRET_PREVIOUS;
    const secrets = [await sessionSecretOf(db), ...(previous ? [previous] : [])];
    for (const row of rows)
      await sql`update users set totp_secret = ${openTotpSecret(secrets, row.secret)} where id = ${row.id}`.execute(
        db,
      );
  }
  await db.schema.alterTable("gift_cards").dropColumn("code_key_id").execute();
}
