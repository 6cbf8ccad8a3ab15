// An empty PostgreSQL database for a bench run: created when missing, its public schema dropped and
// made again (the app migrates and seeds it on first start).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export async function resetPostgres(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  await client.end();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query("drop schema if exists public cascade; create schema public;");
  await db.end();
}

/** The URL without its credentials, for results files and logs. */
export const withoutCredentials = (url: string) => url.replace(/\/\/[^@]*@/, "//…@");

/** The PostgreSQL server's main process when it runs on this machine (its data directory is readable here), else null. */
export async function postmasterPid(url: string): Promise<number | null> {
  // the server's own database: the bench's may not exist yet on a new machine
  const server = new URL(url);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string }>(
      "select setting from pg_settings where name = 'data_directory'",
    );
    const pid = Number(
      fs.readFileSync(path.join(rows[0].setting, "postmaster.pid"), "utf8").split("\n")[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}
