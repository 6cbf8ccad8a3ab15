// DATABASE_POOL_MAX and MIGRATE_ON_START are read strictly (issue 45 item 3, decision 068): a value the
// app would have to guess at stops the start with a message naming the variable.
import os from "node:os";
import { DEFAULT_DATABASE_POOL_MAX, databasePoolMax, migrateOnStart } from "~/db/settings.server";
import { workerCount } from "../../app/bin/worker-count.mjs";

describe("DATABASE_POOL_MAX", () => {
  it("is 5 when unset or empty, else a whole number of connections from 2 to 100", () => {
    expect(databasePoolMax(undefined)).toBe(5);
    expect(databasePoolMax("")).toBe(5);
    expect(databasePoolMax(" ")).toBe(5);
    expect(databasePoolMax("2")).toBe(2);
    expect(databasePoolMax("20")).toBe(20);
    expect(databasePoolMax("100")).toBe(100);
  });

  it("refuses what is not a whole number in range, naming the variable", () => {
    for (const value of ["abc", "10k", "0", "1", "-5", "7.5", "1e2", "101", "0x10"]) {
      expect(() => databasePoolMax(value), value).toThrow(
        `DATABASE_POOL_MAX must be a whole number of PostgreSQL connections per process from 2 to 100, or unset for 5 (got ${JSON.stringify(value)})`,
      );
    }
  });

  // README "Running several instances": instances × (workers + 1 primary) × pool, plus the pool of
  // `npm run jobs` and 2 for an operator, within PostgreSQL's 100 less its 3 reserved connections
  it("by default keeps 3 instances with the default workers, npm run jobs and an operator within 97 connections", () => {
    for (const cores of [1, 2, 4, 8, 64, os.availableParallelism()]) {
      const workers = workerCount(undefined, { isDev: false, cores });
      const connections =
        3 * (workers + 1) * DEFAULT_DATABASE_POOL_MAX + DEFAULT_DATABASE_POOL_MAX + 2;
      expect(connections, `${cores} cores`).toBeLessThanOrEqual(97);
    }
  });
});

describe("MIGRATE_ON_START", () => {
  it("migrates when unset, empty or 1, and leaves it to npm run migrate with 0", () => {
    expect(migrateOnStart(undefined)).toBe(true);
    expect(migrateOnStart("")).toBe(true);
    expect(migrateOnStart("1")).toBe(true);
    expect(migrateOnStart("0")).toBe(false);
  });

  it("refuses any other value", () => {
    for (const value of ["false", "no", "off", "true", " 0", "00"])
      expect(() => migrateOnStart(value), value).toThrow(
        `MIGRATE_ON_START must be 1 (migrate at start, the default) or 0 (leave it to npm run migrate), not ${JSON.stringify(value)}`,
      );
  });
});
