// Every integration test file gets a fresh, migrated and seeded database: a
// temporary SQLite file, or a PostgreSQL database reset to empty
// (./databases.ts). On PostgreSQL each vitest worker has its own database next
// to DATABASE_URL_TEST's, so files run in parallel there too.
import { emptyDatabaseUrl } from "./databases";

process.env.DATABASE_URL = await emptyDatabaseUrl();
process.env.APP_ENV = "test";
globalThis.__paddockDb = undefined;
