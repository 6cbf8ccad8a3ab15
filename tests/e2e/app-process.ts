// A second app instance for specs that need other settings than the suite's server (SMTP_URL, a
// switch set wrongly): the same production build, started by app/bin/start.mjs on a free port with
// its own SQLite file, in its own process group so one signal stops the primary and its worker.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
  /** stops it (if running) and deletes its database */
  stop: () => Promise<void>;
};

/** Starts the app with the suite's test settings, overridden by `env`. */
export async function spawnApp(name: string, env: Record<string, string>): Promise<AppProcess> {
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
      SERVER_BUILD: process.env.BUILD_NAME ? `.builds/${process.env.BUILD_NAME}/index.js` : "build/index.js",
      WEB_CONCURRENCY: "1",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dir}/app.db`,
      APP_ENV: "test",
      SESSION_SECRET: "e2e-session-secret-not-for-production",
      TRUST_PROXY: "",
      ...env,
    },
  });
  child.stdout!.on("data", (b) => (output += b));
  child.stderr!.on("data", (b) => (output += b));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    dbFile: `${dir}/app.db`,
    log: () => output,
    exitCode: () => child.exitCode,
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

/** Starts the app like spawnApp and waits until /healthz answers; throws with its output when it exits or takes too long. */
export async function spawnReadyApp(name: string, env: Record<string, string>, timeoutMs = 90_000): Promise<AppProcess> {
  const app = await spawnApp(name, env);
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (app.exitCode() !== null) throw new Error(`${name} app exited (${app.exitCode()})\n${app.log().slice(-3000)}`);
    if (await fetch(`${app.base}/healthz`).then((r) => r.ok, () => false)) return app;
    if (Date.now() > until) {
      await app.stop();
      throw new Error(`${name} app did not answer /healthz\n${app.log().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
