// The request log and its ids (issue 45 item 1, decision 066): which X-Request-Id is believed, that
// the id comes back in the header and in every line written while the request is served (after an
// await, a timer, a queue), that a job run's lines carry one run id, and how LOG_LEVEL and
// LOG_FORMAT are read. Through a real Express app on a socket, as app/bin/server.mjs mounts it.
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { REFUSALS, refuse } from "../../app/bin/refusal.mjs";
import { inRequestLog, requestIdFor, requestLog } from "../../app/bin/request-log.mjs";
import { asJobRun, captureLogs, currentRequestId, log, prettyLine } from "../../app/log/logger.mjs";
import { logFormat, logLevel } from "../../app/log/settings.mjs";

type Req = IncomingMessage & { path: string; id?: string };
type ExpressApp = {
  use(fn: unknown): void;
  get(path: string, fn: (req: Req, res: ServerResponse & { send(s: string): void }) => void): void;
  listen(port: number, host: string): Server;
};
const require = createRequire(import.meta.url);
const express = require("express") as () => ExpressApp;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("requestIdFor: which X-Request-Id is believed", () => {
  it("keeps a trusted proxy's sane id", () => {
    expect(requestIdFor("3f1c9a7e-5b2d-4c1a-9e8f-0a1b2c3d4e5f", true)).toBe(
      "3f1c9a7e-5b2d-4c1a-9e8f-0a1b2c3d4e5f",
    );
    expect(requestIdFor("Root=1-67891233-abcdef012345678912345678", true)).toBe(
      "Root=1-67891233-abcdef012345678912345678",
    );
  });

  it("makes a new UUID for anyone else's, and for an id that is not sane", () => {
    const made = [
      requestIdFor("3f1c9a7e-5b2d-4c1a-9e8f-0a1b2c3d4e5f", false), // a visitor, not the proxy
      requestIdFor(undefined, true),
      requestIdFor("", true),
      requestIdFor("a".repeat(129), true),
      requestIdFor('x" onmouseover="alert(1)', true),
      requestIdFor("<script>", true),
      requestIdFor("two words", true),
      requestIdFor(["a", "b"], true),
    ];
    for (const id of made) expect(id).toMatch(UUID);
    expect(new Set(made).size).toBe(made.length);
  });
});

