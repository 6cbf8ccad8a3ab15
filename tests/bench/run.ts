// npm run bench: measures the pages and checks issue 48's budgets (budgets.ts); it exits non-zero
// and names each budget missed.
//   - per page: JS, CSS and HTML a first visit downloads, script requests, Lighthouse mobile
//     (performance, accessibility, best practices, SEO; the median of three runs), and throughput with autocannon
//     (10 connections, three 10 s runs after a warm-up, the median reported) against the production
//     build on a fresh SQLite database, 2 workers, /healthz first: the budgets are ratios to it;
//   - the same load against PostgreSQL with one app instance, then two sharing the database
//     (the connections split across both), and the ratio;
//   - `npm run bench -- --soak`: minutes of mixed traffic, errors and the server's RSS (soak.ts);
//   - `npm run bench -- --scale-out`: 1, 2 and 3 app instances and 1 and 2 job runners on PostgreSQL,
//     each capped at a CPU quota (scale-out-run.ts);
//   - `npm run bench -- --back-office`: the /admin list pages with 10,000 customers and 100,000 orders,
//     on SQLite and PostgreSQL (back-office.ts);
//   - `npm run bench -- --side-by-side`: builds in other worktrees (e.g. 10236c8) against this one,
//     started in turn, with CPU per request, or CPU profiles per page (side-by-side.ts).
// Prints a table and writes bench/results.json (rows of a partial run replace their own rows).
// Env: BENCH_PAGES=/,/blog  BENCH_BACK_OFFICE=budgets  BENCH_SQLITE_DIR=/tmp/…  BENCH_CONNECTIONS=10  BENCH_DURATION=10  BENCH_RUNS=3  BENCH_PG_RUNS=1  BENCH_LH_RUNS=3  BENCH_WARMUP=5  BENCH_SKIP=lighthouse,sqlite,pg,load (load: both databases)  BENCH_PORT=3900  BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" (load as a browser asks; none by default)
//      BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/bench_pg  BENCH_PG_WORKERS=1  BENCH_SOAK_SECONDS=300  BENCH_SOAK_WARMUP=30
import os from "node:os";
import { chromium, type Browser, type Cookie } from "@playwright/test";
import { draftFlowCookies } from "./flow";
import { giftFlowCookies } from "./gift-flow";
import { payFlowCookies } from "./pay-flow";
import {
  CHROMIUM,
  CHROME_FLAGS,
  lighthouse,
  load,
  machineCpuPct,
  machineTicks,
  pageWeight,
  type Run,
  type Scores,
} from "./measure";
import { slowLighthouseHost } from "./lighthouse-host";
import { resetPostgres, withoutCredentials } from "./postgres";
import { machine, readResults as readAll, table, writeResults } from "./results";
import { runBackOffice } from "./back-office";
import { runScaleOut } from "./scale-out-run";
import { startInstance, startSqliteServer, type Server } from "./servers";
import { soak } from "./soak";
import { healthRatio, missedBudgets } from "./budgets";
import { sideBySide } from "./side-by-side";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const duration = Number(process.env.BENCH_DURATION ?? 10);
/** Connections on the SQLite server (the budgets' load); the PostgreSQL runs keep 50. */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Measured runs per page on SQLite (the budget runs; the median is reported) and per page and instance count on PostgreSQL. */
const runs = Number(process.env.BENCH_RUNS ?? 3);
const pgRuns = Number(process.env.BENCH_PG_RUNS ?? 1);
/** Lighthouse runs per page; the median run is reported (a single run's performance score moves by a point or two). */
const lighthouseRuns = Number(process.env.BENCH_LH_RUNS ?? 3);
const only = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/bench_pg";

const PUBLIC_PAGES = [
  "/healthz", // the reference of every ratio: first, so each page's ratio is to the same minute's machine
  "/",
  "/how-it-works",
  "/why-us",
  "/delivery",
  "/blog",
  "/blog-post/how-we-pack-your-box",
  "/recipe-post/scotch-fillet-with-garlic-thyme-butter",
  "/faq",
  "/terms",
  "/sign-in",
  "/get-started",
  "/gift-cards",
  "/gift-cards/activate",
];

