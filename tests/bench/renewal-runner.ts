// One job runner of the scale-out bench (./renewal-runners.ts starts one or two at once, each in its
// own CPU group): the job runner for one subscription kind (BENCH_KIND: delivery-plan, delivery-reminder
// or renewal) at the instant BENCH_NOW, as `npm run jobs -- --now <instant>` runs it, except that it
// goes on until nothing is due (`npm run jobs` stops after 50 batches and takes the rest on its next
// run) and does no other kind (one step's time is its kind's alone). It connects and migrates first, says
// "ready", and starts on a line on stdin, so the runners start together and their startup is not timed.
// Prints one JSON line: the run's summary and its seconds.
import readline from "node:readline";

const now = new Date(process.env.BENCH_NOW ?? "");
if (Number.isNaN(now.getTime()))
  throw new Error(`BENCH_NOW is not an instant: ${process.env.BENCH_NOW}`);
process.env.APP_ENV = "test";

const { db } = await import("~/db/client.server");
const { runDueJobs } = await import("~/jobs/runner.server");
const { SUBSCRIPTION_JOB_KINDS } = await import("~/subscriptions/jobs.server");
const kinds = SUBSCRIPTION_JOB_KINDS.filter((k) => k.name === process.env.BENCH_KIND);
if (kinds.length === 0)
  throw new Error(`BENCH_KIND is not a subscription job kind: ${process.env.BENCH_KIND}`);

const lines = readline.createInterface({ input: process.stdin });
const go = new Promise((resolve) => lines.once("line", resolve));
console.log("ready");
await go;
lines.close();
const started = performance.now();
const summary = await runDueJobs({
  now,
  kinds,
  origin: "http://shop.test",
  log: false,
  maxBatches: 100_000,
});
console.log(JSON.stringify({ summary, seconds: (performance.now() - started) / 1000 }));
await db.destroy();
