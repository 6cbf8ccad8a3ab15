// The database's two start-up settings, read strictly like every switch (issue 34): a value the
// app would have to guess at stops the process with a message naming the variable (decision 068).

/**
 * Connections each process's PostgreSQL pool may hold. 3 instances × (4 workers + their primary) × 5,
 * plus 5 for `npm run jobs` and 2 for an operator's psql, is 82: inside PostgreSQL's default
 * max_connections of 100 less its 3 superuser_reserved_connections. The old 10 passed it at 2
 * instances (README "Running several instances" gives the formula).
 */
export const DEFAULT_DATABASE_POOL_MAX = 5;

/**
 * DATABASE_POOL_MAX: unset or empty is the default; else a whole number from 2 to 100 (1 would queue
 * each worker's every query behind one open transaction). SQLite has no pool, but a wrong value still
 * stops the start there, so it cannot wait to break the day the shop moves to PostgreSQL.
 */
export function databasePoolMax(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_DATABASE_POOL_MAX;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 2 || n > 100) {
    throw new Error(
      `DATABASE_POOL_MAX must be a whole number of PostgreSQL connections per process from 2 to 100, or unset for ${DEFAULT_DATABASE_POOL_MAX} (got ${JSON.stringify(value)})`,
    );
  }
  return n;
}

/**
 * MIGRATE_ON_START: unset, empty or "1" migrates at start (the default, one instance); "0" leaves it
 * to the release step, `npm run migrate`, and the start then refuses a database behind the build.
 */
export function migrateOnStart(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "1") return true;
  if (value === "0") return false;
  throw new Error(
    `MIGRATE_ON_START must be 1 (migrate at start, the default) or 0 (leave it to npm run migrate), not ${JSON.stringify(value)}`,
  );
}
