// CPU quotas for the scale-out bench (cgroup v1's cpu controller, as root). On a 2-core machine every
// process competes for the same cores, so a second app instance can only add what the first left idle;
// capping each instance (or job runner) at a fixed share of a core makes it the bottleneck, as a
// server of its own would be, while the database and the load generator keep the rest.
// A group is `paddock-bench-<bench pid>-<n>`; every group a bench made is removed when it ends (its
// processes moved back to the root group first: a group with tasks cannot be removed), also on
// SIGINT/SIGTERM, and a later bench removes the groups of a bench that died without it.
import fs from "node:fs";
import path from "node:path";
import { processTree } from "./servers";

export const CPU_ROOT = process.env.BENCH_CGROUP_CPU ?? "/sys/fs/cgroup/cpu";
const PREFIX = "paddock-bench-";
/** The kernel refuses a quota under 1 ms per period. */
const MIN_QUOTA_US = 1000;
/**
 * A group's weight against the root group's processes (1024 each). Other work on this shared machine
 * (tests, browsers) would otherwise leave a group far less than its quota; with this weight it gets
 * its quota whenever it wants it, and the quota still stops it there.
 */
export const GROUP_SHARES = 16 * 1024;

export function groupName(benchPid: number, n: number): string {
  return `${PREFIX}${benchPid}-${n}`;
}

/** The pid of the bench that made a group, or null for a name that is not a bench group. */
export function benchPidOf(name: string): number | null {
  const m = new RegExp(`^${PREFIX}(\\d+)-\\d+$`).exec(name);
  return m ? Number(m[1]) : null;
}

/** Bench groups whose bench is no longer running (it was killed before it could remove them). */
export function staleGroups(names: string[], alive: (pid: number) => boolean): string[] {
  return names.filter((name) => {
    const pid = benchPidOf(name);
    return pid !== null && pid !== process.pid && !alive(pid);
  });
}

/**
 * `cpu.cfs_quota_us` for `share` of one core per `periodUs` (0.35 of 100,000 µs: 35,000 µs, a third
 * of a core). A share over `cores` could never be used and under 1 ms per period is refused by the kernel.
 */
export function quotaUs(share: number, periodUs: number, cores: number): number {
  if (!Number.isFinite(periodUs) || periodUs < MIN_QUOTA_US || periodUs > 1_000_000) {
    throw new Error(
      `the CPU period must be from ${MIN_QUOTA_US} to 1,000,000 µs (got ${periodUs})`,
    );
  }
  if (!Number.isFinite(share) || share <= 0 || share > cores)
    throw new Error(`a CPU share must be above 0 and at most ${cores} cores (got ${share})`);
  const quota = Math.round(share * periodUs);
  if (quota < MIN_QUOTA_US)
    throw new Error(`${share} of a core is under 1 ms per ${periodUs} µs period`);
  return quota;
}

/** What `n` capped processes may use together and what that leaves of the machine, in % of one core. */
export function capacity(n: number, quota: number, periodUs: number, cores: number) {
  const cappedPct = Math.round((n * quota * 100) / periodUs);
  return { cappedPct, leftPct: Math.max(0, cores * 100 - cappedPct) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

export type CpuGroup = {
  name: string;
  quotaUs: number | null;
  periodUs: number;
  /** Moves the process and everything it started (an instance's cluster workers) into the group; the pids moved. */
  add(pid: number): number[];
  /** Periods so far in which the group used up its quota (cpu.stat nr_throttled). */
  throttledPeriods(): number;
};

export class CpuGroups {
  private readonly dirs: string[] = [];
  private n = 0;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.removeAll();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  private readonly onExit = () => this.removeAll();

  constructor(private readonly root = CPU_ROOT) {
    if (!fs.existsSync(path.join(root, "cgroup.procs"))) {
      throw new Error(
        `no cgroup v1 cpu controller at ${root}: the scale-out bench needs it (as root) to cap each instance`,
      );
    }
    process.on("exit", this.onExit);
    process.once("SIGINT", this.onSignal);
    process.once("SIGTERM", this.onSignal);
  }

  /** Bench groups in the controller now (normally none outside a running bench). */
  list(): string[] {
    return fs.readdirSync(this.root).filter((name) => benchPidOf(name) !== null);
  }

  /** Removes the groups of benches that died without removing them; their names. */
  removeStale(): string[] {
    const stale = staleGroups(this.list(), alive);
    for (const name of stale) this.removeDir(path.join(this.root, name));
    return stale;
  }

  /** A group capped at `quota` µs per `periodUs`; with a null quota, uncapped (weight only). */
  create(quota: number | null, periodUs: number, shares = GROUP_SHARES): CpuGroup {
    const name = groupName(process.pid, ++this.n);
    const dir = path.join(this.root, name);
    fs.mkdirSync(dir);
    this.dirs.push(dir);
    fs.writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(periodUs));
    fs.writeFileSync(path.join(dir, "cpu.cfs_quota_us"), String(quota ?? -1));
    fs.writeFileSync(path.join(dir, "cpu.shares"), String(shares));
    return {
      name,
      quotaUs: quota,
      periodUs,
      add: (pid) => processTree(pid).filter((p) => this.move(dir, p)),
      throttledPeriods: () =>
        Number(
          /nr_throttled (\d+)/.exec(fs.readFileSync(path.join(dir, "cpu.stat"), "utf8"))?.[1] ?? 0,
        ),
    };
  }

  /** Removes one group (its processes go back to the root group). */
  remove(group: CpuGroup) {
    const dir = path.join(this.root, group.name);
    this.removeDir(dir);
    const i = this.dirs.indexOf(dir);
    if (i !== -1) this.dirs.splice(i, 1);
  }

  /** Removes every group this bench made; safe to call more than once. */
  removeAll() {
    while (this.dirs.length) this.removeDir(this.dirs.pop()!);
    process.off("exit", this.onExit);
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }

  /** One pid per write, as the kernel takes them; false when it has exited meanwhile. */
  private move(dir: string, pid: number): boolean {
    try {
      fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
      throw error;
    }
  }

  private removeDir(dir: string) {
    if (!fs.existsSync(dir)) return;
    // a process may still be forking into the group while it empties: a few tries
    for (let attempt = 0; ; attempt++) {
      for (const pid of fs
        .readFileSync(path.join(dir, "cgroup.procs"), "utf8")
        .split("\n")
        .filter(Boolean))
        this.move(this.root, Number(pid));
      try {
        fs.rmdirSync(dir);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EBUSY" || attempt >= 4) {
          console.error(`could not remove the CPU group ${dir}: ${(error as Error).message}`);
          return;
        }
      }
    }
  }
}
