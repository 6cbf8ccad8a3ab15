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

export const db: Kysely<DB> = await getDb();
