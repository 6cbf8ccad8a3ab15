// npm run bench: measures the budgets of the open issues and prints numbers.
// It never passes or fails on time; it reports.
//   - JavaScript transferred per page (gzipped bytes, from the browser's resource timing)
//   - Lighthouse mobile scores (performance, accessibility) per page
//   - server throughput per page with autocannon (requests/s, p99 latency)
// Options (env): BENCH_PAGES=/,/blog  BENCH_DURATION=10  BENCH_SKIP=lighthouse,load
import { spawn, execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { chromium, type Browser, type Cookie } from "@playwright/test";
import { draftFlowCookies } from "./flow";
import { giftFlowCookies } from "./gift-flow";
import { payFlowCookies } from "./pay-flow";

const run = promisify(execFile);
const PORT = 3900;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const duration = Number(process.env.BENCH_DURATION ?? 10);

const PUBLIC_PAGES = (process.env.BENCH_PAGES?.split(",") ?? [
  "/", "/how-it-works", "/why-us", "/delivery", "/blog", "/blog-post/how-we-pack-your-box",
  "/recipe-post/scotch-fillet-with-garlic-thyme-butter", "/faq", "/terms", "/sign-in", "/get-started",
  "/gift-cards", "/gift-cards/activate",
]);

async function startServer() {
  const child = spawn(process.execPath, ["tests/e2e/server.mjs"], { env: { ...process.env, E2E_PORT: String(PORT), WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2" }, stdio: "ignore" });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("server did not start");
}

/** Gzipped JS a first visit downloads: a fresh context each time, so nothing is cached. */
async function jsBytes(browser: Browser, path: string, cookies: Cookie[]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(BASE + path, { waitUntil: "networkidle" });
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.name.endsWith(".js"))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
  );
  await context.close();
  return bytes;
}

async function lighthouse(path: string, cookie?: string) {
  const args = [
    BASE + path, `--chrome-path=${CHROMIUM}`, `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    "--only-categories=performance,accessibility", "--output=json", "--quiet",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const { stdout } = await run("node_modules/.bin/lighthouse", args, { maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(stdout);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? 0,
  };
}

async function load(path: string, cookie?: string) {
  const result = await autocannon({ url: BASE + path, connections: 50, duration, headers: cookie ? { cookie } : {} });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const server = await startServer();
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const flow = await draftFlowCookies(browser, BASE);
  const gift = await giftFlowCookies(browser, BASE);
  const pay = await payFlowCookies(browser, BASE);
  const rows: Record<string, string | number>[] = [];
  const pages = [
    ...PUBLIC_PAGES.map((p) => ({ path: p, cookie: undefined as string | undefined, cookies: [] as Cookie[] })),
    ...flow.pages.map((p) => ({ path: p, cookie: flow.cookieHeader, cookies: flow.cookies })),
    ...gift.pages.map((p) => ({ path: p, cookie: gift.cookieHeader, cookies: gift.cookies })),
    ...pay.pages.map((p) => ({ path: p, cookie: pay.cookieHeader, cookies: pay.cookies })),
  ];
  for (const { path, cookie, cookies } of pages) {
    const row: Record<string, string | number> = { page: path };
    row["JS KB (gz)"] = Math.round((await jsBytes(browser, path, cookies)) / 102.4) / 10;
    if (!skip.has("lighthouse")) {
      try {
        const lh = await lighthouse(path, cookie);
        row["LH perf"] = lh.performance;
        row["LH a11y"] = lh.accessibility;
        row.CLS = Number(lh.cls.toFixed(3));
      } catch (error) {
        row["LH perf"] = row["LH a11y"] = "error";
        console.error(`lighthouse ${path}: ${(error as { stderr?: string }).stderr?.split("\n")[0] ?? error}`);
      }
    }
    if (!skip.has("load")) {
      const l = await load(path, cookie);
      row["req/s"] = l.rps;
      row["p99 ms"] = l.p99;
      row.errors = l.errors;
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  await browser.close();
  console.log("\n" + table(rows));
} finally {
  server.kill();
}

function table(rows: Record<string, string | number>[]) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(cols), line(cols.map(() => "---")), ...rows.map((r) => line(cols.map((c) => r[c] ?? "")))].join("\n");
}
