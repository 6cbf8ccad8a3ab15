// npm run bench -- --back-office: the /admin list pages (issue 36) against a shop of 10,000 customers
// and 100,000 orders (./back-office-data.ts), on SQLite and on PostgreSQL. One app instance with one
// worker, signed in as the owner. Per page: 20 requests one after another after a warm-up (the
// median, 95th percentile and slowest answer, the number the 300 ms is about), then 5 s of
// load at 10 connections (req/s). Reports; fails (exit code 1) only when the stock forecast or a
// packing day misses its budget of issue 48 (BUDGETS_MS: the median of the sequential requests).
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { createCookie } from "@remix-run/node";
import { createDb, prepareDatabase } from "~/db/connection.server";
import { createStaff, createStaffSession } from "../factories";
import { seedBackOffice, type BackOfficeSample } from "./back-office-data";
import { lighthouse } from "./measure";
import { resetPostgres, withoutCredentials } from "./postgres";
import { machine, table, writeResults } from "./results";
import { startInstance } from "./servers";

const SECRET = "bench-session-secret-not-for-production";
const SEQUENTIAL = 20;
/** BENCH_BACK_OFFICE=budgets: only the pages with a budget (issue 48), for a quick before/after. */
const ONLY_BUDGETS = process.env.BENCH_BACK_OFFICE === "budgets";

/** Issue 48's budgets, on both databases: the median answer of the stock forecast and of a packing day. */
export const BUDGETS_MS: { label: string; matches: (path: string) => boolean; ms: number }[] = [
  { label: "stock forecast", matches: (p) => p === "/admin/catalogue/stock", ms: 100 },
  {
    label: "packing day",
    matches: (p) => /^\/admin\/deliveries\/\d{4}-\d{2}-\d{2}$/.test(p),
    ms: 150,
  },
];

/** The rows over their budget, as sentences. */
export function missedBudgets(db: string, rows: BackOfficeRow[]): string[] {
  return rows.flatMap((r) =>
    BUDGETS_MS.filter((b) => b.matches(r.path) && r.medianMs > b.ms).map(
      (b) => `${db}: ${b.label} ${r.path} median ${r.medianMs} ms > ${b.ms} ms`,
    ),
  );
}

export type BackOfficeRow = {
  path: string;
  /** Lighthouse's accessibility score (SQLite run, pages without a query) */
  accessibility?: number;
  status: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  rps: number;
  errors: number;
};

function paths(s: BackOfficeSample): string[] {
  const all = allPaths(s);
  return ONLY_BUDGETS ? all.filter((p) => BUDGETS_MS.some((b) => b.matches(p))) : all;
}