describe("the request log on an Express app", () => {
  let server: Server | undefined;
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  /** An app as server.mjs mounts the log; `trusted` says whether the peer is the proxy. */
  async function start(trusted: boolean) {
    const app = express();
    app.use(requestLog({ trusted: () => trusted }));
    app.get("/deep", async (_req, res) => {
      await sleep(5);
      log().info({ type: "test.deep" }, "from a service after an await");
      setTimeout(() => {
        log().warn({ type: "test.timer" }, "from a timer");
        res.send(currentRequestId() ?? "none");
      }, 5);
    });
    // a callback another request (or Node) calls later runs in no request's context until re-entered
    let waiting: (() => void) | null = null;
    app.get("/queued", (req, res) => {
      waiting = () =>
        inRequestLog(req, () => {
          log().info({ type: "test.queued" }, "after the queue");
          res.send(currentRequestId() ?? "none");
        });
    });
    app.get("/release", (_req, res) => {
      const release = waiting!;
      waiting = null;
      setTimeout(release, 1); // the timer belongs to this request's context...
      res.send("ok");
    });
    app.get("/admin/orders", (_req, res) => res.send("orders"));
    app.get("/healthz", (_req, res) => res.send("ok"));
    app.get("/fails", (_req, res) => {
      res.statusCode = 500;
      res.send("fault");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it("gives each request an id: in X-Request-Id, in its line, in every line written while it is served", async () => {
    const base = await start(false);
    const capture = captureLogs();
    try {
      const res = await fetch(`${base}/deep`, { headers: { "X-Request-Id": "forged-by-visitor" } });
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(UUID);
      expect(await res.text()).toBe(id);
      await sleep(20);
      const lines = capture.lines().filter((l) => l.reqId === id);
      expect(lines.map((l) => l.type ?? l.message)).toEqual([
        "test.deep",
        "test.timer",
        "request completed",
      ]);
      expect(lines[2]).toMatchObject({
        level: "info",
        req: { method: "GET", url: "/deep" },
        res: { statusCode: 200 },
      });
      expect(typeof lines[2].responseTime).toBe("number");
      expect(JSON.stringify(capture.lines())).not.toContain("forged-by-visitor");
    } finally {
      capture.stop();
    }
  });

  it("believes a trusted proxy's X-Request-Id", async () => {
    const base = await start(true);
    const capture = captureLogs();
    try {
      const res = await fetch(`${base}/deep`, { headers: { "X-Request-Id": "lb-4f2a-0001" } });
      expect(res.headers.get("x-request-id")).toBe("lb-4f2a-0001");
      expect(await res.text()).toBe("lb-4f2a-0001");
      await sleep(20);
      expect(capture.lines().filter((l) => l.reqId === "lb-4f2a-0001")).toHaveLength(3);
    } finally {
      capture.stop();
    }
  });

  it("inRequestLog puts a request's lines back under its id when another request's callback runs it", async () => {
    const base = await start(false);
    const capture = captureLogs();
    try {
      const queued = fetch(`${base}/queued`);
      await sleep(20);
      const release = await fetch(`${base}/release`);
      const waited = await queued;
      const id = waited.headers.get("x-request-id");
      expect(await waited.text()).toBe(id);
      await sleep(20);
      const line = capture.lines().find((l) => l.type === "test.queued");
      expect(line?.reqId).toBe(id);
      expect(line?.reqId).not.toBe(release.headers.get("x-request-id"));
    } finally {
      capture.stop();
    }
  });

  it("a 5xx is the same line at level error, without an error pino-http would make up", async () => {
    const base = await start(false);
    const capture = captureLogs();
    try {
      const res = await fetch(`${base}/fails`);
      const id = res.headers.get("x-request-id");
      await sleep(20);
      const line = capture.lines().find((l) => l.reqId === id);
      expect(line).toMatchObject({
        level: "error",
        message: "request completed",
        req: { url: "/fails" },
        res: { statusCode: 500 },
      });
      expect(line).not.toHaveProperty("err");
    } finally {
      capture.stop();
    }
  });

  it("logs a staff search without what was searched for, and /healthz not at all", async () => {
    const base = await start(false);
    const capture = captureLogs();
    try {
      await fetch(`${base}/admin/orders?q=jane%40example.com&page=2`);
      await fetch(`${base}/admin/orders?q=Jane+Citizen`);
      await fetch(`${base}/healthz`);
      await sleep(20);
      const urls = capture.lines().map((l) => (l.req as { url: string } | undefined)?.url);
      expect(urls).toEqual(["/admin/orders?q=[redacted]&page=2", "/admin/orders?q=[redacted]"]);
      expect(JSON.stringify(capture.lines())).not.toMatch(/jane|citizen/i);
    } finally {
      capture.stop();
    }
  });
});

describe("the server's own refusal pages", () => {
  /** What `refuse` sends, through stand-ins for Express's request and response. */
  function refusal(kind: keyof typeof REFUSALS, accepts: string, id?: string): string {
    let body = "";
    const res = {
      headersSent: false,
      status: () => res,
      set: () => res,
      send: (text: string) => void (body = text),
    };
    refuse({ accepts: () => accepts, id } as never, res as never, REFUSALS[kind]);
    return body;
  }

  it("a fault (500) or a busy shop (503) quotes the request's id, on the page and in plain text", () => {
    expect(refusal("fault", "text/html", "r-42")).toContain(
      "<p>If this keeps happening, contact us and quote this reference: <code>r-42</code></p>",
    );
    expect(refusal("busy", "text/plain", "r-43")).toBe(
      `${REFUSALS.busy.message}\nIf this keeps happening, contact us and quote this reference: r-43`,
    );
  });

  it("a refusal of what the visitor sent (413, 408) does not, nor a request without an id", () => {
    expect(refusal("tooLarge", "text/html", "r-44")).not.toContain("r-44");
    expect(refusal("tooSlow", "text/plain", "r-45")).toBe(REFUSALS.tooSlow.message);
    expect(refusal("fault", "text/html")).not.toContain("quote");
  });
});

describe("job runs", () => {
  it("every line of a run carries the run's id, and another run has another", async () => {
    const capture = captureLogs();
    try {
      const run = () =>
        asJobRun(async () => {
          log().info({ type: "test.job" }, "one");
          await sleep(1);
          log().info({ type: "test.job" }, "two");
        });
      await run();
      await run();
      const ids = capture.lines().map((l) => l.runId);
      expect(ids[0]).toMatch(UUID);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).toMatch(UUID);
      expect(ids[3]).toBe(ids[2]);
      expect(ids[2]).not.toBe(ids[0]);
    } finally {
      capture.stop();
    }
  });
});

describe("LOG_LEVEL and LOG_FORMAT", () => {
  it("LOG_LEVEL is one of pino's levels or silent, info when unset; anything else stops the start", () => {
    expect(logLevel(undefined)).toBe("info");
    expect(logLevel("")).toBe("info");
    expect(logLevel("debug")).toBe("debug");
    expect(logLevel("WARN")).toBe("warn");
    expect(logLevel("silent")).toBe("silent");
    expect(() => logLevel("verbose")).toThrow(/LOG_LEVEL must be one of/);
    expect(() => logLevel("30")).toThrow(/LOG_LEVEL/);
  });

  it("LOG_FORMAT is pretty in development and json elsewhere, unless named", () => {
    expect(logFormat(undefined, "development")).toBe("pretty");
    expect(logFormat(undefined, "production")).toBe("json");
    expect(logFormat("", "test")).toBe("json");
    expect(logFormat("json", "development")).toBe("json");
    expect(logFormat("pretty", "production")).toBe("pretty");
    expect(() => logFormat("text", "production")).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it("development's readable line has the time, the level, the request and the id", () => {
    const line = prettyLine(
      JSON.stringify({
        level: "info",
        time: "2026-11-29T03:04:05.678Z",
        pid: 1,
        hostname: "h",
        reqId: "r-1",
        req: { method: "GET", url: "/faq" },
        res: { statusCode: 200 },
        responseTime: 3,
        message: "request completed",
      }),
    );
    expect(line).toBe("03:04:05 INFO  GET /faq 200 3ms  reqId=r-1\n");
    expect(
      prettyLine(JSON.stringify({ level: "error", time: "x", message: "boom", type: "t" })),
    ).toBe(" ERROR boom  type=t\n");
  });
});
