// SESSION_SECRET signs cookies. Production must set it; elsewhere a random
// secret is generated once and kept in the database so restarts keep sessions.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { env, isProduction } from "~/env.server";

async function loadSecret(): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (isProduction) throw new Error("SESSION_SECRET is required in production");
  const row = await db.selectFrom("meta").select("value").where("key", "=", "dev_session_secret").executeTakeFirst();
  if (row) return row.value;
  const value = randomBytes(32).toString("hex");
  await db.insertInto("meta").values({ key: "dev_session_secret", value }).onConflict((oc) => oc.column("key").doNothing()).execute();
  const stored = await db.selectFrom("meta").select("value").where("key", "=", "dev_session_secret").executeTakeFirstOrThrow();
  return stored.value;
}

export const sessionSecret = await loadSecret();
