// A second instance of the app on the SAME database as the suite's server (its SQLite file), with
// two workers: for specs about what every worker of every instance serves (decision 054). Started
// through app-process.ts (its own port and process group); stopping it leaves the shared file alone.
import { spawnApp, type AppProcess } from "./app-process";
import { E2E_DATABASE_URL } from "./env";

export async function startSecondInstance(workers = 2): Promise<AppProcess> {
  const app = await spawnApp("second", {
    DATABASE_URL: E2E_DATABASE_URL,
    WEB_CONCURRENCY: String(workers),
    // timed work stays with the suite's server: one database, one job runner is enough
    JOBS_IN_APP: "0",
    ADMISSION_WAIT_SECONDS: "30",
  });
  try {
    await app.serving();
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}
