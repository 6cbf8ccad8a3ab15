// Serves the production build through our Express server (app/bin/server.mjs),
// one worker process per core
// (WEB_CONCURRENCY, default: cores, at most 4). The primary imports the build
// first, so migrations and the first-start seed run exactly once before any
// worker listens. Workers are stateless: sessions, rate limits and the draft
// box all live in the database, so any worker can answer any request.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { answerWorkers, metricsToken } from "./metrics.mjs";
import { rootLogger } from "../log/logger.mjs";
import { logFormat, logLevel } from "../log/settings.mjs";
import { precompress } from "./precompress.mjs";
import { bodyBytesInFlightMax } from "./request-body.mjs";
import { workerCount } from "./worker-count.mjs";
import { workerExecArgv } from "./worker-flags.mjs";

const build = path.resolve(process.env.SERVER_BUILD ?? "build/index.js");
const isDev = process.env.NODE_ENV === "development";
let workers;
try {
  workers = workerCount(process.env.WEB_CONCURRENCY, { isDev, cores: os.availableParallelism() });
  bodyBytesInFlightMax(); // each worker reads it again; a bad value stops the server here, once
  metricsToken(); // likewise
  logLevel(process.env.LOG_LEVEL);
  logFormat(process.env.LOG_FORMAT, process.env.NODE_ENV);
} catch (error) {
  console.error(`Invalid environment: ${error.message}`);
  process.exit(1);
}

if (cluster.isPrimary) {
  process.env.NODE_ENV ??= "production";
  const serverBuild = await import(pathToFileURL(build).href);
  // brotli copies of the fingerprinted assets, once, before any worker serves them
  if (serverBuild.assetsBuildDirectory) precompress(path.resolve(serverBuild.assetsBuildDirectory));
  // a scrape of /metrics at any worker is answered for the whole instance from here (decision 067)
  answerWorkers(() => serverBuild.entry?.module);
  let stopping = false;
  const started = new Map();
  // Semi-spaces of 128 MB (V8's default: 16 MB): what a page render allocates dies with its request,
  // so fewer scavenges cost no more each and saved 8-14% of a signed-in page's CPU
  // (docs/decisions/019). WORKER_NODE_OPTIONS adds flags for the workers alone (e.g. --cpu-prof).
  cluster.setupPrimary({
    execArgv: workerExecArgv(process.execArgv, process.env.WORKER_NODE_OPTIONS),
  });
  const fork = () => started.set(cluster.fork().id, Date.now());
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that dies at once (port taken, bad build) would only die again.
    if (Date.now() - (started.get(worker.id) ?? 0) < 5000) {
      rootLogger().fatal(
        { type: "worker.failed_at_start" },
        `worker ${worker.process.pid} failed at start (${signal ?? code}); stopping`,
      );
      process.exit(1);
    }
    rootLogger().error(
      { type: "worker.exited" },
      `worker ${worker.process.pid} exited (${signal ?? code}); starting another`,
    );
    fork();
  });
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      // Workers finish the requests they hold (up to 8 s, see server.mjs), then exit.
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
} else {
  const { serve } = await import("./server.mjs");
  await serve(build);
}
