// /metrics in the Prometheus text format, through prom-client (issue 45, decision 067).
//
// Each worker counts what it serves in its own registry: requests by Remix route id, method and
// status in one duration histogram, its admission queue, its page micro-cache, its database pool.
// A scrape reaching any worker asks the cluster's primary over IPC (the primary listens on no
// port); the primary gathers every worker's registry with prom-client's AggregatorRegistry, summed,
// and adds the facts that live in the database (the outbox, job lag, renewals), read once per
// scrape and instance, however many workers there are and wherever the jobs run.
//
// Only a scraper holding METRICS_TOKEN as a bearer token, or a client on this machine (the socket's
// loopback address, no forwarding header, a loopback Host), sees it; anyone else gets the shop's
// 404 page, as for any unknown address. It is answered before the page micro-cache and the admission
// queue: never cached, and a scrape still works when the shop is overloaded, which is when it matters.
import cluster from "node:cluster";
import promClient from "prom-client";
import { log } from "../log/logger.mjs";
import { redactLogText } from "../security/redact.mjs";
import { metricsAllowed, metricsToken } from "./metrics-guard.mjs";

export { isLoopbackAddress, metricsAllowed, metricsToken } from "./metrics-guard.mjs";

const { AggregatorRegistry, Counter, Gauge, Registry, collectDefaultMetrics } = promClient;

export const METRICS_PATH = "/metrics";
// a worker asks the primary for the instance's metrics; the primary collects each worker's registry
const ASK = "paddock:metrics:ask";
const ANSWER = "paddock:metrics:answer";
const COLLECT = "paddock:metrics:collect";
const COLLECTED = "paddock:metrics:collected";
// a worker that has not sent its numbers within this fails the scrape: a sum without it would look
// like every counter of that worker going back to zero
const COLLECT_TIMEOUT_MS = 5_000;
const ASK_TIMEOUT_MS = 10_000;

/** Fixed labels for what no Remix route answered, so the route label stays a short, known list. */
export const ROUTE_LABELS = {
  /** a built asset or a file of public/ */
  static: "static",
  /** any 404, whatever asked for it: unknown addresses must not each become a series */
  notFound: "not_found",
  /** reached Remix but no route's code ran (its manifest requests) */
  remix: "remix",
  /** answered by the server before Remix: a refusal (413, 408, 503) or a fault */
  server: "server",
  metrics: "metrics",
};
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One worker's metrics and the middleware that feeds and serves them.
 * @param {{
 *   token?: string | null,
 *   entry?: () => { databasePoolStats?: () => ({ total: number, idle: number, waiting: number, max: number } | null), instanceFacts?: () => Promise<any> } | undefined,
 *   defaults?: boolean,
 *   clustered?: boolean,
 * }} [options] `entry` gives the build's entry module (pool and facts); `clustered` false answers
 *   with this process's numbers alone (a server started without app/bin/start.mjs)
 */
export function createMetrics({
  token = metricsToken(),
  entry = () => undefined,
  defaults = true,
  clustered = cluster.isWorker,
} = {}) {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry });
  const requests = fastHistogram(registry, {
    name: "paddock_http_request_duration_seconds",
    help: "Requests by Remix route id (or a fixed label), method and status, and how long each took to answer; _count is the number of requests",
    labelNames: ["route", "method", "status"],
    buckets: DURATION_BUCKETS,
  });
  const admission = admissionMetrics(registry);
  const pageCacheLookup = pageCacheMetrics(registry);
  poolGauges(registry, entry);

  if (clustered) answerPrimary(registry);
  const facts = factsExposition(() => entry()?.instanceFacts?.());
  const scrape = clustered ? askPrimary : async () => (await registry.metrics()) + (await facts());
  const serve = serveScrape(registry, scrape);
  const timed = requestTimer(requests);

  /** First in the chain: serves /metrics to who may see it, and times every other request. */
  function middleware(req, res, next) {
    timed(req, res);
    if (
      req.path === METRICS_PATH &&
      (req.method === "GET" || req.method === "HEAD") &&
      // anyone else gets the shop's own 404 page, as for any unknown address
      metricsAllowed({ headers: req.headers, remoteAddress: req.socket.remoteAddress }, token)
    )
      return serve(req, res);
    next();
  }

  return {
    registry,
    middleware,
    /** After the static file handlers: what passes here is not a static file. */
    pastStatic(_req, res, next) {
      res.locals.pastStatic = true;
      next();
    },
    ...admission,
    pageCacheLookup,
    labelRoutes,
    /** Wraps the server's getLoadContext: the loaders and actions labelRoutes wraps find res.locals there. */
    loadContext(getLoadContext) {
      return (req, res) => {
        const context = getLoadContext(req, res);
        res.locals.routeId ??= ROUTE_LABELS.remix;
        res.locals.routeDepth = -1;
        context[SLOT] = res.locals;
        return context;
      };
    },
  };
}