function allPaths(s: BackOfficeSample): string[] {
  return [
    "/admin",
    "/admin/orders",
    "/admin/orders?page=1000",
    `/admin/orders?q=${encodeURIComponent(s.reference)}`,
    `/admin/orders?q=${encodeURIComponent(s.email)}`,
    `/admin/orders?q=${encodeURIComponent(s.lastName)}`,
    `/admin/orders?q=${s.day}`,
    `/admin/orders/${s.reference}`,
    "/admin/customers",
    "/admin/customers?page=100",
    `/admin/customers?q=${encodeURIComponent(s.email)}`,
    `/admin/customers?q=${encodeURIComponent(s.lastName)}`,
    `/admin/customers?q=${encodeURIComponent(s.phone)}`,
    `/admin/customers?q=${s.postcode}`,
    `/admin/customers/${s.customerId}`,
    "/admin/deliveries",
    `/admin/deliveries/${s.day}`,
    "/admin/payments",
    "/admin/gift-cards",
    `/admin/gift-cards?q=${s.giftLast4}`,
    "/admin/audit",
    "/admin/audit?page=200",
    "/admin/audit?action=order.refund",
    // part 2 (issue 37): the owner's numbers are on /admin above; their CSVs, the catalogue, the
    // stock forecast over every subscription's next 4 weeks, discount codes and content
    "/admin/numbers/revenue-per-week.csv",
    "/admin/numbers/boxes-per-day.csv",
    "/admin/catalogue",
    "/admin/catalogue/stock",
    "/admin/discounts",
    "/admin/discounts/1",
    "/admin/content/posts",
    "/admin/content/faq",
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(
  base: string,
  path: string,
  cookie: string,
  withLoad: boolean,
): Promise<BackOfficeRow> {
  const get = async () => {
    const started = performance.now();
    const res = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  };
  for (let i = 0; i < 3; i++) await get();
  const times: number[] = [];
  let status = 200;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const r = await get();
    times.push(r.ms);
    if (r.status !== 200) status = r.status;
  }
  times.sort((a, b) => a - b);
  const load = withLoad
    ? await autocannon({ url: base + path, connections: 10, duration: 5, headers: { cookie } })
    : { requests: { average: 0 }, errors: 0, non2xx: 0 };
  return {
    path,
    status,
    medianMs: Math.round(percentile(times, 50)),
    p95Ms: Math.round(percentile(times, 95)),
    maxMs: Math.round(times[times.length - 1]),
    rps: Math.round(load.requests.average),
    errors: load.errors + load.non2xx,
  };
}

async function prepare(url: string) {
  const db = createDb(url);
  try {
    await prepareDatabase(db);
    const started = Date.now();
    const sample = await seedBackOffice(db);
    console.log(
      `seeded 10,000 customers and 100,000 orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const owner = await createStaff(db, { role: "owner" });
    const token = await createStaffSession(db, owner.id);
    const cookie = (
      await createCookie("__staff", { secrets: [SECRET], path: "/" }).serialize(token)
    ).split(";")[0];
    return { sample, cookie };
  } finally {
    await db.destroy();
  }
}

async function runOn(
  label: string,
  url: string,
  port: number,
  skip: Set<string>,
): Promise<BackOfficeRow[]> {
  const withLighthouse = !skip.has("lighthouse");
  console.log(`\nback office on ${label} (${withoutCredentials(url)})`);
  const { sample, cookie } = await prepare(url);
  const server = await startInstance(port, url, "1");
  try {
    const rows: BackOfficeRow[] = [];
    for (const path of paths(sample)) {
      const row = await measure(server.base, path, cookie, !skip.has("load"));
      if (withLighthouse && !path.includes("?"))
        row.accessibility = (await lighthouse(server.base + path, cookie)).accessibility;
      console.log(
        `${path}: ${row.status} median ${row.medianMs} ms, p95 ${row.p95Ms} ms, max ${row.maxMs} ms, ${row.rps} req/s`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export async function runBackOffice(port: number, pgUrl: string, skip: Set<string>) {
  const results: Record<string, BackOfficeRow[]> = {};
  if (!skip.has("sqlite")) {
    // one directory per port: engineers sharing the machine bench on their own ports
    const dir = process.env.BENCH_SQLITE_DIR ?? `/tmp/paddock-bench-back-office-${port}`;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    results.sqlite = await runOn("SQLite", `file:${dir}/app.db`, port, skip);
  }
  if (!skip.has("pg")) {
    await resetPostgres(pgUrl);
    results.postgres = await runOn("PostgreSQL", pgUrl, port + 1, new Set([...skip, "lighthouse"]));
  }
  writeResults({
    backOffice: {
      measuredAt: new Date().toISOString(),
      machine: machine(),
      data: "10,000 customers, 100,000 orders (tests/bench/back-office-data.ts); one instance, one worker",
      ...results,
    },
  });
  for (const [db, rows] of Object.entries(results)) {
    console.log(`\n${db}\n` + table(rows.map((r) => ({ ...r }))));
  }
  const missed = Object.entries(results).flatMap(([db, rows]) => missedBudgets(db, rows));
  for (const m of missed) console.error(`budget missed: ${m}`);
  if (missed.length) process.exitCode = 1;
}
