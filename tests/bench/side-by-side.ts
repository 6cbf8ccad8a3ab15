// `npm run bench -- --side-by-side`: builds in other git worktrees against this one, started in
// turn on the same machine, in alternation (A B, then B A, ...), so that the machine's drift falls
// on both alike. Per page: requests/s, p99 and the worker's CPU per request (from /proc, which a
// busy machine does not inflate the way it inflates latency), the median of the rounds, and each
// build's ratio to the first. With BENCH_PROFILE=1 every page gets a CPU profile of its own (one
// server per page, `--cpu-prof`), summarised as the functions with the most self time. When the
// first build is another tree (10236c8 for issue 48), it exits non-zero naming each page where this
// tree's median requests/s is under 0.95 × the first's (decision 098; the account pages 0.85 ×,
// decision 103).
//
// Env: BENCH_COMPARE=/tmp/old-tree,.  (worktrees with node_modules and a build, the first is the
//        reference; `.` is this one. Make one with `git worktree add --detach /tmp/old 10236c8`,
//        `npm ci` and `BUILD_NAME=bench npx remix build` there.)
//      BENCH_COMPARE_BUILD=bench (the other worktrees' BUILD_NAME; this one's is its own BUILD_NAME)
//      BENCH_PAGES=/healthz,/sign-in  BENCH_ROUNDS=2  BENCH_DURATION=8  BENCH_CONNECTIONS=10
//      BENCH_WARMUP=4  BENCH_PORT=3900  BENCH_PROFILE=1  BENCH_PROFILE_DIR=/tmp/bench-profiles
//      BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" (as a browser asks; autocannon sends none, so
//        by default no response is compressed)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { chromium, type Browser } from "@playwright/test";
import { draftFlowCookies } from "./flow";
import { giftFlowCookies } from "./gift-flow";
import { payFlowCookies } from "./pay-flow";
import { CHROMIUM, CHROME_FLAGS, loadHeaders, warmUp } from "./measure";
import { topSelfTime, type SelfTime } from "./cpu-profile";
import { assertPortFree, cpuTicks, type Server } from "./servers";
import { table } from "./results";
import { ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR, missedSideBySide, SIDE_BY_SIDE_FLOOR } from "./budgets";

const env = process.env;
const dirs = (env.BENCH_COMPARE ?? ".").split(",").map((d) => path.resolve(d));
const pages = (env.BENCH_PAGES ?? "/healthz,/sign-in").split(",").filter(Boolean);
const rounds = Number(env.BENCH_ROUNDS ?? 2);
const duration = Number(env.BENCH_DURATION ?? 8);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = Number(env.BENCH_WARMUP ?? 4);
const port = Number(env.BENCH_PORT ?? 3900);
const profile = env.BENCH_PROFILE === "1";
const profileDir = path.resolve(env.BENCH_PROFILE_DIR ?? "/tmp/bench-profiles");

/** A worktree's BUILD_NAME: this one's own (empty: build/, as `npm run bench` builds it), the others' BENCH_COMPARE_BUILD. */
const buildOf = (dir: string) =>
  dir === process.cwd() ? (env.BUILD_NAME ?? "") : (env.BENCH_COMPARE_BUILD ?? "bench");

const SIGNED_IN = (p: string) => p.startsWith("/dashboard") || p.startsWith("/checkout/");
const DRAFT = (p: string) => p.startsWith("/get-started/");
const GIFT = (p: string) => p === "/gift-cards/personalise" || p === "/gift-cards/checkout";

type Measure = { rps: number; p99Ms: number; errors: number; cpuUsPerRequest: number };

