// Starts the job runner inside the app: once per process, every
// JOBS_INTERVAL_SECONDS (default 60). Several processes or instances may run it
// at once; each piece of work is claimed in the database, never in memory.
// JOBS_IN_APP=0 leaves timed work to a separate `npm run jobs` worker.
import { runDueJobs } from "./runner.server";

declare global {
  // eslint-disable-next-line no-var
  var __paddockJobTimer: ReturnType<typeof setInterval> | undefined;
}

/**
 * JOBS_IN_APP read strictly, like every switch: unset, empty or "1" runs the jobs here, "0" leaves them to
 * `npm run jobs`, and anything else ("false", "off") stops the server rather than being guessed at.
 */
export function jobsInApp(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "1") return true;
  if (value === "0") return false;
  throw new Error(`JOBS_IN_APP must be 1 (run timed work in the app, the default) or 0 (leave it to npm run jobs), not ${JSON.stringify(value)}`);
}

export function startJobRunner(env: Record<string, string | undefined> = process.env) {
  if (!jobsInApp(env.JOBS_IN_APP) || globalThis.__paddockJobTimer) return;
  const seconds = Math.max(5, Number(env.JOBS_INTERVAL_SECONDS) || 60);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueJobs();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", type: "jobs.run_failed", message: (error as Error).message }));
    } finally {
      running = false;
    }
  };
  globalThis.__paddockJobTimer = setInterval(tick, seconds * 1000);
  globalThis.__paddockJobTimer.unref?.();
  setTimeout(tick, 3000).unref?.();
}
