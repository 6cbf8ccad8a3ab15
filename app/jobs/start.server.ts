// Starts the job runner inside the app: once per process, every
// JOBS_INTERVAL_SECONDS (default 60). Several processes or instances may run it
// at once; each piece of work is claimed in the database, never in memory.
// JOBS_IN_APP=0 leaves timed work to a separate `npm run jobs` worker.
import { log } from "~/log/log.server";
import { redactLogText } from "~/security/redact.mjs";
import { runDueJobs } from "./runner.server";

declare global {
  var __paddockJobTimer: ReturnType<typeof setInterval> | undefined;
}

/**
 * JOBS_IN_APP read strictly, like every switch: unset, empty or "1" runs the jobs here, "0" leaves them to
 * `npm run jobs`, and anything else ("false", "off") stops the server rather than being guessed at.
 */
export function jobsInApp(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "1") return true;
  if (value === "0") return false;
  throw new Error(
    `JOBS_IN_APP must be 1 (run timed work in the app, the default) or 0 (leave it to npm run jobs), not ${JSON.stringify(value)}`,
  );
}

/**
 * JOBS_INTERVAL_SECONDS read strictly: unset or empty is 60, else a whole number of seconds from 5 to
 * 3600; "1m" or "abc" used to be taken as 60 and "1" as 5 without a word.
 */
export function jobsIntervalSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 60;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 5 || n > 3600) {
    throw new Error(
      `JOBS_INTERVAL_SECONDS must be a whole number of seconds from 5 to 3600, or unset for 60 (got ${JSON.stringify(value)})`,
    );
  }
  return n;
}

export function startJobRunner(env: Record<string, string | undefined> = process.env) {
  const seconds = jobsIntervalSeconds(env.JOBS_INTERVAL_SECONDS);
  if (!jobsInApp(env.JOBS_IN_APP) || globalThis.__paddockJobTimer) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueJobs();
    } catch (error) {
      log().error({ type: "jobs.run_failed" }, redactLogText((error as Error).message));
    } finally {
      running = false;
    }
  };
  globalThis.__paddockJobTimer = setInterval(tick, seconds * 1000);
  globalThis.__paddockJobTimer.unref?.();
  setTimeout(tick, 3000).unref?.();
}
