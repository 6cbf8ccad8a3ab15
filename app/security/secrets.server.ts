// SESSION_SECRET is the root of every key (./keys.server.ts: one key per purpose, derived with
// HKDF; SESSION_SECRET_PREVIOUS still verifies and opens during a rotation, decision 060).
// Production must set it; elsewhere a random
// secret is generated once and kept in the database so restarts keep sessions
// (./session-secret.server.ts). That stored secret means a copy of the database
// is enough to forge any cookie, so starting without SESSION_SECRET logs a
// warning (decision 044).
import cluster from "node:cluster";
import { log } from "~/log/log.server";
import { db } from "~/db/client.server";
import { env } from "~/env.server";
import { keyRingOf, type KeyRing } from "./keys.server";
import { sessionSecretOf } from "./session-secret.server";

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
  if (env.SESSION_SECRET || cluster.isWorker || env.APP_ENV === "test") return;
  log().warn({ type: "security.session_secret_in_database" }, SESSION_SECRET_WARNING);
}

warnOfStoredSecret();
/** The current root secret and, during a rotation, the previous one: every key comes from here. */
export const keyRing: KeyRing = keyRingOf(await sessionSecretOf(db), env.SESSION_SECRET_PREVIOUS);
