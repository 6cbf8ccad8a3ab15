// Every integration test file gets a fresh, migrated and seeded database: a
// temporary SQLite file, or a PostgreSQL database reset to empty
// (./databases.ts). On PostgreSQL each vitest worker has its own database next
// to DATABASE_URL_TEST's, so files run in parallel there too.
//
// Most files share their worker's loaded modules with the files before them (decision 082,
// INTEGRATION_ALONE in ../vitest.config.ts). When an earlier file opened the app's database, it is
// closed before its PostgreSQL schema is emptied (an open pool would keep plans of the old tables)
// and `db` is pointed at the new one; the new database keeps the worker's stored session secret, as
// a restarted shop keeps its own, so the key ring the loaded modules derived from it still holds.
// What the worker remembers of the old database (reads kept under its content version, which a new
// database starts again at "0", a paused mail relay, a test's mailer, the job runner of an earlier
// file's server build) is forgotten.
import { emptyDatabaseUrl } from "./databases";

declare global {
  /** how many test files this worker has started: a fresh server build per file (./built-server.ts) */
  var __integrationFiles: number | undefined;
  /** the environment the worker's first file started with */
  var __integrationEnv: NodeJS.ProcessEnv | undefined;
}

globalThis.__integrationFiles = (globalThis.__integrationFiles ?? 0) + 1;
// each file starts from the worker's first environment, whatever the file before it left set
const startEnv = (globalThis.__integrationEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in startEnv)) delete process.env[name];
Object.assign(process.env, startEnv);
// and with no spy or fake clock of the file before it
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
const shared = globalThis.__paddockDb !== undefined;
if (shared) await (await import("~/db/client.server")).closeDb();
process.env.DATABASE_URL = await emptyDatabaseUrl();
process.env.APP_ENV = "test";
if (shared) await reopenWithWorkerSecret();
if (shared) await forgetTheOldDatabase();

async function reopenWithWorkerSecret() {
  const client = await import("~/db/client.server");
  await client.openDb();
  if (process.env.SESSION_SECRET) return;
  const secret = (await import("~/security/secrets.server")).keyRing.current.secret;
  await client.db
    .insertInto("meta")
    .values({ key: "dev_session_secret", value: secret })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: secret }))
    .execute();
}

async function forgetTheOldDatabase() {
  // the job runner a server build starts once per process ran on the old database's build
  clearInterval(globalThis.__paddockJobTimer);
  globalThis.__paddockJobTimer = undefined;
  (await import("~/box/cache.server")).forgetCached();
  (await import("~/content/version-watch.server")).forgetContentVersion();
  (await import("~/seo/sitemap.server")).forgetSitemap();
  (await import("~/email/relay.server")).resumeRelay();
  (await import("~/email/transport.server")).setMailer(null);
}
