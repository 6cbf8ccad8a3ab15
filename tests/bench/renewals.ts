// npm run bench:renewals [-- --pg postgres://...] [--count 10000]
// How long one job runner takes when 10,000 subscriptions are due at once:
// it plans each subscription's next delivery, then decides them all at their
// common cut-off (order, invoice, charge, e-mail). Reports seconds and pieces
// per second; it never passes or fails on time.
// SQLite: a fresh temporary file. PostgreSQL: the given database is emptied
// first (default postgres://postgres@127.0.0.1:5432/bench_renewals, created if missing).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetPostgres } from "./postgres";
import {
  createDueSubscriptions,
  nextDeliveryInstants,
  renewalOutcome,
} from "./renewal-subscribers";

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? null : (args[i + 1] ?? "");
};
const count = Number(value("--count") ?? 10_000);
const pgArg = args.includes("--pg")
  ? value("--pg") || "postgres://postgres@127.0.0.1:5432/bench_renewals"
  : null;

if (pgArg) {
  await resetPostgres(pgArg);
  process.env.DATABASE_URL = pgArg;
} else {
  process.env.DATABASE_URL = `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-renewals-")), "app.db")}`;
}
process.env.APP_ENV = "test";

const { db } = await import("~/db/client.server");
const { runDueJobs } = await import("~/jobs/runner.server");
const { SUBSCRIPTION_JOB_KINDS } = await import("~/subscriptions/jobs.server");

const dialect = pgArg ? "PostgreSQL" : "SQLite";
console.log(
  `Creating ${count} active subscriptions on ${dialect}, all with the same first delivery…`,
);
const { planAt } = await createDueSubscriptions(db, count);

const run = (now: Date) =>
  runDueJobs({
    now,
    kinds: SUBSCRIPTION_JOB_KINDS,
    origin: "http://shop.test",
    log: false,
    batch: 500,
    maxBatches: 1_000,
  });

async function timed(label: string, now: Date) {
  const started = performance.now();
  const summary = await run(now);
  const seconds = (performance.now() - started) / 1000;
  const done = Object.values(summary).reduce((sum, t) => sum + t.done, 0);
  const failed = Object.values(summary).reduce((sum, t) => sum + t.failed, 0);
  console.log(
    `${label}: ${seconds.toFixed(1)} s for ${done} pieces (${Math.round(done / seconds)}/s), ${failed} failed  ${JSON.stringify(summary)}`,
  );
  return seconds;
}

const plan = await timed("plan the next deliveries", planAt);
const { remindAt, renewAt } = await nextDeliveryInstants(db);
const remind = await timed("send the reminders", remindAt);
const renew = await timed("renew at the cut-off (order + charge + e-mail)", renewAt);
console.log(
  JSON.stringify({
    dialect,
    subscriptions: count,
    seconds: { plan: +plan.toFixed(1), reminders: +remind.toFixed(1), renewals: +renew.toFixed(1) },
    ...(await renewalOutcome(db)),
  }),
);
await db.destroy();
