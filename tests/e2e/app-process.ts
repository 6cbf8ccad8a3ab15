// A second app instance for specs that need other settings than the suite's server (SMTP_URL, a
// switch set wrongly): the same production build, started by app/bin/start.mjs on a free port with
// its own SQLite file, in its own process group so one signal stops the primary and its worker.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export type AppProcess = {
  port: number;
  base: string;
  /** the app's SQLite file */
  dbFile: string;
  /** everything the app wrote to stdout and stderr so far */
  log: () => string;
  /** the exit code once it has exited, else null */
  exitCode: () => number | null;
  /** resolves once /healthz answers; throws (with the log's tail) if the app exits or `ms` pass first */
  serving: (ms?: number) => Promise<void>;
  /** stops it (if running) and deletes its database */
  stop: () => Promise<void>;
};

/** Starts the app with the suite's test settings, overridden by `env` (undefined: unset, e.g. SESSION_SECRET). */
export async function spawnApp(
  name: string,
  env: Record<string, string | undefined>,
): Promise<AppProcess> {
  const port = await freePort();
  const dir = `/tmp/paddock-e2e-${name}-${port}`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let output = "";
  const child = spawn(process.execPath, ["app/bin/start.mjs"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SERVER_BUILD: process.env.BUILD_NAME
        ? `.builds/${process.env.BUILD_NAME}/index.js`
        : "build/index.js",
      WEB_CONCURRENCY: "1",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dir}/app.db`,
      APP_ENV: "test",
      SESSION_SECRET: E2E_SESSION_SECRET,
      TRUST_PROXY: "",
      ...env,
    },
  });
  child.stdout!.on("data", (b) => (output += b));
  child.stderr!.on("data", (b) => (output += b));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    dbFile: `${dir}/app.db`,
    log: () => output,
    exitCode: () => child.exitCode,
    serving: async (ms = 90_000) => {
      const until = Date.now() + ms;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`${name} app exited (${child.exitCode})\n${output.slice(-3000)}`);
        try {
          if ((await fetch(`${base}/healthz`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > until)
          throw new Error(`${name} app did not answer /healthz\n${output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          // already gone
        }
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type StartOutcome = { outcome: "refused" | "served"; output: string; status?: number };

/**
 * Starts the app with `env` and reports which came first within 60 s: "refused" (it exited; its output
 * says why) or "served" (`probe` answered, with its status). For the switches that must stop the server.
 */
export async function startOrRefusal(
  name: string,
  env: Record<string, string | undefined>,
  probe: (base: string) => Promise<Response>,
): Promise<StartOutcome> {
  const app = await spawnApp(name, { JOBS_IN_APP: "0", ...env });
  try {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (app.exitCode() !== null) return { outcome: "refused", output: app.log() };
      try {
        const res = await probe(app.base);
        return { outcome: "served", output: app.log(), status: res.status };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the app neither started nor stopped in 60 s\n${app.log().slice(-2000)}`);
  } finally {
    await app.stop();
  }
}
