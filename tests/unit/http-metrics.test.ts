// One worker's metrics (app/bin/metrics.mjs) on a real Express app: every request is counted once
// under a bounded route label (the Remix route id that answered, or a fixed label for static files,
// 404s and the server's own answers), and /metrics is served to this machine only, with the facts
// the entry module reads from the database; anyone else falls through to the app's 404.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import promClient from "prom-client";
import { createMetrics, fastHistogram } from "../../app/bin/metrics.mjs";

type Res = ServerResponse & { status(n: number): Res; send(b: string): Res; locals: object };
type Req = IncomingMessage & { path: string };
type Handler = (req: Req, res: Res, next: () => void) => void;
type ExpressApp = {
  use(fn: unknown, ...more: unknown[]): void;
  get(path: string, fn: Handler): void;
  listen(port: number, host: string): Server;
};
const require = createRequire(import.meta.url);
const express = require("express") as (() => ExpressApp) & {
  static: (dir: string) => unknown;
};

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const FACTS = {
  outbox: { relay: 1, oldestUnsentAgeSeconds: 42, unsent: 3, failedLastDay: 2 },
  jobLagSeconds: { renewal: 7, "mail-relay": 0 },
  renewalsLastDay: { charged: 5, declined: 2, recovered: 1 },
};

const noop = () => null;
/** A build of three routes: root, its page with a loader, and a page without one. */
const fakeBuild = () => ({
  routes: {
    root: { id: "root", module: { loader: noop, default: noop } },
    "routes/dashboard": { id: "routes/dashboard", parentId: "root", module: { loader: noop } },
    "routes/dashboard.my-deliveries": {
      id: "routes/dashboard.my-deliveries",
      parentId: "routes/dashboard",
      module: { loader: noop, action: noop, default: noop },
    },
    "routes/about": { id: "routes/about", parentId: "root", module: { default: noop } },
  },
  entry: { module: { default: (..._args: unknown[]) => "rendered" } },
});

