// PostgreSQL named statements (withNamedStatements in app/db/connection.server.ts),
// against a stand-in pool that records what pg would be asked to send.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { withNamedStatements } from "~/db/connection.server";

type Sent = { args: unknown[] };
function fakePool() {
  const sent: Sent[] = [];
  let released = 0;
  const client = {
    query: (...args: unknown[]) => {
      sent.push({ args });
      return Promise.resolve({ command: "SELECT", rowCount: 0, rows: [] });
    },
    release: () => void released++,
  };
  const pool = { connect: async () => client, end: async () => undefined } as unknown as pg.Pool;
  return { pool, sent, released: () => released };
}

describe("withNamedStatements", () => {
  it("names each parameterised SQL text once and sends the same name for it every time", async () => {
    const { pool, sent } = fakePool();
    const wrapped = withNamedStatements(pool);
    const c = await wrapped.connect();
    await c.query("select * from products where id = $1", [1]);
    await c.query("select * from products where id = $1", [2]);
    await c.query("select * from users where email = $1", ["a@b.au"]);
    expect(sent.map((s) => s.args)).toEqual([
      [{ name: "kysely_1", text: "select * from products where id = $1", values: [1] }],
      [{ name: "kysely_1", text: "select * from products where id = $1", values: [2] }],
      [{ name: "kysely_2", text: "select * from users where email = $1", values: ["a@b.au"] }],
    ]);
  });

  it("sends SQL without parameters unnamed (several statements at once stay possible)", async () => {
    const { pool, sent } = fakePool();
    const c = await withNamedStatements(pool).connect();
    await c.query("begin", []);
    expect(sent[0].args).toEqual(["begin", []]);
  });

  it("stops naming past its cap, so `in (...)` lists of every length cannot grow it without end", async () => {
    const { pool, sent } = fakePool();
    const c = await withNamedStatements(pool, 2).connect();
    for (const sql of ["select $1", "select $1, $2", "select $1, $2, $3", "select $1"])
      await c.query(sql, [1, 2, 3].slice(0, sql.split("$").length - 1));
    expect(
      sent.map((s) =>
        typeof s.args[0] === "object" ? (s.args[0] as { name: string }).name : "unnamed",
      ),
    ).toEqual(["kysely_1", "kysely_2", "unnamed", "kysely_1"]);
  });

  it("passes cursors through and releases the real client", async () => {
    const { pool, sent, released } = fakePool();
    const wrapped = withNamedStatements(pool);
    const c = await wrapped.connect();
    const cursor = { read: async () => [], close: async () => undefined };
    c.query(cursor);
    expect(sent[0].args).toEqual([cursor]);
    c.release();
    expect(released()).toBe(1);
    // Kysely keeps one connection object per client: the same client comes back wrapped the same way
    expect(await wrapped.connect()).toBe(c);
  });
});