/** Answers a scrape allowed to see the numbers: the text, or 503 when a worker did not answer. */
function serveScrape(registry, scrape) {
  return (req, res) => {
    res.locals.routeId = ROUTE_LABELS.metrics;
    scrape().then(
      (text) => {
        res.status(200).set({
          "Content-Type": registry.contentType,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error) => {
        log().error({ type: "metrics.scrape_failed" }, redactLogText(error.message));
        res
          .status(503)
          .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end("metrics unavailable\n");
      },
    );
  };
}

/** Times a request from here to its last byte, under its route's label, method and status. */
function requestTimer(requests) {
  return (req, res) => {
    const started = performance.now();
    res.once("finish", () => {
      const status = res.statusCode;
      const route =
        status === 404
          ? ROUTE_LABELS.notFound
          : (res.locals.routeId ??
            (res.locals.pastStatic ? ROUTE_LABELS.server : ROUTE_LABELS.static));
      const method = METHODS.has(req.method) ? req.method : "OTHER";
      requests.observe((performance.now() - started) / 1000, route, method, String(status));
    });
  };
}

/** The admission queue's wait histogram and its two gauges, read from the queue when scraped. */
function admissionMetrics(registry) {
  const wait = fastHistogram(registry, {
    name: "paddock_admission_wait_seconds",
    help: "Time each request waited for an admission slot (0 when one was free), by how it left the line: admitted, late (answered 503) or gone (the client left)",
    labelNames: ["outcome"],
    buckets: WAIT_BUCKETS,
  });
  let queue = null;
  new Gauge({
    name: "paddock_admission_queue_depth",
    help: "Requests waiting for an admission slot now",
    registers: [registry],
    collect() {
      this.set(queue?.stats().waiting ?? 0);
    },
  });
  new Gauge({
    name: "paddock_admission_active_requests",
    help: "Requests holding an admission slot now",
    registers: [registry],
    collect() {
      this.set(queue?.stats().active ?? 0);
    },
  });
  return {
    /** For admissionQueue's `observe` option. */
    admissionWait(waitedMs, outcome) {
      wait.observe(waitedMs / 1000, outcome);
    },
    /** The admission queue whose depth and active requests the gauges show. */
    watchQueue(q) {
      queue = q;
    },
  };
}

/** The micro-cache's lookups by result; what it returns is pageMicroCache's `onLookup`. */
function pageCacheMetrics(registry) {
  const pageCache = new Counter({
    name: "paddock_page_cache_lookups_total",
    help: "Lookups of the page micro-cache by result: hit (answered from memory) or miss (rendered)",
    labelNames: ["result"],
    registers: [registry],
  });
  const hits = pageCache.labels("hit");
  const misses = pageCache.labels("miss");
  hits.inc(0); // both series are shown from the start
  misses.inc(0);
  return (hit) => (hit ? hits : misses).inc();
}

/**
 * A histogram for what every request observes. prom-client's own validates and hashes the labels on
 * each observe, about 2 µs here, twice a request; this keeps each series' bucket counts in an array
 * (a few additions) and hands prom-client's registry the same values its Histogram would, so the
 * text, the JSON the primary gathers and the sum across workers are prom-client's.
 * @param {InstanceType<typeof Registry>} registry
 * @param {{ name: string, help: string, labelNames: string[], buckets: number[] }} spec
 */
export function fastHistogram(registry, { name, help, labelNames, buckets }) {
  const all = new Map();
  const seriesOf = (values) => {
    const key = values.join("\n");
    let s = all.get(key);
    if (!s) {
      const labels = {};
      labelNames.forEach((n, i) => (labels[n] = values[i]));
      all.set(
        key,
        (s = { labels, counts: new Array(buckets.length + 1).fill(0), sum: 0, count: 0 }),
      );
    }
    return s;
  };
  const metric = {
    name,
    help,
    type: "histogram",
    aggregator: "sum",
    async get() {
      const values = [];
      for (const { labels, counts, sum, count } of all.values()) {
        let cumulative = 0;
        for (let i = 0; i <= buckets.length; i++) {
          cumulative += counts[i];
          const le = i < buckets.length ? buckets[i] : "+Inf";
          values.push({
            labels: { le, ...labels },
            value: cumulative,
            metricName: `${name}_bucket`,
          });
        }
        values.push({ labels, value: sum, metricName: `${name}_sum` });
        values.push({ labels, value: count, metricName: `${name}_count` });
      }
      return { name, help, type: "histogram", values, aggregator: "sum" };
    },
  };
  registry.registerMetric(metric);
  return {
    /** `value` into the series of `labelValues`, given in labelNames' order */
    observe(value, ...labelValues) {
      const s = seriesOf(labelValues);
      let i = 0;
      while (i < buckets.length && value > buckets[i]) i++; // a bucket holds values up to its bound
      s.counts[i]++;
      s.sum += value;
      s.count++;
    },
  };
}

const SLOT = Symbol("paddock.metrics.route");

/**
 * The build with each route's loader and action wrapped to name their route in the request's
 * `res.locals.routeId` (the deepest route that ran wins: a page's own, not its layouts'), and the
 * entry's document renderer naming the deepest route matched, which also covers a page whose route
 * has no loader. Remix has matched the route already; this costs a property write per loader, where
 * matching the URL a second time cost about 0.25 ms a request.
 */
export function labelRoutes(build) {
  const depth = (id) => {
    let n = 0;
    for (let r = build.routes[id]; r?.parentId; r = build.routes[r.parentId]) n++;
    return n;
  };
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const d = depth(id);
    const label = (fn) =>
      fn &&
      ((args) => {
        const slot = args.context?.[SLOT];
        if (slot && d > slot.routeDepth) {
          slot.routeId = id;
          slot.routeDepth = d;
        }
        return fn(args);
      });
    const { loader, action } = route.module;
    routes[id] =
      loader || action
        ? { ...route, module: { ...route.module, loader: label(loader), action: label(action) } }
        : route;
  }
  const render = build.entry.module.default;
  const renderLabelled = (request, status, headers, remixContext, loadContext) => {
    const slot = loadContext?.[SLOT];
    const matches = remixContext?.staticHandlerContext?.matches;
    if (slot && matches?.length) {
      slot.routeId = matches[matches.length - 1].route.id;
      slot.routeDepth = Infinity;
    }
    return render(request, status, headers, remixContext, loadContext);
  };
  return {
    ...build,
    routes,
    entry: { ...build.entry, module: { ...build.entry.module, default: renderLabelled } },
  };
}

/**
 * The PostgreSQL pool's gauges in `registry`, read when scraped. On SQLite there is no pool to show
 * (one synchronous connection per process, nothing waits for it), so they exist only on PostgreSQL.
 */
function poolGauges(registry, entry) {
  if (!entry()?.databasePoolStats?.()) return;
  const pool = () => entry()?.databasePoolStats?.() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
  new Gauge({
    name: "paddock_db_pool_connections",
    help: "PostgreSQL connections of the instance's pools (each worker's and the primary's), by state: in_use (lent to a query) or idle",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: "in_use" }, p.total - p.idle);
      this.set({ state: "idle" }, p.idle);
    },
  });
  new Gauge({
    name: "paddock_db_pool_waiting_requests",
    help: "Queries waiting for a PostgreSQL connection of the instance's pools",
    registers: [registry],
    collect() {
      this.set(pool().waiting);
    },
  });
  new Gauge({
    name: "paddock_db_pool_max_connections",
    help: "The most connections the instance's pools may open (each process's pool ceiling, summed)",
    registers: [registry],
    collect() {
      this.set(pool().max);
    },
  });
}

