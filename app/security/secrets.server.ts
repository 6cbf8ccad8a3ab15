// SESSION_SECRET signs cookies. Production must set it; elsewhere a random
// secret is generated once and kept in the database so restarts keep sessions.
// That stored secret means a copy of the database is enough to forge any
// cookie, so starting without SESSION_SECRET logs a warning (decision 044).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { env, isProduction } from "~/env.server";

export const SESSION_SECRET_WARNING =
  "SESSION_SECRET is not set: cookies are signed with a secret generated and stored in this database (meta.dev_session_secret). " +
  "Anyone with a copy of the database can forge a cookie that signs in as any customer. " +
  "Set SESSION_SECRET (at least 16 random characters, e.g. `openssl rand -hex 32`) wherever the data is real; APP_ENV=production requires it.";

/**
 * Once per start: the primary process of `npm start` loads the build (and so this module) before it
 * forks the workers, so they keep quiet, and so does a worker re-importing a rebuilt build in
 * development. APP_ENV=test (the test suites' throwaway databases) keeps quiet too.
 */
function warnOfStoredSecret() {
  if (cluster.isWorker || env.APP_ENV === "test") return;
  console.warn(JSON.stringify({ level: "warn", type: "security.session_secret_in_database", message: SESSION_SECRET_WARNING }));
}

async function loadSecret(): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (isProduction) throw new Error("SESSION_SECRET is required in production");
  warnOfStoredSecret();
  const row = await db.selectFrom("meta").select("value").where("key", "=", "dev_session_secret").executeTakeFirst();
  if (row) return row.value;
  const value = randomBytes(32).toString("hex");
  await db.insertInto("meta").values({ key: "dev_session_secret", value }).onConflict((oc) => oc.column("key").doNothing()).execute();
  const stored = await db.selectFrom("meta").select("value").where("key", "=", "dev_session_secret").executeTakeFirstOrThrow();
  return stored.value;
}

export const sessionSecret = await loadSecret();
