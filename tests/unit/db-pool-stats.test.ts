// What /metrics shows of the PostgreSQL pool (databasePoolStats in app/db/connection.server.ts):
// the connections of the pools this process has open, summed; nothing once they are closed or on SQLite.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { databasePoolStats, withNamedStatements } from "~/db/connection.server";

const fakePool = (counts: {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  max?: number;
}) =>
  ({
    ...counts,
    options: { max: counts.max },
    connect: async () => ({}),
    end: async () => undefined,
  }) as unknown as pg.Pool;

describe("databasePoolStats", () => {
  it("is null without a PostgreSQL pool (SQLite has none)", () => {
    expect(databasePoolStats()).toBeNull();
  });

  it("sums the open pools' connections, idle ones, waiting queries and ceilings until they end", async () => {
    const a = withNamedStatements(
      fakePool({ totalCount: 6, idleCount: 2, waitingCount: 1, max: 8 }),
    );
    const b = withNamedStatements(fakePool({ totalCount: 1, idleCount: 1, waitingCount: 0 }));
    expect(databasePoolStats()).toEqual({ total: 7, idle: 3, waiting: 1, max: 18 });
    await b.end();
    expect(databasePoolStats()).toEqual({ total: 6, idle: 2, waiting: 1, max: 8 });
    await a.end();
    expect(databasePoolStats()).toBeNull();
  });
});
