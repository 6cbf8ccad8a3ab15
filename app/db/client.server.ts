// The process-wide database, migrated and seeded on first start so the
// embedded default needs no setup (MIGRATE_ON_START=0 leaves migrating to
// `npm run migrate`, decision 068). Survives dev rebuilds through globalThis.
import type { Kysely } from "kysely";
import type { DB } from "./schema";
import { createDb, databaseUrl, prepareDatabase } from "./connection.server";
import { migrateOnStart } from "./settings.server";

export {
  createDb,
  databaseUrl,
  isPostgresUrl,
  migrateToLatest,
  prepareDatabase,
} from "./connection.server";

declare global {
  var __paddockDb: Promise<Kysely<DB>> | undefined;
}

export function getDb(): Promise<Kysely<DB>> {
  globalThis.__paddockDb ??= (async () => {
    // both settings are read before anything opens, so a wrong value stops the start at once
    const migrate = migrateOnStart(process.env.MIGRATE_ON_START);
    const db = createDb(databaseUrl());
    await prepareDatabase(db, { migrate });
    return db;
  })();
  return globalThis.__paddockDb;
}

/** The app's database. A `let` only so that openDb can point every importer at a new one. */
export let db: Kysely<DB> = await getDb();

/**
 * Closes the app's database, if open, so that openDb opens the one DATABASE_URL names then. Only for
 * test runs whose files share their worker's loaded modules, each file with a database of its own
 * (tests/integration/setup.ts); a running shop keeps one database for its life.
 */
export async function closeDb(): Promise<void> {
  const open = globalThis.__paddockDb;
  globalThis.__paddockDb = undefined;
  await (await open)?.destroy();
}

/** Opens the database DATABASE_URL names (migrated and seeded as at start) as `db`, after closeDb. */
export async function openDb(): Promise<void> {
  db = await getDb();
}
