// A counter the database itself moves on every write to the snapshot's tables, so a test that checks
// "nothing was written" after each of thousands of calls (the fuzz test) reads one number, and takes
// a whole snapshot only when that number moved. A snapshot after every call was two thirds of the
// fuzz file's time on PostgreSQL (71 s against 25 s without), about a fifth on SQLite (decision 092).
//
// Triggers, in the file's own database (tests/integration/setup.ts gives each file one): after every
// insert, update or delete on those tables (PostgreSQL: after every such statement, even one that
// matched no row) the counter goes up by one. A write that rolls back takes its count back with it.
// A counter that moved says only "maybe written": the caller then compares whole snapshots.
import { sql } from "kysely";
import { db } from "~/db/client.server";
import { snapshot, WRITTEN_TABLES } from "./http-helpers";

const onPostgres = () => Boolean(process.env.DATABASE_URL_TEST);
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const EVENTS = ["insert", "update", "delete"] as const;

export async function installWriteCounter(): Promise<void> {
  await sql`create table test_write_counter (n bigint not null)`.execute(db);
  await sql`insert into test_write_counter (n) values (0)`.execute(db);
  if (onPostgres()) {
    await sql`create function test_count_write() returns trigger language plpgsql as $$
      begin update test_write_counter set n = n + 1; return null; end $$`.execute(db);
    for (const table of WRITTEN_TABLES)
      await sql`create trigger test_count_write after insert or update or delete on ${sql.table(
        snakeCase(table),
      )} for each statement execute function test_count_write()`.execute(db);
    return;
  }
  for (const table of WRITTEN_TABLES)
    for (const event of EVENTS)
      await sql`create trigger ${sql.id(`test_count_${event}_${snakeCase(table)}`)} after ${sql.raw(
        event,
      )} on ${sql.table(snakeCase(table))} begin update test_write_counter set n = n + 1; end`.execute(
        db,
      );
}

export async function removeWriteCounter(): Promise<void> {
  if (onPostgres()) {
    for (const table of WRITTEN_TABLES)
      await sql`drop trigger test_count_write on ${sql.table(snakeCase(table))}`.execute(db);
    await sql`drop function test_count_write()`.execute(db);
  } else {
    for (const table of WRITTEN_TABLES)
      for (const event of EVENTS)
        await sql`drop trigger ${sql.id(`test_count_${event}_${snakeCase(table)}`)}`.execute(db);
  }
  await sql`drop table test_write_counter`.execute(db);
}

async function writeCount(): Promise<string> {
  const { rows } = await sql<{ n: number | string }>`select n from test_write_counter`.execute(db);
  return String(rows[0].n);
}

/** A snapshot (./http-helpers.ts) with the write count it was taken at. */
export type CountedSnapshot = { count: string; snap: string };

export async function countedSnapshot(): Promise<CountedSnapshot> {
  const count = await writeCount();
  return { count, snap: await snapshot() };
}

/**
 * The snapshot now: `last` itself when nothing was written since it was taken, else a new one.
 * Whether the snapshot changed is then the same question as before, answered the same way.
 */
export async function snapshotSince(last: CountedSnapshot): Promise<CountedSnapshot> {
  const count = await writeCount();
  return count === last.count ? last : { count, snap: await snapshot() };
}