async function start(
  entry: { instanceFacts?: () => Promise<unknown> } = { instanceFacts: async () => FACTS },
) {
  const metrics = createMetrics({
    token: null,
    entry: () => entry,
    defaults: false,
    clustered: false,
  });
  const build = metrics.labelRoutes(fakeBuild());
  const context = metrics.loadContext(() => ({}));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-static-"));
  fs.writeFileSync(path.join(dir, "app.js"), "console.log(1)");
  const app = express();
  app.use(metrics.middleware);
  app.use("/build", express.static(dir));
  app.use(metrics.pastStatic);
  // the loaders of a data request run root first and the page last, or in any order: the deepest names it
  app.get("/dashboard/my-deliveries.data", async (req, res) => {
    const ctx = context(req, res);
    const r = build.routes;
    await r["routes/dashboard.my-deliveries"].module.loader!({ context: ctx } as never);
    await r.root.module.loader!({ context: ctx } as never);
    await r["routes/dashboard"].module.loader!({ context: ctx } as never);
    res.send("data");
  });
  // a document of a route without a loader: the entry's renderer names the deepest match
  app.get("/about", async (req, res) => {
    const ctx = context(req, res);
    await build.routes.root.module.loader!({ context: ctx } as never);
    const matches = [{ route: { id: "root" } }, { route: { id: "routes/about" } }];
    build.entry.module.default(req, 200, {}, { staticHandlerContext: { matches } }, ctx);
    res.send("about");
  });
  app.get("/__manifest", (req, res) => {
    context(req, res);
    res.send("{}");
  });
  app.get("/busy", (_req, res) => void res.status(503).send("busy"));
  app.use((_req: Req, res: Res) => void res.status(404).send("the shop's 404 page"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** A GET with headers fetch() would not send as given (Host). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

/** The value of one series in exposition text, or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
const requests = (text: string, route: string, status: number, method = "GET") =>
  value(
    text,
    `paddock_http_request_duration_seconds_count{route="${route}",method="${method}",status="${status}"}`,
  );

describe("a worker's metrics", () => {
  it("counts each request once under its route id or a fixed label, never its address", async () => {
    const base = await start();
    for (const p of [
      "/build/app.js",
      "/build/app.js",
      "/dashboard/my-deliveries.data",
      "/about",
      "/__manifest",
      "/busy",
      "/no/such/page/1",
      "/no/such/page/2",
      "/build/missing.js",
    ])
      await fetch(`${base}${p}`);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(requests(text, "static", 200)).toBe(2);
    expect(requests(text, "routes/dashboard.my-deliveries", 200)).toBe(1);
    expect(requests(text, "routes/about", 200)).toBe(1);
    expect(requests(text, "remix", 200)).toBe(1);
    expect(requests(text, "server", 503)).toBe(1);
    expect(requests(text, "not_found", 404)).toBe(3);
    expect(text).not.toContain("/no/such/page");
    expect(text).not.toContain("missing.js");
    // the scrape itself is counted once it is answered
    const again = await (await fetch(`${base}/metrics`)).text();
    expect(requests(again, "metrics", 200)).toBe(1);
    expect(
      value(
        text,
        'paddock_http_request_duration_seconds_bucket{le="+Inf",route="static",method="GET",status="200"}',
      ),
    ).toBe(2);
  });

  it("shows the database's facts, and says so when they cannot be read", async () => {
    let base = await start();
    let text = await (await fetch(`${base}/metrics`)).text();
    expect(value(text, "paddock_instance_facts_up")).toBe(1);
    expect(value(text, "paddock_outbox_oldest_unsent_age_seconds")).toBe(42);
    expect(value(text, "paddock_outbox_unsent_messages")).toBe(3);
    expect(value(text, "paddock_outbox_failed_last_day")).toBe(2);
    expect(value(text, "paddock_outbox_relay_enabled")).toBe(1);
    expect(value(text, 'paddock_job_lag_seconds{kind="renewal"}')).toBe(7);
    expect(value(text, 'paddock_renewals_last_day{outcome="charged"}')).toBe(5);
    expect(value(text, 'paddock_renewals_last_day{outcome="declined"}')).toBe(2);
    expect(value(text, 'paddock_renewals_last_day{outcome="recovered"}')).toBe(1);
    expect(value(text, 'paddock_page_cache_lookups_total{result="hit"}')).toBe(0);
    expect(value(text, "paddock_admission_queue_depth")).toBe(0);
    // SQLite (no pool here): the pool's gauges are left out rather than shown as zeros
    expect(text).not.toContain("paddock_db_pool");

    await new Promise((r) => server!.close(r));
    base = await start({
      instanceFacts: async () => {
        throw new Error("database unreachable");
      },
    });
    text = await (await fetch(`${base}/metrics`)).text();
    expect(value(text, "paddock_instance_facts_up")).toBe(0);
    expect(value(text, 'paddock_renewals_last_day{outcome="charged"}')).toBeUndefined();
  });

  it("serves /metrics only to this machine by name: other Hosts and forwarded requests get the app's 404", async () => {
    const base = await start();
    const ok = await fetch(`${base}/metrics`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const asked: Record<string, string>[] = [
      { "x-forwarded-for": "127.0.0.1" },
      { host: "shop.example.com.au" },
    ];
    for (const headers of asked) {
      const res = await get(`${base}/metrics`, headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.body).toBe("the shop's 404 page");
    }
  });

  it("shows the pool's connections on PostgreSQL", async () => {
    const metrics = createMetrics({
      token: null,
      defaults: false,
      clustered: false,
      entry: () => ({
        databasePoolStats: () => ({ total: 7, idle: 3, waiting: 2, max: 10 }),
        instanceFacts: async () => FACTS,
      }),
    });
    const text = await metrics.registry.metrics();
    expect(value(text, 'paddock_db_pool_connections{state="in_use"}')).toBe(4);
    expect(value(text, 'paddock_db_pool_connections{state="idle"}')).toBe(3);
    expect(value(text, "paddock_db_pool_waiting_requests")).toBe(2);
    expect(value(text, "paddock_db_pool_max_connections")).toBe(10);
  });

  it("keeps its request histogram as prom-client's Histogram would, text and summed JSON alike", async () => {
    const spec = { name: "h", help: "h", labelNames: ["route", "status"], buckets: [0.01, 0.1, 1] };
    const ours = new promClient.Registry();
    const theirs = new promClient.Registry();
    const fast = fastHistogram(ours, spec);
    const reference = new promClient.Histogram({ ...spec, registers: [theirs] });
    for (const [v, route, status] of [
      [0.01, "a", "200"],
      [0.005, "a", "200"],
      [0.5, "a", "500"],
      [7, "b", "200"],
      [0.1, "a", "200"],
    ] as const) {
      fast.observe(v, route, status);
      reference.labels(route, status).observe(v);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const summed = (r: promClient.Registry) =>
      r
        .getMetricsAsJSON()
        .then((one) => promClient.AggregatorRegistry.aggregate([one, one]).metrics());
    expect(await summed(ours)).toBe(await summed(theirs));
  });
});
