// Connections, migrations and first-start seeding. SQLite (better-sqlite3) by
// default, PostgreSQL when the URL says postgres://. No side effects on import,
// so tests and scripts can open other databases.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { log } from "../log/log.server";
import pg from "pg";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
} from "kysely";
import type { DB } from "./schema";
import * as m001 from "./migrations/001-initial";
import * as m002 from "./migrations/002-money-flows";
import * as m003 from "./migrations/003-gift-cards";
import * as m004 from "./migrations/004-orders";
import * as m005 from "./migrations/005-deliveries";
import * as m006 from "./migrations/006-payment-recovery";
import * as m007 from "./migrations/007-order-delivery-address";
import * as m008 from "./migrations/008-address-removal";
import * as m009 from "./migrations/009-gst";
import * as m010 from "./migrations/010-invoice-total-before-credit";
import * as m011 from "./migrations/011-free-invoice-lines";
import * as m012 from "./migrations/012-sandbox-charges";
import * as m013 from "./migrations/013-mail-relay";
import * as m014 from "./migrations/014-terms-packing-cutoff";
import * as m016 from "./migrations/016-settle-ownership";
import * as m018 from "./migrations/018-account-ownership";
import * as m019 from "./migrations/019-session-idle";
import * as m020 from "./migrations/020-gift-code-hashes";
import * as m021 from "./migrations/021-card-attempts";
import * as m022 from "./migrations/022-back-office";
import * as m023 from "./migrations/023-packing";
import * as m025 from "./migrations/025-customer-care";
import * as m026 from "./migrations/026-latest-invoice";
import * as m027 from "./migrations/027-content-publishing";
import * as m028 from "./migrations/028-catalogue";
import * as m029 from "./migrations/029-discounts";
import * as m031 from "./migrations/031-stock";
import * as m032 from "./migrations/032-revenue-by-week";
import * as m033 from "./migrations/033-disabled-accounts";
import * as m034 from "./migrations/034-key-ids";
import * as m036 from "./migrations/036-staff-setup";
import * as m037 from "./migrations/037-delivery-at-cutoff";
import * as m038 from "./migrations/038-discount-claims";
import * as m039 from "./migrations/039-issued-lines-and-staff-money";
import * as m040 from "./migrations/040-refund-settlement";
import * as m041 from "./migrations/041-image-variants";
import * as m042 from "./migrations/042-undispatched-orders";
import * as m043 from "./migrations/043-frozen-deliveries";
import * as m044 from "./migrations/044-photo-width-320";
import { seedIfEmpty } from "./seed/seed.server";
import { disableDemoAccounts, disabledDemoAccountsLine } from "./demo-accounts.server";
import { databasePoolMax } from "./settings.server";

export type Database_ = Kysely<DB>;

export function databaseUrl(): string {
  return process.env.DATABASE_URL || "file:./data/app.db";
}

export function isPostgresUrl(url: string) {
  return url.startsWith("postgres://") || url.startsWith("postgresql://");
}

/** `poolMax`: PostgreSQL connections this process may hold (DATABASE_POOL_MAX, decision 068). */
export function createDb(
  url: string,
  { poolMax = databasePoolMax(process.env.DATABASE_POOL_MAX) }: { poolMax?: number } = {},
): Kysely<DB> {
  const plugins = [new CamelCasePlugin()];
  if (isPostgresUrl(url)) {
    // int8 (counts, sums) comes back as a string by default; our numbers fit in a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    return new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: withNamedStatements(new pg.Pool({ connectionString: url, max: poolMax })),
      }),
      plugins,
    });
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
  });
  if (file !== ":memory:") sqliteFiles.set(db, path.resolve(file));
  return db;
}

/** The file of each SQLite database createDb opened, for prepareDatabase's lock. */
const sqliteFiles = new WeakMap<Kysely<DB>, string>();

