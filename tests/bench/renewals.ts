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
import pg from "pg";

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? null : (args[i + 1] ?? "");
};
const count = Number(value("--count") ?? 10_000);
const pgArg = args.includes("--pg") ? value("--pg") || "postgres://postgres@127.0.0.1:5432/bench_renewals" : null;

if (pgArg) {
  const url = new URL(pgArg);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(pgArg), { pathname: "/postgres" }).toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, "")}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: pgArg });
  await client.connect();
  await client.query("drop schema if exists public cascade; create schema public;");
  await client.end();
  process.env.DATABASE_URL = pgArg;
} else {
  process.env.DATABASE_URL = `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-renewals-")), "app.db")}`;
}
process.env.APP_ENV = "test";

const { db } = await import("~/db/client.server");
const { parseWeekdays } = await import("~/delivery/schedule");
const { runDueJobs } = await import("~/jobs/runner.server");
const { SUBSCRIPTION_JOB_KINDS } = await import("~/subscriptions/jobs.server");
const { runDayOnOrAfter } = await import("~/subscriptions/schedule");

const dialect = pgArg ? "PostgreSQL" : "SQLite";
const ts = new Date().toISOString();
const region = await db.selectFrom("deliveryRegions").selectAll().where("slug", "=", "nsw").executeTakeFirstOrThrow();
const schedule = { weekdays: parseWeekdays(region.weekdays), leadDays: region.leadDays, everyWeeks: region.everyWeeks };
const pkg = await db.selectFrom("packages").select("id").where("slug", "=", "custom-small").executeTakeFirstOrThrow();
const cut = await db.selectFrom("products").select("id").where("slug", "=", "eye-fillet").executeTakeFirstOrThrow();
const bacon = await db.selectFrom("products").select("id").where("slug", "=", "addon-bacon").executeTakeFirstOrThrow();
// plenty of stock, so every renewal keeps its add-on
await db.updateTable("products").set({ inventory: count * 10 }).where("id", "=", bacon.id).execute();
const first = runDayOnOrAfter(schedule, "2027-03-01");

console.log(`Creating ${count} active subscriptions on ${dialect}, all with the first delivery ${first}…`);
const chunk = 250;
for (let start = 0; start < count; start += chunk) {
  const n = Math.min(chunk, count - start);
  const idx = Array.from({ length: n }, (_, i) => start + i);
  const users = await db.insertInto("users").values(idx.map((i) => ({
    email: `bench.renewal.${i}@example.com`, passwordHash: null, firstName: "Bench", lastName: `Subscriber ${i}`, phone: "+61412345678",
    sms: 0, newsletter: 0, gatewayCustomerId: null, orderedAt: ts, createdAt: ts, updatedAt: ts,
  }))).returning("id").execute();
  await db.insertInto("paymentMethods").values(users.map((u) => ({
    userId: u.id, gatewayToken: "sandbox_pm_bench_ok", brand: "Visa", lastFour: "4242", expMonth: 8, expYear: 2031, isPrimary: 1, createdAt: ts,
  }))).execute();
  const subs = await db.insertInto("subscriptions").values(users.map((u, i) => ({
    userId: u.id, status: "active", email: `bench.renewal.${idx[i]}@example.com`, packageId: pkg.id, boxType: "custom", postcode: "2000",
    suburbId: null, regionId: region.id, deliveryDate: first, deliveryWindow: "day", frequencyDays: 28, discountCode: null,
    shippingAddressId: null, billingAddressId: null, deliveryNotes: null, flowVersion: null, startedAt: ts, endedAt: null, pausedUntil: null,
    createdAt: ts, updatedAt: ts,
  }))).returning(["id", "userId"]).execute();
  await db.insertInto("subscriptionItems").values(subs.map((s) => ({ subscriptionId: s.id, productId: cut.id, quantity: 8 }))).execute();
  await db.insertInto("subscriptionAddons").values(subs.map((s) => ({ subscriptionId: s.id, productId: bacon.id, quantity: 1 }))).execute();
  await db.insertInto("orders").values(subs.map((s, i) => ({
    reference: `PT-BENCH${start + i}`, userId: s.userId!, subscriptionId: s.id, status: "paid", deliveryDate: first, deliveryWindow: "day", createdAt: ts, paidAt: ts,
  }))).execute();
}

const run = (now: Date) => runDueJobs({ now, kinds: SUBSCRIPTION_JOB_KINDS, origin: "http://shop.test", log: false, batch: 500, maxBatches: 1_000 });

async function timed(label: string, now: Date) {
  const started = performance.now();
  const summary = await run(now);
  const seconds = (performance.now() - started) / 1000;
  const done = Object.values(summary).reduce((sum, t) => sum + t.done, 0);
  const failed = Object.values(summary).reduce((sum, t) => sum + t.failed, 0);
  console.log(`${label}: ${seconds.toFixed(1)} s for ${done} pieces (${Math.round(done / seconds)}/s), ${failed} failed  ${JSON.stringify(summary)}`);
  return seconds;
}

const plan = await timed("plan the next deliveries", new Date(`${first}T01:00:00Z`));
const next = await db.selectFrom("deliveries as d").innerJoin("subscriptions as s", "s.id", "d.subscriptionId")
  .select(["d.cutoffAt", "d.remindAt"]).where("s.email", "like", "bench.renewal.%").orderBy("d.cutoffAt").executeTakeFirstOrThrow();
const remind = await timed("send the reminders", new Date(Date.parse(next.remindAt!) + 60_000));
const renew = await timed("renew at the cut-off (order + charge + e-mail)", new Date(Date.parse(next.cutoffAt) + 60_000));
const orders = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "paid").where("reference", "not like", "PT-BENCH%").where("userId", "in", (eb) => eb.selectFrom("users").select("id").where("email", "like", "bench.renewal.%")).executeTakeFirstOrThrow();
const payments = await db.selectFrom("payments").select((eb) => eb.fn.countAll<number>().as("n")).where("idempotencyKey", "like", "renewal:%").where("userId", "in", (eb) => eb.selectFrom("users").select("id").where("email", "like", "bench.renewal.%")).executeTakeFirstOrThrow();
console.log(JSON.stringify({ dialect, subscriptions: count, seconds: { plan: +plan.toFixed(1), reminders: +remind.toFixed(1), renewals: +renew.toFixed(1) }, paidRenewalOrders: Number(orders.n), renewalPayments: Number(payments.n) }));
await db.destroy();
