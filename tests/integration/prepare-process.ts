// One "instance" of tests/integration/several-instances.test.ts: opens DATABASE_URL with its own pool,
// says "ready", waits for "go" on stdin (so every instance starts its preparation at the same instant,
// whatever each took to load), runs prepareDatabase as a start does, then prints the outcome as JSON
// and exits 0, or 1 if it failed.
import { createDb, prepareDatabase } from "~/db/connection.server";

const db = createDb(process.env.DATABASE_URL!);
process.stdout.write("ready\n");
await new Promise<void>((resolve) =>
  process.stdin.on("data", (b) => {
    if (String(b).includes("go")) resolve();
  }),
);
try {
  const { migrated } = await prepareDatabase(db);
  process.stdout.write(`${JSON.stringify({ ok: true, migrated: migrated.length })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
  process.stdin.destroy();
}