type Page = { path: string; cookie?: string; cookies: Cookie[] };
type Row = {
  path: string;
  jsKb: number | null;
  jsRequests: number | null;
  cssKb: number | null;
  htmlKb: number | null;
  lighthouse: Scores | null;
  rps: number | null;
  p99Ms: number | null;
  errors: number | null;
  runs?: Run[];
  performanceRuns?: number[];
  cpuIndexRuns?: number[];
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  measuredAt: string;
};

/** The pages to measure on a server: the public ones plus the steps of a draft box, a gift card and a signed-in subscriber. */
async function pagesOn(browser: Browser, base: string): Promise<Page[]> {
  const flow = await draftFlowCookies(browser, base);
  const gift = await giftFlowCookies(browser, base);
  const pay = await payFlowCookies(browser, base);
  const all: Page[] = [
    ...PUBLIC_PAGES.map((path) => ({ path, cookies: [] })),
    ...flow.pages.map((path) => ({ path, cookie: flow.cookieHeader, cookies: flow.cookies })),
    ...gift.pages.map((path) => ({ path, cookie: gift.cookieHeader, cookies: gift.cookies })),
    ...pay.pages.map((path) => ({ path, cookie: pay.cookieHeader, cookies: pay.cookies })),
  ];
  if (!only) return all;
  const bare = (p: string) => p.split("?")[0];
  const known = all.filter((p) => only.includes(p.path) || only.includes(bare(p.path)));
  const extra = only
    .filter((o) => !all.some((p) => p.path === o || bare(p.path) === o))
    .map((path) => ({ path, cookies: [] }));
  return [...known, ...extra];
}

const readResults = () => readAll() as { pages?: Row[] };

