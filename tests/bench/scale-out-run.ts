// npm run bench -- --scale-out: app instances (./scale-out.ts) and job runners (./renewal-runners.ts)
// on PostgreSQL, each capped at the same CPU quota (./cpu-groups.ts). Writes `scaleOut` and
// `renewalRunners` (one entry per label, so a run before a change stays beside the run after it) in
// bench/results.json. Env: BENCH_SCALE_PG_URL (default postgres://postgres@127.0.0.1:5432/bench_scaleout),
// BENCH_CPU_SHARE=0.35 (of one core, per instance or runner) BENCH_CPU_PERIOD_US=100000 BENCH_SCALE_INSTANCES=3
// BENCH_SCALE_WORKERS=1 BENCH_SCALE_RUNS=2 BENCH_SCALE_WARMUP=30 (seconds per page, every instance at
// once, before the first measurement) BENCH_DURATION=10 BENCH_PORT=3900 BENCH_SCALE_PARTS=pages,runners
// BENCH_RUNNERS_COUNT=10000 BENCH_RUNNERS_REPEATS=2 BENCH_LABEL (default: git describe --always --dirty)
// BENCH_DB_GROUP=0 (see restGroup).
import { execFileSync } from "node:child_process";
import os from "node:os";
import type { Browser } from "@playwright/test";
import { CpuGroups, GROUP_SHARES, quotaUs } from "./cpu-groups";
import { postmasterPid } from "./postgres";
import { machine, readResults, table, withLabelled, writeResults } from "./results";
import { measureRenewalRunners } from "./renewal-runners";
import { measureScaleOut } from "./scale-out";

const env = process.env;
const positive = (name: string, fallback: number) => {
  const n = Number(env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number (got ${env[name]})`);
  return n;
};

/**
 * The database and the load generator keep the rest of the machine, also while other work runs on it
 * (this machine is shared): PostgreSQL's server (when it runs here: its backends are forked into the
 * group) and this process (autocannon) go into an uncapped group weighted as four capped ones, so
 * three busy instances cannot crowd them out; it takes only what they use. BENCH_DB_GROUP=0 leaves
 * them where they are.
 */
async function restGroup(groups: CpuGroups, pgUrl: string, periodUs: number) {
  const postmaster = await postmasterPid(pgUrl);
  if (env.BENCH_DB_GROUP === "0")
    return {
      postmaster,
      note: "BENCH_DB_GROUP=0: the database and the load generator competed with the machine's other work as they were",
    };
  const group = groups.create(null, periodUs, 4 * GROUP_SHARES);
  const pids = [...group.add(process.pid), ...(postmaster ? group.add(postmaster) : [])];
  console.log(
    `the database${postmaster ? "" : " (not on this machine)"} and the load generator: pids ${pids.join(" ")} in ${group.name}, uncapped`,
  );
  return {
    group: group.name,
    postmaster,
    pids: pids.length,
    note: "PostgreSQL's server and the bench process (autocannon) in an uncapped group weighted as four capped ones, so the machine's other work leaves them the rest",
  };
}

export async function runScaleOut(browser: Browser) {
  const cores = os.availableParallelism();
  const pgUrl = env.BENCH_SCALE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/bench_scaleout";
  const periodUs = positive("BENCH_CPU_PERIOD_US", 100_000);
  const quota = quotaUs(positive("BENCH_CPU_SHARE", 0.35), periodUs, cores);
  const parts = new Set((env.BENCH_SCALE_PARTS ?? "pages,runners").split(","));
  const label =
    env.BENCH_LABEL ??
    execFileSync("git", ["describe", "--always", "--dirty"], { encoding: "utf8" }).trim();

  const groups = new CpuGroups();
  console.log(`CPU groups before: ${groups.list().join(" ") || "none"}`);
  const stale = groups.removeStale();
  if (stale.length)
    console.log(`removed the groups of benches no longer running: ${stale.join(" ")}`);
  try {
    const rest = await restGroup(groups, pgUrl, periodUs);
    if (parts.has("pages")) {
      const scaleOut = await measureScaleOut(browser, groups, {
        pgUrl,
        port: positive("BENCH_PORT", 3900),
        maxInstances: positive("BENCH_SCALE_INSTANCES", 3),
        workersPerInstance: positive("BENCH_SCALE_WORKERS", 1),
        quotaUs: quota,
        periodUs,
        cores,
        connections: 50,
        durationSeconds: positive("BENCH_DURATION", 10),
        runs: positive("BENCH_SCALE_RUNS", 2),
        warmupSeconds: positive("BENCH_SCALE_WARMUP", 30),
        databasePid: rest.postmaster,
      });
      writeResults({ scaleOut: { ...scaleOut, machine: machine(), label, rest } });
      console.log(
        "\n" +
          table(
            scaleOut.pages.flatMap((p) =>
              p.counts.map((c) => ({
                page: p.name,
                instances: c.instances,
                "req/s": c.rps,
                "runs req/s": c.runs?.map((r) => r.rps).join(" / ") ?? c.rps,
                ratio: c.ratio,
                "run ratios": c.runRatios.join(" / "),
                "p99 ms": c.p99Ms,
                errors: c.errors,
                "instance CPU %": c.runs
                  ?.map((r) =>
                    Array.from(
                      { length: c.instances },
                      (_, i) => r.cpu?.[`instance${i + 1}Pct`],
                    ).join("+"),
                  )
                  .join(" / "),
                "machine CPU %": c.runs?.map((r) => r.cpu?.machinePct).join(" / "),
              })),
            ),
          ),
      );
    }
    if (parts.has("runners")) {
      const runners = await measureRenewalRunners(groups, {
        pgUrl,
        count: positive("BENCH_RUNNERS_COUNT", 10_000),
        runnerCounts: [1, 2],
        repeats: positive("BENCH_RUNNERS_REPEATS", 2),
        quotaUs: quota,
        periodUs,
      });
      writeResults({
        renewalRunners: withLabelled(readResults().renewalRunners, label, {
          ...runners,
          machine: machine(),
          rest,
        }),
      });
      console.log(
        "\n" +
          table(
            runners.byCount.map((c) => ({
              runners: c.runners,
              "renewals/s": c.renewalsPerSecond.join(" / "),
              "ratio to one runner": c.ratios.join(" / "),
            })),
          ),
      );
    }
  } finally {
    groups.removeAll();
    console.log(`CPU groups after: ${groups.list().join(" ") || "none"}`);
  }
}
