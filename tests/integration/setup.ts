// Every integration test file gets a fresh, migrated and seeded database: a
// temporary SQLite file, or the PostgreSQL of DATABASE_URL_TEST reset to empty.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const pgUrl = process.env.DATABASE_URL_TEST;
if (pgUrl) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query("drop schema if exists public cascade; create schema public;");
  await client.end();
  process.env.DATABASE_URL = pgUrl;
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-int-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
}
process.env.APP_ENV = "test";
globalThis.__paddockDb = undefined;
