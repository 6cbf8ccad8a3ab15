// Every integration test file gets a fresh, migrated and seeded database: a
// temporary SQLite file, or a PostgreSQL database reset to empty. On PostgreSQL
// each vitest worker has its own database next to DATABASE_URL_TEST's
// (`test_w1`, `test_w2`, ...), so files run in parallel there too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const pgUrl = process.env.DATABASE_URL_TEST;
if (pgUrl) {
  const workerUrl = new URL(pgUrl);
  workerUrl.pathname = `${workerUrl.pathname.replace(/^\//, "") || "postgres"}_w${process.env.VITEST_POOL_ID ?? "1"}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = workerUrl.pathname.slice(1);
  const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  // the name is ours (database name + pool id), so quoting it is enough
  if (!rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: workerUrl.href });
  await client.connect();
  await client.query("drop schema if exists public cascade; create schema public;");
  await client.end();
  process.env.DATABASE_URL = workerUrl.href;
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-int-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
}
process.env.APP_ENV = "test";
globalThis.__paddockDb = undefined;
