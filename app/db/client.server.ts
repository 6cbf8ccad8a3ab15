// The process-wide database, migrated and seeded on first start so the
// embedded default needs no setup. Survives dev rebuilds through globalThis.
import type { Kysely } from "kysely";
import type { DB } from "./schema";
import { createDb, databaseUrl, prepareDatabase } from "./connection.server";

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
    const db = createDb(databaseUrl());
    await prepareDatabase(db);
    return db;
  })();
  return globalThis.__paddockDb;
}

export const db: Kysely<DB> = await getDb();
