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

/**
 * The URL of a new copy of `template` (./template-db.ts): for SQLite a copy of its file, for
 * PostgreSQL a new database made from it, named for this worker process and file. An earlier file's
 * pool or server may still hold a connection to its own copy, so that copy is dropped only if
 * nobody uses it (never `with (force)`: the pool's idle client would throw an uncaught error); what
 * is left is dropped when the run ends (./template-db.ts).
 */
export async function templateCopyUrl(template: string): Promise<string> {
  if (template.startsWith("file:")) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-int-"));
    const file = path.join(dir, "app.db");
    fs.copyFileSync(template.slice("file:".length), file);
    return `file:${file}`;
  }
  const pgUrl = process.env.DATABASE_URL_TEST!;
  const url = new URL(pgUrl);
  const files = (globalThis.__integrationCopies = (globalThis.__integrationCopies ?? 0) + 1);
  url.pathname = `${copyPrefix(pgUrl)}${process.pid}_${files}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    // the names are ours (database name, pool id, pid and a count), so quoting them is enough
    if (globalThis.__integrationCopy)
      await admin
        .query(`drop database if exists "${globalThis.__integrationCopy}"`)
        .catch(() => {});
    globalThis.__integrationCopy = url.pathname.slice(1);
    await admin.query(
      `create database "${url.pathname.slice(1)}" template "${new URL(template).pathname.slice(1)}"`,
    );
  } finally {
    await admin.end();
  }
  return url.href;
}

/** What the names of a run's PostgreSQL copies start with (./template-db.ts drops them all at the end). */
export function copyPrefix(pgUrl: string): string {
  return `${new URL(pgUrl).pathname.replace(/^\//, "") || "postgres"}_copy_`;
}

declare global {
  /** how many template copies this process has made, and the name of the last (PostgreSQL) */
  var __integrationCopies: number | undefined;
  var __integrationCopy: string | undefined;
}
