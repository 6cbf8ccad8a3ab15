// Vitest's global setup for the integration projects: one database per run, migrated and seeded
// once, that each test file's database is copied from (./databases.ts, ./setup.ts). Migrating and
// seeding cost about a second of CPU per file, and on PostgreSQL as much again in the server; a copy
// (a file copy on SQLite, `create database … template` on PostgreSQL) costs a few milliseconds.
// Only the sharing project's files get a copy (tests/vitest.config.ts): the template is made without
// SESSION_SECRET, so migration 020 stored a generated secret in it and the seed sealed under that;
// the `-alone` files, some of which set SESSION_SECRET before the app loads, still get an empty
// database and prepare it, as a shop does on its first start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { copyPrefix } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** the URL of this run's migrated and seeded template database, "" when there is none */
    integrationTemplateDb: string;
  }
}

declare global {
  // both integration projects run this setup in vitest's one main process: one template for both
  var __integrationTemplate: Promise<{ url: string; remove: () => Promise<void> }> | undefined;
}

export default async function setup(project: TestProject) {
  const template = await (globalThis.__integrationTemplate ??= makeTemplate());
  project.provide("integrationTemplateDb", template.url);
  return async () => {
    const made = globalThis.__integrationTemplate;
    globalThis.__integrationTemplate = undefined;
    await (await made)?.remove();
  };
}

async function makeTemplate(): Promise<{ url: string; remove: () => Promise<void> }> {
  if (process.env.SESSION_SECRET) return { url: "", remove: async () => {} };
  const pgUrl = process.env.DATABASE_URL_TEST;
  return pgUrl ? postgresTemplate(pgUrl) : sqliteTemplate();
}

async function prepared(url: string) {
  const { createDb, prepareDatabase } = await import("~/db/connection.server");
  const db = createDb(url);
  await prepareDatabase(db, { appEnv: "test" });
  await db.destroy();
}

async function sqliteTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-int-template-"));
  const file = path.join(dir, "app.db");
  await prepared(`file:${file}`);
  // closing the last connection checkpoints the write-ahead log into the file: the file is whole
  if (fs.existsSync(`${file}-wal`))
    throw new Error(`the template database left a WAL: ${file}-wal`);
  return {
    url: `file:${file}`,
    remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTemplate(pgUrl: string) {
  const url = new URL(pgUrl);
  const name = `${url.pathname.replace(/^\//, "") || "postgres"}_template`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // the name is ours (the test database's name + "_template"), so quoting it is enough
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  url.pathname = `/${name}`;
  await prepared(url.href);
  const remove = async () => {
    await admin(`drop database if exists "${name}" with (force)`);
    // the copies test files left (./databases.ts): their processes have ended
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [copyPrefix(pgUrl)],
      );
      for (const { datname } of rows)
        await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.href, remove };
}
