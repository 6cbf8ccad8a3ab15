// Every integration test file gets a fresh, migrated and seeded database: a copy of the run's
// template (./template-db.ts), a temporary SQLite file or a PostgreSQL database made from it
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
import { inject } from "vitest";
import { emptyDatabaseUrl, templateCopyUrl } from "./databases";

declare global {
  /** how many test files this worker has started: a fresh server build per file (./built-server.ts) */
  var __integrationFiles: number | undefined;
  /** whether an earlier file of this worker opened the app's database (./setup-shared.ts) */
  var __integrationReopen: boolean | undefined;
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
// closed through globalThis, not ~/db/client.server: an `-alone` file's fresh registry must load no
// app module before the file sets what the app reads at load (./setup-shared.ts reopens)
const open = globalThis.__paddockDb;
globalThis.__paddockDb = undefined;
globalThis.__integrationReopen = open !== undefined;
await (await open)?.destroy();
// the job runner a server build starts once per process ran on an earlier file's build
clearInterval(globalThis.__paddockJobTimer);
globalThis.__paddockJobTimer = undefined;
// a copy of the run's migrated and seeded database (./template-db.ts); the `-alone` files, which set
// a secret of their own before the app loads, get none: an empty database the app prepares
const template = inject("integrationTemplateDb");
process.env.DATABASE_URL = template ? await templateCopyUrl(template) : await emptyDatabaseUrl();
process.env.APP_ENV = "test";
