// npm run migrate: the release step when several instances share one PostgreSQL database (README
// "Running several instances", decision 068). Runs what a start would: the migrations, the first-start
// seed and (APP_ENV=production) the disabling of README demo accounts, under the same lock, then
// exits; the instances then start with MIGRATE_ON_START=0. In the Docker image:
// docker run --rm -e DATABASE_URL=… <image> npm run migrate
// (app/bin/migrate.mjs runs this file through tsx in a checkout, and the image's bundle of it there).
export {};

const { createDb, databaseUrl, prepareDatabase } = await import("../db/connection.server");

let db;
try {
  db = createDb(databaseUrl());
  const { migrated } = await prepareDatabase(db, { migrate: true });
  console.log(
    JSON.stringify({
      level: "info",
      type: "db.migrated",
      message:
        migrated.length > 0
          ? `Ran ${migrated.length} migration(s); the database is up to date`
          : "Nothing to run; the database is up to date",
      migrations: migrated,
    }),
  );
} catch (error) {
  console.error(`npm run migrate failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db?.destroy();
}
