// npm run db:reset: deletes the embedded SQLite file (or drops the PostgreSQL
// schema) and recreates, migrates and seeds it with the README's demo accounts.
// Never with APP_ENV=production: it would wipe the shop's data and seed accounts
// whose passwords are public (decision 062).
import fs from "node:fs";
import pg from "pg";

if (process.env.APP_ENV === "production") {
  console.error(
    "npm run db:reset refuses APP_ENV=production: it deletes every row and seeds the README's demo accounts, whose passwords are public. Run it in development or test only.",
  );
  process.exit(1);
}

const url = process.env.DATABASE_URL || "file:./data/app.db";
if (url.startsWith("postgres")) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema public cascade; create schema public;");
  await client.end();
} else {
  const file = url.replace(/^file:/, "");
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}
const { createDb, prepareDatabase } = await import("../db/connection.server");
const db = createDb(url);
await prepareDatabase(db);
const counts = await Promise.all(
  (["products", "posts", "suburbs", "users"] as const).map(async (t) => {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return `${t}: ${r.n}`;
  }),
);
console.log(`Database ready (${url}). ${counts.join(", ")}`);
await db.destroy();
