// npm run bench -- --scale-out, part 1: do two and three app instances sharing one PostgreSQL serve
// two and three times the requests of one (issue 35 asks at least 1.8x for two)? Each instance has
// WEB_CONCURRENCY workers and its own CPU quota (./cpu-groups.ts), so on this 2-core machine it is
// the bottleneck, as a server of its own would be; the database, the load generator and this script
// share the rest. Every page gets the same autocannon load (its connections split evenly across the
// instances) against 1, 2 and 3 instances, `runs` measured runs each after a warm-up; before the
// first, every instance is warmed up on every page.
//
// The pages are dynamic for every request: the micro-cache (decision 012) keeps only anonymous
// shared pages, so a signed-in visitor's home runs the session lookup, loaders and render as any
// signed-in page does; the checkout step reads a draft box and prices it; my-deliveries reads a
// subscriber's deliveries, orders and credit. An anonymous content page would measure the cache.
import os from "node:os";
import type { Browser } from "@playwright/test";
import { capacity, type CpuGroup, type CpuGroups } from "./cpu-groups";
import { draftFlowCookies } from "./flow";
import { load, machineCpuPct, machineTicks, warmUp, type Load, type Probe } from "./measure";
import { payFlowCookies } from "./pay-flow";
import { resetPostgres, withoutCredentials } from "./postgres";
import { withRatios } from "./ratios";
import { cpuTicks, startInstance, type Server } from "./servers";

export type ScaleOutOptions = {
  pgUrl: string;
  port: number;
  maxInstances: number;
  workersPerInstance: number;
  quotaUs: number;
  periodUs: number;
  cores: number;
  connections: number;
  durationSeconds: number;
  runs: number;
  /** seconds of load on each page, every instance at once, before the first measurement */
  warmupSeconds: number;
  /** PostgreSQL's main process, when it runs on this machine: its CPU is reported */
  databasePid: number | null;
};

type Page = { name: string; path: string; cookie: string };
/**
 * During a run: the machine's CPU, the database server's (all its clients', other work's too), each
 * instance's (% of one core) and the periods its quota ran out in.
 */
function probeOf(servers: Server[], groups: CpuGroup[], databasePid: number | null): Probe {
  return () => {
    const started = performance.now();
    const machine = machineTicks();
    const database = databasePid ? cpuTicks(databasePid) : 0;
    const ticks = servers.map((s) => cpuTicks(s.child.pid!));
    const throttled = groups.map((g) => g.throttledPeriods());
    return () => {
      const seconds = (performance.now() - started) / 1000;
      // the machine's 1-minute load average: other work on this shared machine shows there
      const out: Record<string, number> = {
        machinePct: machineCpuPct(machine, machineTicks()),
        loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      };
      if (databasePid) out.databasePct = Math.round((cpuTicks(databasePid) - database) / seconds);
      servers.forEach((s, i) => {
        out[`instance${i + 1}Pct`] = Math.round((cpuTicks(s.child.pid!) - ticks[i]) / seconds); // 100 ticks a second = 100%
        out[`instance${i + 1}ThrottledPeriods`] = groups[i].throttledPeriods() - throttled[i];
      });
      return out;
    };
  };
}

async function pagesOn(browser: Browser, base: string): Promise<Page[]> {
  const pay = await payFlowCookies(browser, base);
  const flow = await draftFlowCookies(browser, base);
  const checkout = flow.pages.find((p) => p.includes("checkout"));
  if (!checkout)
    throw new Error(`the draft box flow ended without a checkout step: ${flow.pages.join(", ")}`);
  return [
    { name: "home, signed in", path: "/", cookie: pay.cookieHeader },
    { name: "checkout step (draft box)", path: checkout, cookie: flow.cookieHeader },
    { name: "my deliveries", path: "/dashboard/my-deliveries", cookie: pay.cookieHeader },
  ];
}

export async function measureScaleOut(browser: Browser, groups: CpuGroups, o: ScaleOutOptions) {
  await resetPostgres(o.pgUrl);
  const servers: Server[] = [];
  const caps: CpuGroup[] = [];
  try {
    for (let i = 1; i <= o.maxInstances; i++) {
      // one at a time: the first migrates and seeds the fresh schema
      const server = await startInstance(o.port + i, o.pgUrl, String(o.workersPerInstance));
      const group = groups.create(o.quotaUs, o.periodUs);
      const moved = group.add(server.child.pid!);
      console.log(
        `instance ${i}: ${server.base}, pids ${moved.join(" ")} in ${group.name} (${o.quotaUs}/${o.periodUs} µs)`,
      );
      servers.push(server);
      caps.push(group);
    }
    const probe = probeOf(servers, caps, o.databasePid);
    const pages = await pagesOn(browser, servers[0].base);
    // Every instance warmed up on every page before anything is measured. A capped instance serves a
    // few dozen requests a second, so the 5 s warm-up before each measurement leaves a fresh one
    // short of the thousands of requests V8 needs to optimise a page's code (measured: the first
    // page's one-instance runs then came out at 16 and 19 requests/s, and two and three instances
    // 2.5x and 5.5x as many).
    for (const page of pages)
      await warmUp(
        servers.map((s) => s.base),
        page.path,
        page.cookie,
        o.warmupSeconds,
        o.connections,
      );
    const results = [];
    for (const page of pages) {
      const counts: (Load & { instances: number })[] = [];
      for (let n = 1; n <= o.maxInstances; n++) {
        const bases = servers.slice(0, n).map((s) => s.base);
        const l = await load(
          bases,
          page.path,
          page.cookie,
          o.durationSeconds,
          o.connections,
          o.runs,
          probe,
        );
        counts.push({ instances: n, ...l });
        console.log(JSON.stringify({ page: page.name, instances: n, ...l }));
      }
      results.push({ name: page.name, path: page.path.split("?")[0], counts: withRatios(counts) });
    }
    return {
      measuredAt: new Date().toISOString(),
      database: withoutCredentials(o.pgUrl),
      workersPerInstance: o.workersPerInstance,
      cpuQuota: {
        quotaUs: o.quotaUs,
        periodUs: o.periodUs,
        ...capacity(o.maxInstances, o.quotaUs, o.periodUs, o.cores),
      },
      connections: o.connections,
      durationSeconds: o.durationSeconds,
      runsPerCount: o.runs,
      warmupSeconds: o.warmupSeconds,
      pages: results,
      note: `each instance capped at ${o.quotaUs}/${o.periodUs} µs of CPU (cgroup v1); ${o.maxInstances} instances together ${capacity(o.maxInstances, o.quotaUs, o.periodUs, o.cores).cappedPct}% of one core, the rest of the ${o.cores} cores for PostgreSQL, autocannon and the bench. ratio: median req/s against one instance's; runRatios: run i against one instance's run i. cpu: machinePct the whole machine (${o.cores * 100} = every core busy), databasePct the PostgreSQL server (with other work's queries), instanceNPct each instance's processes, instanceNThrottledPeriods the periods it used up its quota in`,
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
