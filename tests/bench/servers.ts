// Starting and watching the app for the bench: the e2e server (fresh SQLite), or
// `node app/bin/start.mjs` with any DATABASE_URL (PostgreSQL runs, several instances).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export type Server = { base: string; child: ChildProcess; stop: () => Promise<void> };

const serverBuild = () =>
  process.env.BUILD_NAME ? `.builds/${process.env.BUILD_NAME}/index.js` : "build/index.js";

async function waitHealthy(base: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null)
      throw new Error(`server for ${base} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server for ${base} did not start`);
}

/**
 * Refuses a port something already answers on. A server left running (an earlier bench stopped
 * half-way) kept the port, the new server's workers failed to bind, and `waitHealthy` found the old
 * one healthy: a whole bench run measured a stray server with other settings.
 */
export async function assertPortFree(base: string): Promise<void> {
  const answered = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`something already answers on ${base}: stop it, or set BENCH_PORT`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill("SIGTERM");
    });
}

/** The production build on a fresh SQLite file, as the e2e suite runs it (tests/e2e/server.mjs). */
export async function startSqliteServer(port: number, workers: string): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  await assertPortFree(base);
  const child = spawn(process.execPath, ["tests/e2e/server.mjs"], {
    env: { ...process.env, E2E_PORT: String(port), WEB_CONCURRENCY: workers },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitHealthy(base, child);
  return { base, child, stop: stopper(child) };
}

/** One app instance (`node app/bin/start.mjs`) on `databaseUrl`. */
export async function startInstance(
  port: number,
  databaseUrl: string,
  workers: string,
): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  await assertPortFree(base);
  const child = spawn(process.execPath, ["app/bin/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SERVER_BUILD: serverBuild(),
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: workers,
      APP_ENV: "test",
      JOBS_IN_APP: "0",
      SESSION_SECRET: "bench-session-secret-not-for-production",
      // the load comes from one address: no per-address limit on new boxes or cards (decisions 040, 042)
      GET_STARTED_IP_MAX: "1000000",
      CARD_ATTEMPTS_PER_ADDRESS: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitHealthy(base, child);
  return { base, child, stop: stopper(child) };
}

/** The pid and all its descendants (the start script's primary and its cluster workers). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** VmRSS in MB per process of the tree (processes that are only launchers are included: they are small). */
export function rssMb(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const cmd = fs
        .readFileSync(`/proc/${p}/cmdline`, "utf8")
        .split("\0")
        .filter(Boolean)
        .slice(1)
        .join(" ");
      out[`${p} ${cmd}`] = Math.round(kb / 102.4) / 10;
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU time of the process tree so far, in clock ticks (USER_HZ: 100 a second on Linux), user + system. */
export function cpuTicks(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the whole line)
    } catch {
      /* gone */
    }
  }
  return ticks;
}
