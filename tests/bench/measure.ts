// What the bench measures for one page: bytes a first visit downloads (browser resource
// timing), Lighthouse mobile scores, and throughput under autocannon.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import type { Browser, Cookie } from "@playwright/test";

const run = promisify(execFile);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * A first visit in a fresh context (nothing cached). JS and linked CSS are transfer sizes (gzip as
 * served); inline <style> text is counted gzipped too, so cssKb is every byte of CSS the page costs;
 * htmlKb is the document as transferred.
 */
export async function pageWeight(browser: Browser, base: string, path: string, cookies: Cookie[]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: "networkidle" });
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const js = resources.filter((e) => new URL(e.name).pathname.endsWith(".js"));
    const css = resources.filter((e) => new URL(e.name).pathname.endsWith(".css"));
    return {
      jsBytes: js.reduce((s, e) => s + e.transferSize, 0),
      jsRequests: js.length,
      cssBytes: css.reduce((s, e) => s + e.transferSize, 0),
      cssRequests: css.length,
      htmlBytes: nav.transferSize,
      inlineCss: Array.from(document.querySelectorAll("style")).map((s) => s.textContent ?? ""),
    };
  });
  await context.close();
  const inlineGz = timing.inlineCss.reduce((s, text) => s + gzipSync(text).length, 0);
  return {
    jsKb: kb(timing.jsBytes),
    jsRequests: timing.jsRequests,
    cssKb: kb(timing.cssBytes + inlineGz),
    cssRequests: timing.cssRequests,
    htmlKb: kb(timing.htmlBytes),
  };
}

export type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};

type LhReport = {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: unknown } | undefined
  >;
  environment?: { benchmarkIndex?: number };
};

export type LighthouseResult = Scores & {
  fcpMs: number;
  lcpMs: number;
  /** Total blocking time: where a page loses its points when the machine stalls its main thread. */
  tbtMs: number;
  cls: number;
  performanceRuns?: number[];
  /** The host's benchmarkIndex in each run (lighthouse-host.ts). */
  cpuIndexRuns?: number[];
};

/**
 * Lighthouse 12 with its default mobile settings (simulated slow 4G, 4x CPU slowdown), `runs` times:
 * the scores of the median run as Lighthouse picks it (closest to the median FCP and TTI, its own
 * advice for variable results), with every run's performance score when there were several.
 */
export async function lighthouse(
  url: string,
  cookie?: string,
  runs = 1,
): Promise<LighthouseResult> {
  const reports: LhReport[] = [];
  let failure: unknown;
  for (let i = 0; i < Math.max(1, runs); i++) {
    // Headless Chromium now and then loses the trace (NO_NAVSTART): one more try before giving up on this run.
    try {
      reports.push(await lighthouseOnce(url, cookie).catch(() => lighthouseOnce(url, cookie)));
    } catch (error) {
      failure = error;
    }
  }
  if (reports.length === 0) throw failure;
  const report =
    reports.length > 1 ? (computeMedianRun(reports as never) as unknown as LhReport) : reports[0];
  const score = (r: LhReport, id: string) => Math.round((r.categories[id]?.score ?? 0) * 100);
  const failing = Object.entries(report.categories).flatMap(([id, c]) =>
    (c?.auditRefs ?? [])
      .filter((a) => a.weight > 0 && (report.audits[a.id]?.score ?? 1) < 1)
      .map((a) => `${id}:${a.id}`),
  );
  if (failing.length && process.env.BENCH_VERBOSE)
    console.error(`  lighthouse ${url}: ${failing.join(", ")}`);
  if (process.env.BENCH_VERBOSE) {
    // the element Lighthouse took for the largest contentful paint, and its phases
    const lcp = report.audits["largest-contentful-paint-element"]?.details as
      | { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] }
      | undefined;
    const [element, phases] = lcp?.items ?? [];
    console.error(`  lighthouse ${url}: LCP element ${element?.items?.[0]?.node?.snippet ?? "?"}`);
    for (const p of phases?.items ?? [])
      console.error(`    ${p.phase}: ${Math.round(p.timing ?? 0)} ms`);
  }
  return {
    performance: score(report, "performance"),
    accessibility: score(report, "accessibility"),
    bestPractices: score(report, "best-practices"),
    seo: score(report, "seo"),
    fcpMs: Math.round(report.audits["first-contentful-paint"]?.numericValue ?? 0),
    lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    ...(reports.length > 1 ? { performanceRuns: reports.map((r) => score(r, "performance")) } : {}),
    cpuIndexRuns: reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)),
  };
}