/**
 * Kysely begins SQLite transactions with a plain (deferred) BEGIN: the first read takes a snapshot
 * and the first write upgrades it. When another process (the other worker, a script) commits in
 * between, SQLite cannot upgrade the stale snapshot and fails at once with "database is locked"
 * (SQLITE_BUSY_SNAPSHOT), whatever busy_timeout says: a 500 on a card save in the e2e run. Every
 * transaction here writes, so each takes the write lock as it begins (BEGIN IMMEDIATE) and waits
 * its turn through busy_timeout instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

/** Distinct SQL texts kept prepared; `in (...)` lists of many lengths could otherwise grow it without end. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query afresh, which parsed and planned the
 * same few dozen statements on every request (4% of a page's server CPU). The
 * same SQL text gets its prepared statement back; SQLite re-prepares it on its
 * own after a schema change. A statement still being iterated is never shared.
 */
export function withStatementCache(db: Database.Database): {
  prepare: (sql: string) => Database.Statement;
  close: () => void;
} {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      const known = statements.get(sql);
      if (known && !known.busy) return known;
      const fresh = db.prepare(sql);
      if (!known) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statements.set(sql, fresh);
      }
      return fresh;
    },
    close: () => {
      statements.clear();
      db.close();
    },
  };
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parsed and planned the same few
 * dozen statements again on every request, on the one server all app instances
 * share. Here each distinct parameterised SQL text gets a name, and a connection
 * prepares it once (pg keeps the names it has prepared per connection). Queries
 * without parameters keep the simple protocol (migrations send several statements
 * at once). Only the first MAX_CACHED_STATEMENTS texts are named, as for SQLite.
 */
export function withNamedStatements(pool: pg.Pool, max = MAX_CACHED_STATEMENTS): PostgresPool {
  livePools.add(pool);
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined && names.size < max) names.set(sql, (name = `kysely_${names.size + 1}`));
    return name;
  };
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // @ts-expect-error two overloads in one body: a SQL text and its parameters, or a cursor
    query(
      sql: string | Parameters<PostgresPoolClient["query"]>[0],
      parameters?: ReadonlyArray<unknown>,
    ) {
      if (typeof sql !== "string") return client.query(sql as never);
      const values = parameters ? [...parameters] : [];
      const name = values.length > 0 ? nameOf(sql) : undefined;
      return name ? client.query({ name, text: sql, values }) : client.query(sql, values);
    },
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = wrappers.get(client);
      if (!wrapped) wrappers.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => {
      livePools.delete(pool);
      return pool.end();
    },
  };
}

/** The PostgreSQL pools this process has open (normally the app's one), for /metrics. */
const livePools = new Set<pg.Pool>();

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/**
 * The connections of this process's PostgreSQL pools: open, idle, requests waiting for one, and the
 * ceiling. Null on SQLite, which has no pool: one synchronous connection per process, never waited for.
 */
export function databasePoolStats(): PoolStats | null {
  if (livePools.size === 0) return null;
  const stats = { total: 0, idle: 0, waiting: 0, max: 0 };
  for (const pool of livePools) {
    stats.total += pool.totalCount;
    stats.idle += pool.idleCount;
    stats.waiting += pool.waitingCount;
    stats.max += pool.options.max ?? 10;
  }
  return stats;
}

/** The app's migrations for `db` (tests move a database to an older one to check a conversion). */
export function migrator(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    // 003 landed after 004 on some development databases
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () => ({
        "001-initial": m001,
        "002-money-flows": m002,
        "003-gift-cards": m003,
        "004-orders": m004,
        "005-deliveries": m005,
        "006-payment-recovery": m006,
        "007-order-delivery-address": m007,
        "008-address-removal": m008,
        "009-gst": m009,
        "010-invoice-total-before-credit": m010,
        "011-free-invoice-lines": m011,
        "012-sandbox-charges": m012,
        "013-mail-relay": m013,
        "014-terms-packing-cutoff": m014,
        "016-settle-ownership": m016,
        "018-account-ownership": m018,
        "019-session-idle": m019,
        "020-gift-code-hashes": m020,
        "021-card-attempts": m021,
        "022-back-office": m022,
        "023-packing": m023,
        "025-customer-care": m025,
        "026-latest-invoice": m026,
        "027-content-publishing": m027,
        "028-catalogue": m028,
        "029-discounts": m029,
        "031-stock": m031,
        "032-revenue-by-week": m032,
        "033-disabled-accounts": m033,
        "034-key-ids": m034,
        "036-staff-setup": m036,
        "037-delivery-at-cutoff": m037,
        "038-discount-claims": m038,
        "039-issued-lines-and-staff-money": m039,
        "040-refund-settlement": m040,
        "041-image-variants": m041,
        "042-undispatched-orders": m042,
        "043-frozen-deliveries": m043,
        "044-photo-width-320": m044,
      }),
    },
  });
}

