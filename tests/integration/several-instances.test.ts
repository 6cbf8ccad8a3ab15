// Several instances on one database (issue 45 item 3, decision 068), on SQLite and on PostgreSQL with
// DATABASE_URL_TEST: instances starting together on an empty database all start, and seed it once
// (each one used to see it empty and all but one failed on a duplicate key); MIGRATE_ON_START=0
// refuses a database behind the build and `npm run migrate` (also as the image's bundle, without tsx)
// brings it up to date; DATABASE_POOL_MAX is what each process's pool holds at most.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { createDb, db } from "~/db/client.server";
import { migrator, prepareDatabase } from "~/db/connection.server";
import type { DB } from "~/db/schema";
import { emptyDatabaseUrl } from "./databases";

const ROOT = path.resolve(__dirname, "../..");
const postgres = Boolean(process.env.DATABASE_URL_TEST);
const TSX = createRequire(import.meta.url).resolve("tsx/cli");

/** The build's migrations `executor` has not run. */
const pendingMigrations = async (executor: Kysely<DB>) =>
  (await migrator(executor).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);

const SEEDED_TABLES = ["packages", "products", "suburbs", "posts", "pages", "users"] as const;

async function counts(executor: Kysely<DB>) {
  const out: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const row = await executor
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

type Outcome = { code: number | null; lines: string; stderr: string };

/**
 * Starts `n` processes (tests/integration/prepare-process.ts), each with its own pool on `url`; once
 * all have loaded, tells them at once to prepare the database, as instances started together do.
 */
async function startTogether(url: string, n: number): Promise<Outcome[]> {
  const children = Array.from({ length: n }, () =>
    spawn(
      process.execPath,
      [TSX, "--tsconfig", "tsconfig.json", "tests/integration/prepare-process.ts"],
      {
        cwd: ROOT,
        // the least pool there is: the lock's connection and one for the work
        env: { ...process.env, DATABASE_URL: url, APP_ENV: "test", DATABASE_POOL_MAX: "2" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    ),
  );
  const outcomes = children.map(
    (child) =>
      new Promise<Outcome>((resolve) => {
        let lines = "";
        let stderr = "";
        child.stdout!.on("data", (b) => (lines += b));
        child.stderr!.on("data", (b) => (stderr += b));
        child.once("exit", (code) => resolve({ code, lines, stderr }));
      }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve, reject) => {
          let seen = "";
          child.stdout!.on("data", (b) => {
            seen += b;
            if (seen.includes("ready")) resolve();
          });
          child.once("exit", () => reject(new Error(`an instance exited before it was ready`)));
        }),
    ),
  );
  for (const child of children) child.stdin!.write("go\n");
  return Promise.all(outcomes);
}

/** Runs `node app/bin/migrate.mjs` (npm run migrate) in `cwd` against `url`. */
function npmRunMigrate(url: string, cwd = ROOT) {
  return spawnSync(process.execPath, ["app/bin/migrate.mjs"], {
    cwd,
    env: { ...process.env, DATABASE_URL: url, APP_ENV: "test" },
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("instances starting together on an empty database", () => {
  it("all start, and the database is seeded exactly once", async () => {
    const expected = await counts(db); // this file's database, prepared once by the setup
    const url = await emptyDatabaseUrl("_together");
    const outcomes = await startTogether(url, 4);
    for (const o of outcomes) expect(o.code, `${o.lines}\n${o.stderr.slice(-2000)}`).toBe(0);
    // one of them ran the migrations; the others found nothing left to run
    const ran = outcomes.map(
      (o) => (JSON.parse(o.lines.split("\n").at(-2)!) as { migrated: number }).migrated,
    );
    expect(ran.filter((m) => m > 0)).toHaveLength(1);
    const other = createDb(url);
    try {
      expect(await counts(other)).toEqual(expected);
      const seeded = await other
        .selectFrom("meta")
        .select("key")
        .where("key", "=", "seeded_at")
        .execute();
      expect(seeded).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  }, 180_000);
});

describe("MIGRATE_ON_START=0 and npm run migrate", () => {
  it("a start without migrating refuses a database behind the build; npm run migrate brings it up to date", async () => {
    const url = await emptyDatabaseUrl("_behind");
    const other = createDb(url);
    try {
      // an empty database is behind by every migration: refused, and nothing written
      await expect(prepareDatabase(other, { migrate: false })).rejects.toThrow(
        /The database is behind this build: \d+ migration\(s\) not run \(001-initial, .*run `npm run migrate`/,
      );
      // one release behind: refused, naming the migration it lacks
      const all = (await migrator(other).getMigrations()).map((m) => m.name);
      const { error } = await migrator(other).migrateTo(all.at(-2)!);
      expect(error).toBeUndefined();
      await expect(prepareDatabase(other, { migrate: false })).rejects.toThrow(
        `1 migration(s) not run (${all.at(-1)})`,
      );
      expect(await other.selectFrom("meta").select("key").execute()).toEqual([]); // not seeded either

      const run = npmRunMigrate(url);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("Ran 1 migration(s); the database is up to date");
      expect(await pendingMigrations(other)).toEqual([]);
      // …which seeded it as a start would, and a start without migrating now serves it
      expect(await counts(other)).toEqual(await counts(db));
      await expect(prepareDatabase(other, { migrate: false })).resolves.toEqual({ migrated: [] });
      const again = npmRunMigrate(url);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain("Nothing to run; the database is up to date");
    } finally {
      await other.destroy();
    }
  }, 180_000);

  it("npm run migrate and npm run jobs work as the image runs them: bundles, without tsx or the app's sources", async () => {
    const image = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-migrate-image-"));
    try {
      // the image's build stage (npm run build:commands) and the runtime stage's COPY lines, in short
      const bundled = spawnSync(
        process.execPath,
        ["app/bin/build-commands.mjs", path.join(image, "build")],
        { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
      );
      expect(bundled.status, bundled.stderr).toBe(0);
      fs.cpSync(path.join(ROOT, "app/bin"), path.join(image, "app/bin"), { recursive: true });
      fs.copyFileSync(path.join(ROOT, "package.json"), path.join(image, "package.json"));
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(image, "node_modules"));
      expect(fs.existsSync(path.join(image, "app/db"))).toBe(false);

      const url = await emptyDatabaseUrl("_image");
      const run = npmRunMigrate(url, image);
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/Ran \d+ migration\(s\); the database is up to date/);
      const other = createDb(url);
      try {
        expect(await pendingMigrations(other)).toEqual([]);
        expect((await counts(other)).packages).toBe((await counts(db)).packages);
      } finally {
        await other.destroy();
      }
      // the jobs deployment runs from the same image: `npm run jobs` (here once) without tsx either
      const jobs = spawnSync(process.execPath, ["app/bin/jobs.mjs", "--once"], {
        cwd: image,
        env: { ...process.env, DATABASE_URL: url, APP_ENV: "test", MIGRATE_ON_START: "0" },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(jobs.status, `${jobs.stdout}\n${jobs.stderr}`).toBe(0);
      expect(jobs.stdout).toContain('"type":"jobs.run"');
    } finally {
      fs.rmSync(image, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("DATABASE_POOL_MAX", () => {
  const saved = process.env.DATABASE_POOL_MAX;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_POOL_MAX;
    else process.env.DATABASE_POOL_MAX = saved;
  });

  it("a wrong value stops the opening of the database, naming the variable, on either database", () => {
    process.env.DATABASE_POOL_MAX = "ten";
    expect(() => createDb(process.env.DATABASE_URL!)).toThrow(
      'DATABASE_POOL_MAX must be a whole number of PostgreSQL connections per process from 2 to 100, or unset for 5 (got "ten")',
    );
  });

  it("is the most connections a process's pool holds (PostgreSQL; SQLite has its one connection)", async () => {
    process.env.DATABASE_POOL_MAX = "2";
    // on PostgreSQL the pool's connections carry a name, to be counted in pg_stat_activity
    const name = `pool-max-${process.pid}`;
    const url = postgres
      ? `${process.env.DATABASE_URL}?application_name=${name}`
      : process.env.DATABASE_URL!;
    const other = createDb(url);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holders = [1, 2].map(() =>
      other.connection().execute(async (c) => {
        await sql`select 1`.execute(c);
        await released;
      }),
    );
    try {
      await new Promise((r) => setTimeout(r, 100));
      // a third query waits for one of the two connections: the pool opens no third
      const third = sql`select 1`.execute(other).then(() => "answered");
      const early = await Promise.race([
        third,
        new Promise((r) => setTimeout(() => r("waiting"), 500)),
      ]);
      expect(early).toBe("waiting");
      if (postgres) {
        const open = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where application_name = ${name}`.execute(
          db,
        );
        expect(Number(open.rows[0].n)).toBe(2);
      }
      release();
      expect(await third).toBe("answered");
    } finally {
      release();
      await Promise.all(holders);
      await other.destroy();
    }
  });
});