/** A worktree's production build on a fresh SQLite file, one worker, as its own e2e suite starts it. */
async function start(dir: string, workerOptions = ""): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  await assertPortFree(base);
  const child = spawn(process.execPath, ["tests/e2e/server.mjs"], {
    cwd: dir,
    env: {
      ...env,
      E2E_PORT: String(port),
      BUILD_NAME: buildOf(dir),
      WEB_CONCURRENCY: "1",
      WORKER_NODE_OPTIONS: workerOptions,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${dir}: server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return {
        base,
        child,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${dir}: server did not start`);
}

/** The cookie a page needs: the demo subscriber signed in, a draft box or a gift card ready for checkout. */
async function cookieFor(browser: Browser, base: string, page: string, cache: Map<string, string>) {
  const kind = SIGNED_IN(page) ? "signed-in" : DRAFT(page) ? "draft" : GIFT(page) ? "gift" : null;
  if (!kind) return undefined;
  if (!cache.has(kind)) {
    const flow = { "signed-in": payFlowCookies, draft: draftFlowCookies, gift: giftFlowCookies };
    const got = await flow[kind](browser, base);
    cache.set(kind, got.cookieHeader);
  }
  return cache.get(kind);
}

async function measure(server: Server, page: string, cookie?: string): Promise<Measure> {
  await warmUp([server.base], page, cookie, warmupSeconds, connections);
  const before = cpuTicks(server.child.pid!);
  const r = await autocannon({
    url: server.base + page,
    connections,
    duration,
    headers: loadHeaders(cookie),
  });
  const ticks = cpuTicks(server.child.pid!) - before; // 100 a second
  return {
    rps: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuUsPerRequest: Math.round((ticks * 10_000) / Math.max(1, r.requests.total ?? 0)),
  };
}

/** One profile per page: a server of its own, the samples of the measured window only. */
async function profilePage(browser: Browser, dir: string, page: string, label: string) {
  const out = path.join(profileDir, `${label}-${page.replace(/\W+/g, "_")}`);
  fs.rmSync(out, { recursive: true, force: true });
  const server = await start(dir, `--cpu-prof --cpu-prof-dir=${out}`);
  let from = 0;
  let to = 0;
  try {
    const cookie = await cookieFor(browser, server.base, page, new Map());
    await warmUp([server.base], page, cookie, warmupSeconds, connections);
    from = Number(process.hrtime.bigint() / 1000n);
    await autocannon({
      url: server.base + page,
      connections,
      duration,
      headers: loadHeaders(cookie),
    });
    to = Number(process.hrtime.bigint() / 1000n);
  } finally {
    await server.stop();
  }
  await new Promise((r) => setTimeout(r, 500));
  const files = fs.existsSync(out)
    ? fs.readdirSync(out).filter((f) => f.endsWith(".cpuprofile"))
    : [];
  // the worker's profile is the largest (the primary idles)
  const file = files
    .map((f) => path.join(out, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  return file
    ? { fns: topSelfTime(file, 15, from, to), owners: topSelfTime(file, 10, from, to, "owner") }
    : { fns: [], owners: [] };
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

const label = (dir: string) => (dir === process.cwd() ? "this tree" : path.basename(dir));

export async function sideBySide(browser: Browser) {
  if (profile) {
    for (const dir of dirs)
      for (const page of pages) {
        const top = await profilePage(browser, dir, page, path.basename(dir));
        console.log(`\n${label(dir)} ${page}: self time, % of busy samples`);
        console.log(table(top.fns.map((t: SelfTime) => ({ "%": t.share, function: t.fn }))));
        console.log(table(top.owners.map((t: SelfTime) => ({ "%": t.share, "by owner": t.fn }))));
      }
    return;
  }
  const results = new Map<string, Measure[]>(); // `${dir} ${page}`
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...dirs].reverse() : dirs;
    for (const dir of order) {
      const server = await start(dir);
      const cookies = new Map<string, string>();
      try {
        for (const page of pages) {
          const m = await measure(
            server,
            page,
            await cookieFor(browser, server.base, page, cookies),
          );
          const key = `${dir} ${page}`;
          results.set(key, [...(results.get(key) ?? []), m]);
          console.log(JSON.stringify({ round, build: label(dir), page, ...m }));
        }
      } finally {
        await server.stop();
      }
    }
  }
  const rows = pages.flatMap((page) => {
    const ref = results.get(`${dirs[0]} ${page}`) ?? [];
    return dirs.map((dir) => {
      const runs = results.get(`${dir} ${page}`) ?? [];
      const rps = median(runs.map((r) => r.rps));
      const cpu = median(runs.map((r) => r.cpuUsPerRequest));
      return {
        page,
        build: label(dir),
        "req/s (median)": rps,
        "req/s by round": runs.map((r) => r.rps).join(" · "),
        "× first (by round)": runs
          .map((r, i) => (ref[i] ? (r.rps / ref[i].rps).toFixed(2) : ""))
          .join(" · "),
        "CPU µs/request": cpu,
        "CPU by round": runs.map((r) => r.cpuUsPerRequest).join(" · "),
        "p99 ms": median(runs.map((r) => r.p99Ms)),
        errors: runs.reduce((s, r) => s + r.errors, 0),
      };
    });
  });
  console.log(
    `\n${connections} connections, ${duration} s a page after ${warmupSeconds} s of warm-up, one worker; load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
  );
  console.log(table(rows));
  // issue 48's old speed (decision 098): this tree against the first build, when it is another
  const here = dirs.indexOf(process.cwd());
  if (here > 0) {
    const medianRps = (dir: string, page: string) =>
      median((results.get(`${dir} ${page}`) ?? []).map((r) => r.rps));
    const missed = missedSideBySide(
      pages.map((page) => ({
        page,
        reference: medianRps(dirs[0], page),
        build: medianRps(dirs[here], page),
      })),
    );
    console.log(
      missed.length
        ? `\nBudgets missed against ${label(dirs[0])}:\n${missed.map((m) => `  - ${m}`).join("\n")}`
        : `\nEvery page at least ${SIDE_BY_SIDE_FLOOR} × ${label(dirs[0])}'s requests/s (the account pages ${ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR} ×, decision 103).`,
    );
    if (missed.length) process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith("side-by-side.ts")) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    await sideBySide(browser);
  } finally {
    await browser.close();
  }
}