async function lighthouseOnce(url: string, cookie?: string): Promise<LhReport> {
  const args = [
    url,
    `--chrome-path=${CHROMIUM}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    "--only-categories=performance,accessibility,best-practices,seo",
    "--output=json",
    "--quiet",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const { stdout } = await run("node_modules/.bin/lighthouse", args, {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/** `cpu`: what a probe measured during the run (load's `probe`). */
export type Run = { rps: number; p99Ms: number; errors: number; cpu?: Record<string, number> };
/** Started before a measured run; the function it returns is called after it and says what it saw. */
export type Probe = () => () => Record<string, number>;
/** The median run (requests/s and p99 each the median of the runs), the errors of every run, and every run when there were several. */
export type Load = Run & { runs?: Run[] };

/** Seconds of the same load before a page's measured runs, not counted: V8 needs a few thousand requests of a page to optimise its code. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);

/** `seconds` of load, not counted, with `connections` spread evenly over `bases` at once. */
/**
 * The headers of the requests a bench sends under load: the page's cookie, and Accept-Encoding when
 * BENCH_ACCEPT_ENCODING asks for one. autocannon sends none of its own, so by default no response
 * is compressed; a browser sends "gzip, deflate, br, zstd" (decision 095).
 */
export function loadHeaders(cookie?: string): Record<string, string> {
  const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
  return {
    ...(cookie ? { cookie } : {}),
    ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
  };
}

export async function warmUp(
  bases: string[],
  path: string,
  cookie: string | undefined,
  seconds: number,
  connections = 50,
) {
  if (seconds <= 0) return;
  const per = Math.max(1, Math.round(connections / bases.length));
  const headers = loadHeaders(cookie);
  await Promise.all(
    bases.map((base) =>
      autocannon({ url: base + path, connections: per, duration: seconds, headers }),
    ),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/**
 * autocannon with `connections` spread evenly over `bases` (one run per app instance, at once), after a
 * warm-up, `runs` times in a row. One 10 s run on this shared machine can land 30% above or below the
 * next one on the same code, so the budget runs take the median of three (BENCH_RUNS) and keep all three.
 */
export async function load(
  bases: string[],
  path: string,
  cookie: string | undefined,
  duration: number,
  connections = 50,
  runs = 1,
  probe?: Probe,
): Promise<Load> {
  const per = Math.max(1, Math.round(connections / bases.length));
  const headers = loadHeaders(cookie);
  await warmUp(bases, path, cookie, WARMUP_SECONDS, connections);
  const all: Run[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    const probed = probe?.();
    const results = await Promise.all(
      bases.map((base) => autocannon({ url: base + path, connections: per, duration, headers })),
    );
    all.push({
      rps: Math.round(results.reduce((s, r) => s + r.requests.average, 0)),
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((s, r) => s + r.errors + r.non2xx, 0), // autocannon counts timeouts among errors
      ...(probed ? { cpu: probed() } : {}),
    });
  }
  const summary: Run = {
    rps: median(all.map((r) => r.rps)),
    p99Ms: median(all.map((r) => r.p99Ms)),
    errors: all.reduce((s, r) => s + r.errors, 0),
  };
  return all.length > 1
    ? { ...summary, runs: all }
    : { ...summary, ...(all[0].cpu ? { cpu: all[0].cpu } : {}) };
}

/** Busy and total jiffies of the whole machine (/proc/stat): what one load run left of the cores. */
export function machineTicks() {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = n[3] + (n[4] ?? 0); // idle + iowait
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** The machine's CPU between two readings of machineTicks, in % of one core (200 = both cores of this machine busy). */
export function machineCpuPct(
  before: ReturnType<typeof machineTicks>,
  after: ReturnType<typeof machineTicks>,
) {
  return Math.round(
    ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * os.cpus().length * 100,
  );
}
