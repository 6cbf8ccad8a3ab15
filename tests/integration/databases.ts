// Empty databases for integration tests: a temporary SQLite file, or with
// DATABASE_URL_TEST a PostgreSQL database next to it, one per vitest worker
// (`test_w1`, `test_w1_old`, ...), so files run in parallel there too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The URL of an empty database of the kind under test; `suffix` names a second one a test needs. */
export async function emptyDatabaseUrl(suffix = ""): Promise<string> {
  const pgUrl = process.env.DATABASE_URL_TEST;
  if (!pgUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-int-"));
    return `file:${path.join(dir, "app.db")}`;
  }
  const url = new URL(pgUrl);
  url.pathname = `${url.pathname.replace(/^\//, "") || "postgres"}_w${process.env.VITEST_POOL_ID ?? "1"}${suffix}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = url.pathname.slice(1);
  const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  // the name is ours (database name + pool id + suffix), so quoting it is enough
  if (!rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  await client.query("drop schema if exists public cascade; create schema public;");
  await client.end();
  return url.href;
}
