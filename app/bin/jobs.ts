// npm run jobs [-- --now 2026-12-01T05:00:00Z] [--once] (app/bin/jobs.mjs runs this file through tsx in a
// checkout, and the image's bundle of it there)
// Runs the job runner as a separate worker: every JOBS_INTERVAL_SECONDS
// (default 60), or once with --once. --now runs it for another instant (tests
// and demos); with --now and no --once it runs once too, since time stands still.
export {};

// as `npm start`: a job runner is no development server, and APP_ENV=production refuses that
if (process.env.APP_ENV === "production") process.env.NODE_ENV ??= "production";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i === -1) return null;
  return args[i].includes("=") ? args[i].split("=").slice(1).join("=") : (args[i + 1] ?? null);
};

const nowArg = value("--now");
const fixedNow = nowArg ? new Date(nowArg) : null;
if (fixedNow && Number.isNaN(fixedNow.getTime())) {
  console.error(`--now is not a date: ${nowArg}`);
  process.exit(2);
}
const once = flag("--once") || fixedNow !== null;

const { jobsIntervalSeconds } = await import("../jobs/start.server");
const { runDueJobs } = await import("../jobs/runner.server");
const { db } = await import("../db/client.server");
const { asJobRun, log } = await import("../log/log.server");
const { redactLogText } = await import("../security/redact.mjs");

/** One run; its summary line carries the run's id like the lines of its pieces. */
function runOnce() {
  return asJobRun(async () => {
    const summary = await runDueJobs({ now: fixedNow ?? undefined });
    log().info({ type: "jobs.run", now: (fixedNow ?? new Date()).toISOString(), summary });
  });
}

if (once) {
  await runOnce();
  await db.destroy();
} else {
  const seconds = jobsIntervalSeconds(process.env.JOBS_INTERVAL_SECONDS);
  let stopping = false;
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.on(sig, () => {
      stopping = true;
    });
  while (!stopping) {
    try {
      await runOnce();
    } catch (error) {
      log().error({ type: "jobs.run_failed" }, redactLogText((error as Error).message));
    }
    for (let waited = 0; waited < seconds && !stopping; waited++)
      await new Promise((r) => setTimeout(r, 1000));
  }
  await db.destroy();
}