// ---- between a worker and the primary ----

// a process that has just exited cannot be sent to; without a callback that would be an 'error' event
const ignore = () => {};

let asked = 0;
const waiting = new Map();
let workerRegistry = null;

/** A worker hands its registry to the primary when asked, and hears the answers to its own asks. */
function answerPrimary(registry) {
  if (workerRegistry === null) {
    process.on("message", (message) => {
      if (message?.type === COLLECT) {
        workerRegistry.getMetricsAsJSON().then(
          (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }, ignore),
          (error) =>
            process.send?.({ type: COLLECTED, id: message.id, error: error.message }, ignore),
        );
      } else if (message?.type === ANSWER) {
        const settle = waiting.get(message.id);
        waiting.delete(message.id);
        settle?.(message);
      }
    });
  }
  workerRegistry = registry;
}

/** A worker asks the primary for the whole instance's metrics. */
function askPrimary() {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(`the primary did not answer within ${ASK_TIMEOUT_MS} ms`));
    }, ASK_TIMEOUT_MS);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text);
    });
    process.send?.({ type: ASK, id }, ignore);
  });
}

/**
 * In the primary (app/bin/start.mjs): answers a worker's ask with every serving worker's registry,
 * summed by prom-client's AggregatorRegistry (histograms bucket by bucket, gauges and counters added),
 * then the database's facts. Only workers that listen are asked: one still starting has no registry
 * yet. `entry` gives the build's entry module, which the primary imported to migrate first; its
 * database pool (migrations, the facts, the jobs when they run here) is added to the workers'.
 */