/** Runs the migrations this database lacks; returns their names. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error")
      log().error(
        { type: "migration.failed", migration: r.migrationName },
        `migration ${r.migrationName} failed`,
      );
  }
  if (error) throw error;
  return (results ?? []).map((r) => r.migrationName);
}

/** The build's migrations this database has not run. */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  const migrations = await migrator(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * The key of the start-up lock: any fixed bigint no other advisory lock on the shop's database uses
 * (Kysely's migrator takes its own, 3853314791062309107, inside; that one covers migrations alone).
 */
const START_LOCK_KEY = "7068450000000000068";

/**
 * Runs `work` alone among every process preparing this database. Processes starting together used to
 * race: on PostgreSQL each saw the database unseeded and all but one failed on a duplicate key
 * (measured: 3 of 4; Kysely's migrator locks its migrations alone); on SQLite, where Kysely takes no
 * lock across processes, on the migrations themselves.
 *
 * PostgreSQL: an advisory lock taken in a transaction held open on one connection of the pool while
 * `work` runs on the others (so a pool needs 2: DATABASE_POOL_MAX's least). PostgreSQL releases it
 * when that transaction ends (committed, or rolled back if `work` threw) or its process dies. Not a
 * session-level lock: through PgBouncer in transaction mode that stays on whichever server
 * connection took it, once the statement is done, and every later start would wait for it for ever
 * (decision 068). SQLite: see sqliteStartLock.
 */
async function alone<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const file = sqliteFiles.get(db);
    const unlock = file ? await sqliteStartLock(file) : () => {};
    try {
      return await work();
    } finally {
      unlock();
    }
  }
  return db.transaction().execute(async (lock) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(START_LOCK_KEY)}::bigint)`.execute(lock);
    return work();
  });
}

/**
 * SQLite's start-up lock: an exclusive transaction on a small file beside the database
 * (`<file>-start-lock`), so it never blocks the database's own connection. A second process (or a
 * second database object in this one) tries again every 50 ms, without blocking the event loop, for
 * up to 2 minutes; the lock goes with the transaction, or with the process if it dies.
 */
async function sqliteStartLock(file: string): Promise<() => void> {
  const lock = new Database(`${file}-start-lock`);
  lock.pragma("busy_timeout = 0");
  const giveUpAt = Date.now() + 120_000;
  for (;;) {
    try {
      lock.exec("begin exclusive");
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > giveUpAt) {
        lock.close();
        throw error;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return () => {
    lock.exec("commit");
    lock.close();
  };
}

/**
 * Migrates (unless `migrate` is false), then seeds an empty database, alone among the processes
 * preparing it (decision 068). With APP_ENV=production the seed is the shop's own data only, and any
 * README demo account already in the database is disabled, with one log line (decision 062);
 * development and test get the demo accounts too. With `migrate: false` (MIGRATE_ON_START=0) a
 * database behind the build's migrations is refused, not served. Returns the migrations it ran.
 */
export async function prepareDatabase(
  db: Kysely<DB>,
  { appEnv = process.env.APP_ENV, migrate = true }: { appEnv?: string; migrate?: boolean } = {},
): Promise<{ migrated: string[] }> {
  const production = appEnv === "production";
  return alone(db, async () => {
    let migrated: string[] = [];
    if (migrate) migrated = await migrateToLatest(db);
    else {
      const pending = await pendingMigrations(db);
      if (pending.length > 0)
        throw new Error(
          `The database is behind this build: ${pending.length} migration(s) not run (${pending.slice(0, 5).join(", ")}${pending.length > 5 ? ", …" : ""}). ` +
            "MIGRATE_ON_START=0 leaves migrating to the release step: run `npm run migrate` with this build's " +
            "DATABASE_URL first, then start the shop.",
        );
    }
    await seedIfEmpty(db, { demo: !production });
    if (production) {
      const disabled = await disableDemoAccounts(db);
      if (disabled.length > 0) log().warn(disabledDemoAccountsLine(disabled));
    }
    return { migrated };
  });
}
