// npm run bench -- --scale-out, part 2: does a second job runner renew twice as fast? The
// 10,000-renewal bench (./renewal-subscribers.ts, as npm run bench:renewals) on PostgreSQL, with 1 and
// then 2 runner processes (./renewal-runner.ts) at once, each capped at the same CPU quota as an app
// instance. Each measurement starts from an empty database; each of its three steps (plan the next
// deliveries, send the reminders, renew at the cut-off) runs only its own kind of job and is timed
// from the moment every runner is ready to the moment the last one is done. Renewals per second: the
// cut-off step's renewals ÷ its seconds.
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import readline from "node:readline";
import { createDb, prepareDatabase } from "~/db/connection.server";
import type { CpuGroups } from "./cpu-groups";
import { machineCpuPct, machineTicks } from "./measure";
import { resetPostgres, withoutCredentials } from "./postgres";
import { addSummaries, ratioOf, type Summary } from "./ratios";
import {
  createDueSubscriptions,
  nextDeliveryInstants,
  renewalOutcome,
} from "./renewal-subscribers";
import { cpuTicks } from "./servers";

export type RunnerOptions = {
  pgUrl: string;
  count: number;
  runnerCounts: number[];
  repeats: number;
  quotaUs: number;
  periodUs: number;
};

type Runner = { child: ChildProcess; lines: AsyncIterator<string> };

function startRunner(pgUrl: string, kind: string, now: Date): Runner {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/renewal-runner.ts"], {
    env: { ...process.env, DATABASE_URL: pgUrl, BENCH_KIND: kind, BENCH_NOW: now.toISOString() },
    stdio: ["pipe", "pipe", "inherit"],
  });
  return {
    child,
    lines: readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator](),
  };
}

async function nextLine(r: Runner): Promise<string> {
  const { value, done } = await r.lines.next();
  if (done)
    throw new Error(`job runner ${r.child.pid} exited with ${r.child.exitCode} before answering`);
  return value;
}

/** One step: `n` runners of the job `kind` at the instant `now`. */
async function step(groups: CpuGroups, o: RunnerOptions, n: number, kind: string, now: Date) {
  const runners = Array.from({ length: n }, () => startRunner(o.pgUrl, kind, now));
  // each runner in its own group before it has done anything (a single process: nothing forks later)
  const caps = runners.map((r) => {
    const g = groups.create(o.quotaUs, o.periodUs);
    g.add(r.child.pid!);
    return g;
  });
  try {
    for (const r of runners) {
      const line = await nextLine(r);
      if (line !== "ready")
        throw new Error(`job runner ${r.child.pid} said ${JSON.stringify(line)} instead of ready`);
    }
    const machine = machineTicks();
    const ticks = runners.map((r) => cpuTicks(r.child.pid!));
    const started = performance.now();
    for (const r of runners) r.child.stdin!.write("go\n");
    const results = await Promise.all(
      runners.map(async (r, i) => {
        const out = JSON.parse(await nextLine(r)) as { summary: Summary; seconds: number };
        const cpuPct = Math.round((cpuTicks(r.child.pid!) - ticks[i]) / out.seconds); // 100 ticks a second = 100%
        return { ...out, cpuPct, throttledPeriods: caps[i].throttledPeriods() };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds: Math.round(seconds * 10) / 10,
      machinePct: machineCpuPct(machine, machineTicks()),
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      total: addSummaries(results.map((r) => r.summary)),
      runners: results.map((r) => ({
        seconds: Math.round(r.seconds * 10) / 10,
        cpuPct: r.cpuPct,
        throttledPeriods: r.throttledPeriods,
        ...r.summary,
      })),
    };
  } finally {
    for (const r of runners) if (r.child.exitCode === null) r.child.kill("SIGKILL");
    await Promise.all(
      runners.map((r) =>
        r.child.exitCode === null ? new Promise((resolve) => r.child.once("exit", resolve)) : null,
      ),
    );
    for (const g of caps) groups.remove(g);
  }
}

async function measureOnce(groups: CpuGroups, o: RunnerOptions, n: number) {
  await resetPostgres(o.pgUrl);
  const db = createDb(o.pgUrl);
  try {
    await prepareDatabase(db);
    const { planAt } = await createDueSubscriptions(db, o.count);
    const plan = await step(groups, o, n, "delivery-plan", planAt);
    const { remindAt, renewAt } = await nextDeliveryInstants(db);
    const reminders = await step(groups, o, n, "delivery-reminder", remindAt);
    const renewals = await step(groups, o, n, "renewal", renewAt);
    const outcome = await renewalOutcome(db);
    const renewalsPerSecond = Math.round((renewals.total.renewal?.done ?? 0) / renewals.seconds);
    return { runners: n, renewalsPerSecond, ...outcome, steps: { plan, reminders, renewals } };
  } finally {
    await db.destroy();
  }
}

export async function measureRenewalRunners(groups: CpuGroups, o: RunnerOptions) {
  const measurements: Awaited<ReturnType<typeof measureOnce>>[] = [];
  // one runner and two runners in turn, so both see the machine's other work alike
  for (let repeat = 0; repeat < o.repeats; repeat++) {
    for (const n of o.runnerCounts) {
      const m = await measureOnce(groups, o, n);
      measurements.push(m);
      console.log(
        JSON.stringify({
          runners: n,
          renewalsPerSecond: m.renewalsPerSecond,
          paidRenewalOrders: m.paidRenewalOrders,
          renewalPayments: m.renewalPayments,
          seconds: Object.fromEntries(Object.entries(m.steps).map(([k, s]) => [k, s.seconds])),
        }),
      );
    }
  }
  const rates = (n: number) =>
    measurements.filter((m) => m.runners === n).map((m) => m.renewalsPerSecond);
  const one = rates(1);
  const byCount = o.runnerCounts.map((n) => ({
    runners: n,
    renewalsPerSecond: rates(n),
    // repeat i against one runner's repeat i: the nearest in time
    ratios: rates(n).map((r, i) => ratioOf(r, one[i] ?? one[0])),
  }));
  return {
    measuredAt: new Date().toISOString(),
    database: withoutCredentials(o.pgUrl),
    subscriptions: o.count,
    cpuQuota: { quotaUs: o.quotaUs, periodUs: o.periodUs },
    byCount,
    measurements,
    note: "each runner a process of its own (the job runner for the step's kind: delivery-plan, delivery-reminder, renewal; batches of 100, until nothing is due) capped at the CPU quota; seconds from every runner ready to the last done; total: the runners' tallies added up (a piece one runner did and the other found done is done once and skipped once)",
  };
}
