import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "~/db/connection.server";

describe("withStatementCache", () => {
  it("hands back the prepared statement for SQL it has seen, and a new one for other SQL", () => {
    const db = withStatementCache(new Database(":memory:"));
    const a = db.prepare("select 1 as n");
    expect(db.prepare("select 1 as n")).toBe(a);
    expect(db.prepare("select 2 as n")).not.toBe(a);
    expect(a.all()).toEqual([{ n: 1 }]);
    db.close();
  });

  it("never shares a statement that is still being iterated", () => {
    const db = withStatementCache(new Database(":memory:"));
    const sql = "select 1 as n union all select 2";
    const iterating = db.prepare(sql);
    const rows = iterating.iterate();
    rows.next();
    const other = db.prepare(sql);
    expect(other).not.toBe(iterating);
    expect(other.all()).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(db.prepare(sql)).toBe(iterating);
    db.close();
  });

  it("sees schema changes made after a statement was prepared", () => {
    const db = withStatementCache(new Database(":memory:"));
    db.prepare("create table t (a integer)").run();
    db.prepare("insert into t (a) values (1)").run();
    expect(db.prepare("select * from t").all()).toEqual([{ a: 1 }]);
    db.prepare("alter table t add column b integer default 7").run();
    expect(db.prepare("select * from t").all()).toEqual([{ a: 1, b: 7 }]);
    db.close();
  });
});
