// /metrics of an instance with two workers (issue 45 item 2, decision 067): requests spread over both
// workers by the cluster's round robin (a new connection each) are counted once each, whichever worker
// a scrape reaches; each family an operator graphs is there; a scrape from another machine needs
// METRICS_TOKEN, and without it gets the shop's 404 page like any unknown address. The app listens
// on every interface, so this machine's own non-loopback address stands for a remote client.
import http from "node:http";
import os from "node:os";
import { spawnApp, type AppProcess } from "./app-process";
import { expect, test } from "./fixtures";

const TOKEN = "e2e-metrics-token-9f8e7d6c5b4a";
const REQUESTS = 6;
const FAMILIES = [
  "paddock_http_request_duration_seconds",
  "paddock_admission_queue_depth",
  "paddock_admission_active_requests",
  "paddock_admission_wait_seconds",
  "paddock_page_cache_lookups_total",
  "paddock_outbox_oldest_unsent_age_seconds",
  "paddock_outbox_failed_last_day",
  "paddock_job_lag_seconds",
  "paddock_renewals_last_day",
  "paddock_instance_facts_up",
];

/** A GET on a connection of its own (so the primary hands each to the next worker), with `headers`. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body, type: String(res.headers["content-type"]) }),
        );
      })
      .on("error", reject);
  });
}

function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
const count = (text: string, route: string, status = 200) =>
  value(
    text,
    `paddock_http_request_duration_seconds_count{route="${route}",method="GET",status="${status}"}`,
  );
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];

/** This machine's first non-loopback IPv4 address: connecting to it is not a loopback socket. */
function outsideAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  if (!found) throw new Error("this test needs a network interface besides loopback");
  return found.address;
}

// @once: it starts an instance of its own, so the js project alone runs it; one instance for both tests
test.describe("/metrics @once", () => {
  test.describe.configure({ mode: "serial" });

  let app: AppProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    app = await spawnApp("metrics", {
      WEB_CONCURRENCY: "2",
      HOST: "0.0.0.0",
      METRICS_TOKEN: TOKEN,
      JOBS_IN_APP: "0",
    });
    try {
      await app.serving();
      // both workers listen before the requests, so the round robin spreads them over the two
      await expect
        .poll(() => app.log().split(" listening on ").length - 1, { timeout: 30_000 })
        .toBe(2);
    } catch (error) {
      await app.stop();
      throw error;
    }
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("one count for the whole instance: requests over both workers, scraped from loopback and with the token", async () => {
    test.setTimeout(60_000);
    for (let i = 0; i < REQUESTS; i++)
      expect((await get(`${app.base}/api/categories`)).status).toBe(200);
    // a shared page: each worker renders it once, then answers from its micro-cache
    for (let i = 0; i < 4; i++) expect((await get(`${app.base}/blog`)).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await get(`${app.base}/no-such-page-${i}`)).status).toBe(404);

    // two scrapes in a row reach both workers; each answers for the instance
    const scrapes = [await get(`${app.base}/metrics`), await get(`${app.base}/metrics`)];
    const remote = `http://${outsideAddress()}:${app.port}`;
    scrapes.push(await get(`${remote}/metrics`, { Authorization: `Bearer ${TOKEN}` }));
    for (const scrape of scrapes) {
      expect(scrape.status).toBe(200);
      expect(scrape.type).toContain("text/plain; version=0.0.4");
      const text = scrape.body;
      expect(count(text, "routes/api.categories")).toBe(REQUESTS);
      expect(count(text, "routes/blog.($filter)")).toBe(4);
      expect(count(text, "not_found", 404)).toBe(3);
      expect(text).not.toContain("no-such-page");
      const hits = value(text, 'paddock_page_cache_lookups_total{result="hit"}')!;
      const misses = value(text, 'paddock_page_cache_lookups_total{result="miss"}')!;
      expect(hits + misses).toBe(4);
      expect(hits).toBeGreaterThanOrEqual(2);
      // every request but the micro-cache's hits and the scrapes waited its turn (the probe of
      // /healthz that saw the app start among them)
      expect(value(text, 'paddock_admission_wait_seconds_count{outcome="admitted"}')).toBe(
        REQUESTS + misses + 3 + count(text, "routes/healthz")!,
      );
      for (const family of FAMILIES)
        expect(text, family).toMatch(new RegExp(`^# TYPE ${family} `, "m"));
      expect(value(text, "paddock_instance_facts_up")).toBe(1);
      expect(value(text, 'paddock_job_lag_seconds{kind="renewal"}')).toBeGreaterThanOrEqual(0);
      for (const outcome of ["charged", "declined", "recovered"])
        expect(value(text, `paddock_renewals_last_day{outcome="${outcome}"}`)).toBe(0);
    }
    // each scrape before this one is counted, also across workers
    expect(count(scrapes[2].body, "metrics")).toBe(2);
  });

  test("from another machine without the token, or with a wrong one, /metrics is the shop's 404 page", async () => {
    const remote = `http://${outsideAddress()}:${app.port}`;
    const unknown = await get(`${remote}/no-such-page`);
    expect(unknown.status).toBe(404);
    const tries: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: TOKEN },
    ];
    for (const headers of tries) {
      const res = await get(`${remote}/metrics`, headers);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain("paddock_");
      expect(h1(res.body)).toBe(h1(unknown.body));
    }
    // this machine behind a proxy of its own: a forwarded request is a visitor's, whatever it claims
    const forwarded = await get(`${app.base}/metrics`, { "X-Forwarded-For": "127.0.0.1" });
    expect(forwarded.status).toBe(404);
  });
});