async function measureSqlite(browser: Browser) {
  const server = await startSqliteServer(PORT, process.env.WEB_CONCURRENCY ?? "2");
  const rows: Row[] = [];
  try {
    for (const page of await pagesOn(browser, server.base)) {
      const row: Row = {
        path: page.path,
        jsKb: null,
        jsRequests: null,
        cssKb: null,
        htmlKb: null,
        lighthouse: null,
        rps: null,
        p99Ms: null,
        errors: null,
        measuredAt: new Date().toISOString(),
      };
      const w = await pageWeight(browser, server.base, page.path, page.cookies);
      Object.assign(row, {
        jsKb: w.jsKb,
        jsRequests: w.jsRequests,
        cssKb: w.cssKb,
        htmlKb: w.htmlKb,
      });
      if (!skip.has("lighthouse") && page.path !== "/healthz") {
        try {
          const lh = await lighthouse(server.base + page.path, page.cookie, lighthouseRuns);
          row.lighthouse = {
            performance: lh.performance,
            accessibility: lh.accessibility,
            bestPractices: lh.bestPractices,
            seo: lh.seo,
          };
          Object.assign(row, {
            fcpMs: lh.fcpMs,
            lcpMs: lh.lcpMs,
            tbtMs: lh.tbtMs,
            cls: lh.cls,
            performanceRuns: lh.performanceRuns,
            cpuIndexRuns: lh.cpuIndexRuns,
          });
        } catch (error) {
          console.error(
            `lighthouse ${page.path}: ${(error as { stderr?: string }).stderr?.split("\n")[0] ?? error}`,
          );
        }
      }
      if (!skip.has("load") && !skip.has("sqlite"))
        Object.assign(
          row,
          await load([server.base], page.path, page.cookie, duration, connections, runs),
        );
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await server.stop();
  }
  // A partial run (some pages, or BENCH_SKIP) keeps the other pages' rows and the numbers it skipped.
  const earlier = readResults().pages ?? [];
  const merged = rows.map((row) => {
    const before = earlier.find((p) => p.path === row.path);
    if (!before) return row;
    // a new measurement brings its own runs (none with BENCH_RUNS=1 or BENCH_LH_RUNS=1)
    const kept = Object.fromEntries(
      Object.entries(before).filter(
        ([k]) =>
          (row as Record<string, unknown>)[k] == null &&
          !(k === "runs" && row.rps != null) &&
          !((k === "performanceRuns" || k === "cpuIndexRuns") && row.lighthouse != null),
      ),
    );
    return {
      ...kept,
      ...Object.fromEntries(Object.entries(row).filter(([, v]) => v != null)),
    } as Row;
  });
  // rows keep their places in the file (the bench's page order); pages new to it go at the end
  const pages = [
    ...earlier.map((p) => merged.find((r) => r.path === p.path) ?? p),
    ...merged.filter((r) => !earlier.some((p) => p.path === r.path)),
  ];
  writeResults({
    generatedAt: new Date().toISOString(),
    machine: machine(),
    lighthouseVersion: "12.8.2, mobile defaults (simulated slow 4G, 4x CPU)",
    pages,
  });
  console.log(
    "\n" +
      table(
        rows.map((r) => ({
          page: r.path,
          "JS KB": r.jsKb,
          "JS req": r.jsRequests,
          "CSS KB": r.cssKb,
          "HTML KB": r.htmlKb,
          perf: r.lighthouse?.performance,
          "perf runs": r.performanceRuns?.join(" "),
          "LH CPU": r.cpuIndexRuns?.join(" "),
          a11y: r.lighthouse?.accessibility,
          bp: r.lighthouse?.bestPractices,
          seo: r.lighthouse?.seo,
          "FCP ms": r.fcpMs,
          "LCP ms": r.lcpMs,
          "TBT ms": r.tbtMs,
          "req/s": r.rps,
          "× /healthz": healthRatio(rows, r),
          "p99 ms": r.p99Ms,
          errors: r.errors,
          runs: r.runs?.map((x) => `${x.rps}/${x.p99Ms}`).join(", "),
        })),
      ),
  );
  const slowHost = slowLighthouseHost(rows.flatMap((r) => r.cpuIndexRuns ?? []));
  if (slowHost) console.log(`\n${slowHost}`);
  const missed = missedBudgets(rows);
  console.log(
    missed.length
      ? `\nBudgets missed (${connections} connections, load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}):\n${missed.map((m) => `  - ${m}`).join("\n")}`
      : `\nEvery budget met (${connections} connections).`,
  );
  if (missed.length) process.exitCode = 1;
}

/** A load run and the machine's CPU during it, in % of one core (200 = both cores of this machine busy). */
async function loadWithCpu(bases: string[], path: string, cookie: string | undefined) {
  const before = machineTicks();
  const l = await load(bases, path, cookie, duration, 50, pgRuns);
  return { ...l, machineCpuPct: machineCpuPct(before, machineTicks()) };
}

async function measurePostgres(browser: Browser) {
  await resetPostgres(PG_URL);
  const workers = process.env.BENCH_PG_WORKERS ?? "1";
  const servers: Server[] = [];
  try {
    servers.push(await startInstance(PORT + 1, PG_URL, workers)); // migrates and seeds the fresh schema
    const pages = await pagesOn(browser, servers[0].base);
    const one: ({ path: string } & Awaited<ReturnType<typeof loadWithCpu>>)[] = [];
    for (const page of pages) {
      const l = await loadWithCpu([servers[0].base], page.path, page.cookie);
      one.push({ path: page.path, ...l });
      console.log(JSON.stringify({ instances: 1, path: page.path, ...l }));
    }
    servers.push(await startInstance(PORT + 2, PG_URL, workers));
    const two: typeof one = [];
    for (const page of pages) {
      const l = await loadWithCpu(
        servers.map((s) => s.base),
        page.path,
        page.cookie,
      );
      two.push({ path: page.path, ...l });
      console.log(JSON.stringify({ instances: 2, path: page.path, ...l }));
    }
    const sum = (rows: { rps: number }[]) => rows.reduce((s, r) => s + r.rps, 0);
    const ratio = Math.round((sum(two) / Math.max(1, sum(one))) * 100) / 100;
    const cores = os.cpus().length * 100;
    // About what a second instance can add if throughput grows with CPU: the cores one instance (with the database and the load generator) leaves idle.
    const ceiling = (busy: number) =>
      Math.round(Math.min(2, cores / Math.max(1, busy)) * 100) / 100;
    const perPage = one.map((r, i) => ({
      path: r.path,
      oneRps: r.rps,
      twoRps: two[i].rps,
      ratio: Math.round((two[i].rps / Math.max(1, r.rps)) * 100) / 100,
      oneCpu: r.machineCpuPct,
      twoCpu: two[i].machineCpuPct,
      ceiling: ceiling(r.machineCpuPct),
    }));
    const ceilingAll = ceiling(
      Math.round(one.reduce((s, r) => s + r.machineCpuPct, 0) / Math.max(1, one.length)),
    );
    writeResults({
      postgres: {
        measuredAt: new Date().toISOString(),
        database: withoutCredentials(PG_URL),
        workersPerInstance: Number(workers),
        connections: 50,
        durationSeconds: duration,
        oneInstance: one,
        twoInstances: two,
        ratio,
        ceiling: ceilingAll,
        note: `two instances on the same ${os.cpus().length}-core machine as the database and the load generator. machineCpuPct: the whole machine's CPU during a run (${cores} = every core busy); ceiling: about what a second instance can add if throughput grows with CPU, ${cores} / the machine's CPU with one instance`,
      },
    });
    console.log(
      "\n" +
        table(
          perPage.map((p) => ({
            page: p.path,
            "1 instance req/s": p.oneRps,
            "2 instances req/s": p.twoRps,
            ratio: p.ratio,
            "machine CPU % (1 / 2)": `${p.oneCpu} / ${p.twoCpu}`,
            ceiling: p.ceiling,
          })),
        ),
    );
    console.log(
      `\nPostgreSQL: two instances / one instance = ${ratio}x (goal 1.8x); the cores one instance leaves idle allow about ${ceilingAll}x`,
    );
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}

async function runSoak(browser: Browser) {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
  const warmup = Number(process.env.BENCH_SOAK_WARMUP ?? 30);
  const server = await startSqliteServer(PORT, process.env.WEB_CONCURRENCY ?? "2");
  try {
    const flow = await draftFlowCookies(browser, server.base);
    const pay = await payFlowCookies(browser, server.base);
    const browse = [
      "/",
      "/how-it-works",
      "/blog",
      "/blog-post/how-we-pack-your-box",
      "/recipe-post/scotch-fillet-with-garlic-thyme-butter",
      "/faq",
      "/delivery",
      "/gift-cards",
      "/sign-in",
      "/get-started",
    ];
    console.log(
      `soak: ${warmup} s of warm-up, then ${seconds} s of mixed traffic against ${server.base} (pid ${server.child.pid})`,
    );
    const result = await soak(
      server.base,
      server.child.pid!,
      {
        browse,
        flow: { cookie: flow.cookieHeader, pages: flow.pages },
        pay: {
          cookie: pay.cookieHeader,
          pages: pay.pages.filter(
            (p) => p.startsWith("/checkout") || p.startsWith("/dashboard/my-deliveries"),
          ),
        },
      },
      seconds,
      warmup,
    );
    writeResults({ soak: { measuredAt: new Date().toISOString(), machine: machine(), ...result } });
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `\nsoak: ${result.errors} errors (${result.warmupErrors} in the warm-up); RSS first minute ${result.rssFirstMinute.totalAvgMb} MB, last minute ${result.rssLastMinute.totalAvgMb} MB (all server processes); by minute ${result.rssMinuteAveragesMb.join(", ")} MB`,
    );
  } finally {
    await server.stop();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
try {
  if (process.argv.includes("--soak")) {
    await runSoak(browser);
  } else if (process.argv.includes("--back-office")) {
    await runBackOffice(
      PORT,
      process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/bench_back_office",
      skip,
    );
  } else if (process.argv.includes("--side-by-side")) {
    await sideBySide(browser);
  } else if (process.argv.includes("--scale-out")) {
    await runScaleOut(browser);
  } else {
    await measureSqlite(browser);
    if (!skip.has("load") && !skip.has("pg")) await measurePostgres(browser);
  }
} finally {
  await browser.close();
}
