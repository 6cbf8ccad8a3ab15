import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { preparedQuery } from "~/db/prepared.server";

// Column names as the app types them: camelCase, stored snake_case (CamelCasePlugin).
type DB = {
  people: { id: number; firstName: string; team: string; active: number };
  teams: { code: string; teamName: string };
};

async function fixture() {
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: new Database(":memory:") }),
    plugins: [new CamelCasePlugin()],
  });
  await db.schema
    .createTable("people")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("first_name", "text")
    .addColumn("team", "text")
    .addColumn("active", "integer")
    .execute();
  await db.schema
    .createTable("teams")
    .addColumn("code", "text")
    .addColumn("team_name", "text")
    .execute();
  await db
    .insertInto("people")
    .values([
      { id: 1, firstName: "Ava", team: "a", active: 1 },
      { id: 2, firstName: "Ben", team: "b", active: 1 },
      { id: 3, firstName: "Cal", team: "a", active: 0 },
    ])
    .execute();
  await db
    .insertInto("teams")
    .values([
      { code: "a", teamName: "Alpha" },
      { code: "b", teamName: "Beta" },
    ])
    .execute();
  return db;
}

describe("preparedQuery", () => {
  it("answers as the query built afresh would, call after call, with constants kept and names camel-cased", async () => {
    const db = await fixture();
    const build = (q: typeof db, team: string, minId: number) =>
      q
        .selectFrom("people")
        .leftJoin("teams", "teams.code", "people.team")
        .select(["people.id", "people.firstName", "teams.teamName"])
        .where("people.active", "=", 1)
        .where("people.team", "=", team)
        .where("people.id", ">=", minId)
        .orderBy("people.id");
    const prepared = preparedQuery(() => db, build);
    for (const [team, minId] of [
      ["a", 0],
      ["b", 0],
      ["a", 2],
      ["zzz", 0],
      ["a", 1],
    ] as const) {
      expect(await prepared(team, minId), `${team} ${minId}`).toEqual(
        await build(db, team, minId).execute(),
      );
    }
    expect(await prepared("a", 0)).toEqual([{ id: 1, firstName: "Ava", teamName: "Alpha" }]);
    await db.destroy();
  });

  it("runs inside a transaction (seeing its uncommitted rows) and on another database of the same kind", async () => {
    const db = await fixture();
    const other = await fixture();
    const names = preparedQuery(
      () => db,
      (q, team: string) =>
        q.selectFrom("people").select("firstName").where("team", "=", team).orderBy("id"),
    );
    await other.deleteFrom("people").where("id", "=", 1).execute();
    expect(await names.on(other)("a")).toEqual([{ firstName: "Cal" }]);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("people")
        .values({ id: 4, firstName: "Dee", team: "a", active: 1 })
        .execute();
      expect(await names.on(trx)("a")).toEqual([
        { firstName: "Ava" },
        { firstName: "Cal" },
        { firstName: "Dee" },
      ]);
    });
    expect(await names("a")).toEqual([
      { firstName: "Ava" },
      { firstName: "Cal" },
      { firstName: "Dee" },
    ]);
    await db.destroy();
    await other.destroy();
  });

  it("refuses a query whose argument is not a plain parameter (its SQL would not be the same for every call)", async () => {
    const db = await fixture();
    const ignoresItsArgument = preparedQuery(
      () => db,
      (q, _id: number) => q.selectFrom("people").select("id").where("id", "=", 1),
    );
    await expect(ignoresItsArgument(2)).rejects.toThrow(/not plain parameters/);
    await db.destroy();
  });
});
