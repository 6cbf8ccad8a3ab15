// A diagnostic for telling a leak from a heap that is still sizing itself (decision 022); never
// loaded by the app itself. Load it into the server's processes and signal a worker:
//   NODE_OPTIONS="--require ./tests/bench/heap-probe.cjs" npm start
//   kill -USR2 <worker pid>   → two full GCs, then one JSON line in $HEAP_PROBE_DIR/<pid>.log
// HEAP_PROBE_SNAPSHOT=1 also writes a heap snapshot next to it at each signal (compare two of them
// by constructor); HEAP_PROBE_INTERVAL=<ms> adds a line every interval without forcing a GC, with
// the GCs counted by kind, to watch the old generation under load.
const fs = require("node:fs");
const path = require("node:path");
const v8 = require("node:v8");
const vm = require("node:vm");
const { constants } = require("node:perf_hooks"); // PerformanceObserver is a global

const dir = process.env.HEAP_PROBE_DIR ?? "/tmp/heap-probe";
fs.mkdirSync(dir, { recursive: true });
const mb = (bytes) => Math.round(bytes / 1e5) / 10;

function line(extra) {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .map((s) => [s.space_name, [mb(s.space_size), mb(s.space_used_size)]]),
  );
  const record = {
    at: new Date().toISOString(),
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    spaces,
    ...extra,
  };
  fs.appendFileSync(path.join(dir, `${process.pid}.log`), JSON.stringify(record) + "\n");
}

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
let signals = 0;
process.on("SIGUSR2", () => {
  gc();
  gc();
  signals++;
  const snapshot =
    process.env.HEAP_PROBE_SNAPSHOT === "1"
      ? v8.writeHeapSnapshot(path.join(dir, `${process.pid}-${signals}.heapsnapshot`))
      : undefined;
  line({ afterFullGc: true, signal: signals, snapshot });
});

if (Number(process.env.HEAP_PROBE_INTERVAL) > 0) {
  const gcs = { minor: 0, major: 0, incremental: 0, other: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcs.major++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcs.minor++;
      else if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) gcs.incremental++;
      else gcs.other++;
    }
  }).observe({ entryTypes: ["gc"] });
  setInterval(
    () => line({ afterFullGc: false, gcs: { ...gcs } }),
    Number(process.env.HEAP_PROBE_INTERVAL),
  ).unref();
}