export function answerWorkers(entry) {
  const own = new Registry();
  poolGauges(own, entry);
  const serving = new Set();
  cluster.on("listening", (worker) => serving.add(worker));
  cluster.on("exit", (worker) => serving.delete(worker));
  let collecting = 0;
  const pending = new Map();
  const collect = (mine) => {
    const id = ++collecting;
    const workers = [...serving].filter((w) => w.isConnected());
    if (workers.length === 0) return Promise.resolve("");
    return new Promise((resolve, reject) => {
      const got = [];
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new Error(
            `${workers.length - got.length} worker(s) sent no metrics within ${COLLECT_TIMEOUT_MS} ms`,
          ),
        );
      }, COLLECT_TIMEOUT_MS);
      pending.set(id, (message) => {
        if (message.error) {
          clearTimeout(timer);
          pending.delete(id);
          return reject(new Error(message.error));
        }
        got.push(message.metrics);
        if (got.length < workers.length) return;
        clearTimeout(timer);
        pending.delete(id);
        AggregatorRegistry.aggregate([...got, mine])
          .metrics()
          .then(resolve, reject);
      });
      for (const w of workers) w.send({ type: COLLECT, id }, ignore);
    });
  };
  const facts = factsExposition(() => entry()?.instanceFacts?.());
  cluster.on("message", (worker, message) => {
    if (message?.type === COLLECTED) return pending.get(message.id)?.(message);
    if (message?.type !== ASK) return;
    // the primary's pool is read before the facts' queries borrow from it
    own
      .getMetricsAsJSON()
      .then((mine) => Promise.all([collect(mine), facts()]))
      .then(
        ([workers, instance]) =>
          worker.send({ type: ANSWER, id: message.id, text: workers + instance }, ignore),
        (error) => worker.send({ type: ANSWER, id: message.id, error: error.message }, ignore),
      );
  });
}

/**
 * The database's facts as exposition text: read at most once at a time (scrapes that arrive
 * together share one read), every gauge cleared first so a failed read shows no stale number, and
 * paddock_instance_facts_up says whether the read worked.
 */
function factsExposition(read) {
  const registry = new Registry();
  const up = new Gauge({
    name: "paddock_instance_facts_up",
    help: "1 when the facts below were read from the database at this scrape, 0 when the read failed",
    registers: [registry],
  });
  const g = (name, help, labelNames = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const relay = g(
    "paddock_outbox_relay_enabled",
    "1 when SMTP_URL is set and the relay sends the outbox, 0 when mail stays in it",
  );
  const oldest = g(
    "paddock_outbox_oldest_unsent_age_seconds",
    "Seconds since the oldest e-mail neither sent nor given up on was written (0 when none waits)",
  );
  const unsent = g("paddock_outbox_unsent_messages", "E-mails neither sent nor given up on");
  const failed = g(
    "paddock_outbox_failed_last_day",
    "E-mails given up on after their last try in the last 24 hours",
  );
  const lag = g(
    "paddock_job_lag_seconds",
    "Per kind of timed work: seconds since its oldest waiting piece became due (0 when none waits)",
    ["kind"],
  );
  const renewals = g(
    "paddock_renewals_last_day",
    "Renewal charges in the last 24 hours by outcome: charged (at the first try), declined (each declined try), recovered (paid after a decline)",
    ["outcome"],
  );
  let reading = null;
  return async () => {
    reading ??= (async () => {
      for (const gauge of [relay, oldest, unsent, failed, lag, renewals]) gauge.reset();
      try {
        const f = await read();
        if (!f) throw new Error("no facts in this build");
        relay.set(f.outbox.relay);
        oldest.set(f.outbox.oldestUnsentAgeSeconds);
        unsent.set(f.outbox.unsent);
        failed.set(f.outbox.failedLastDay);
        for (const [kind, seconds] of Object.entries(f.jobLagSeconds)) lag.set({ kind }, seconds);
        for (const [outcome, n] of Object.entries(f.renewalsLastDay)) renewals.set({ outcome }, n);
        up.set(1);
      } catch (error) {
        up.set(0);
        log().error({ type: "metrics.facts_failed" }, redactLogText(error.message));
      }
      return registry.metrics();
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
}
