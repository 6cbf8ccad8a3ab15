// Where the session secret comes from, for any database handle: SESSION_SECRET
// when set (required in production); elsewhere a random secret generated once
// and kept in that database's meta table, so restarts keep sessions. No import
// of the app's database: migration 020 needs the secret of the database it migrates.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { env, isProduction } from "~/env.server";

const META_KEY = "dev_session_secret";

// Migration 020 passes its Kysely<any> (Kysely's documented type for a migration) and the app its
// Kysely<DB>. Kysely's types are invariant in the schema, so no narrower type accepts both.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both handles, see above
export async function sessionSecretOf(db: Kysely<any>): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (isProduction) throw new Error("SESSION_SECRET is required in production");
  const read = () =>
    db.selectFrom("meta").select("value").where("key", "=", META_KEY).executeTakeFirst() as Promise<
      { value: string } | undefined
    >;
  const row = await read();
  if (row) return row.value;
  await db
    .insertInto("meta")
    .values({ key: META_KEY, value: randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await read())!.value;
}
