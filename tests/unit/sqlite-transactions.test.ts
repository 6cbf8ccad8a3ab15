// SQLite transactions take the write lock when they begin (app/db/connection.server.ts): a
// transaction that reads and then writes can never find its snapshot stale because another process
// committed in between, which failed at once with "database is locked" under a deferred BEGIN.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { createDb } from "~/db/connection.server";

describe("SQLite transactions", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-tx-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("hold the write lock from their first statement, so another process waits instead of invalidating them", async () => {
    const file = path.join(dir, "app.db");
    const db = createDb(`file:${file}`);
    await sql`create table counters (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counters (id, n) values (1, 0)`.execute(db);
    const other = new Database(file);
    other.pragma("busy_timeout = 0"); // fail instead of waiting, so the lock shows

    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(trx);
      // another process's write between this read and the write below cannot get in
      expect(() => other.prepare("update counters set n = n + 100 where id = 1").run()).toThrow(
        /database is locked/,
      );
      await sql`update counters set n = ${rows[0].n + 1} where id = 1`.execute(trx);
    });

    // once committed, the other process writes as usual
    other.prepare("update counters set n = n + 100 where id = 1").run();
    expect(other.prepare("select n from counters where id = 1").get()).toEqual({ n: 101 });
    other.close();
    await db.destroy();
  });
});
