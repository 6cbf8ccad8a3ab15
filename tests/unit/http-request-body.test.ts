// Request bodies are read whole, within their path's limit and deadline, before a request queues
// (app/bin/request-body.mjs, decision 041): the table, the reader, and the middleware on a real
// Express server with small limits.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BODY_LIMITS,
  BodyNotRead,
  bodyBudget,
  bodyBytesInFlightMax,
  FORM_BODY,
  bodyLimitFor,
  bufferBodies,
  continueIfFits,
  longestBodySeconds,
  readBody,
} from "../../app/bin/request-body.mjs";

// Express ships no types here; the server (plain ESM) uses it untyped too.
type ExpressApp = RequestListener & {
  use(fn: unknown): void;
  all(
    path: string,
    fn: (
      req: IncomingMessage & { rawBody?: Buffer },
      res: ServerResponse & { send(body: string): void },
    ) => void,
  ): void;
};
const express = createRequire(import.meta.url)("express") as () => ExpressApp;

describe("bodyLimitFor", () => {
  it("gives forms 64 KB and 10 s, and the back office's paths their own entry", () => {
    expect(FORM_BODY).toMatchObject({ maxBytes: 64 * 1024, seconds: 10 });
    expect(bodyLimitFor("/sign-in")).toBe(FORM_BODY);
    expect(bodyLimitFor("/checkout?step=2")).toBe(FORM_BODY);
    const upload = BODY_LIMITS.find((l) => l.prefix === "/admin/catalogue/products");
    // a 2 MB image and the form around it
    expect(upload?.maxBytes).toBeGreaterThan(2 * 1024 * 1024);
    for (const path of [
      "/admin/catalogue/products/new",
      "/admin/catalogue/products/7",
      "/Admin/Catalogue/Products/7?x=1",
    ])
      expect(bodyLimitFor(path), path).toBe(upload);
    // the content editor's long Markdown forms
    const content = BODY_LIMITS.find((l) => l.prefix === "/admin/content");
    expect(content?.maxBytes).toBe(512 * 1024);
    for (const path of ["/admin/content/posts/3", "/admin/content/pages/terms"])
      expect(bodyLimitFor(path), path).toBe(content);
    // every other back-office form is a form
    for (const path of ["/admin", "/admin/customers/7", "/admin/catalogue/boxes/3"])
      expect(bodyLimitFor(path), path).toBe(FORM_BODY);
    // a prefix is a whole path segment
    expect(bodyLimitFor("/administrator")).toBe(FORM_BODY);
    expect(bodyLimitFor("/sign-in?next=/admin/catalogue/products/1")).toBe(FORM_BODY);
    expect(bodyLimitFor("/admin/catalogue/productsx")).toBe(FORM_BODY);
  });

  it("the longest deadline of the table bounds Node's request timeout", () => {
    expect(longestBodySeconds()).toBe(
      Math.max(...[FORM_BODY, ...BODY_LIMITS].map((l) => l.seconds)),
    );
  });
});

describe("readBody", () => {
  const limit = { maxBytes: 10, seconds: 1 };

  it("resolves to the whole body once it has ended", async () => {
    const req = new PassThrough();
    const body = readBody(req, limit);
    req.write("abc");
    req.end("defg");
    expect((await body).toString()).toBe("abcdefg");
  });

  it("refuses as soon as the bytes pass the limit, without waiting for the end", async () => {
    const req = new PassThrough();
    const body = readBody(req, limit);
    req.write("123456");
    req.write("789012");
    await expect(body).rejects.toMatchObject({ reason: "tooLarge" });
    expect(req.isPaused()).toBe(true);
  });

  it("refuses a body that has not ended when its seconds are up", async () => {
    const req = new PassThrough();
    const started = Date.now();
    const body = readBody(req, { maxBytes: 10, seconds: 0.05 });
    req.write("a");
    await expect(body).rejects.toBeInstanceOf(BodyNotRead);
    await expect(body).rejects.toMatchObject({ reason: "tooSlow" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("gives up when the client goes away", async () => {
    const req = new PassThrough();
    const body = readBody(req, limit);
    req.write("a");
    req.destroy();
    await expect(body).rejects.toMatchObject({ reason: "gone" });
  });
});

describe("bufferBodies on a server", () => {
  // 100 bytes and a quarter of a second for every path, so the cases are small and quick
  const small = () => ({ prefix: "", maxBytes: 100, seconds: 0.25 });
  let server: http.Server;
  let port: number;
  let handled = 0;

  beforeAll(async () => {
    const app = express();
    app.use(bufferBodies(small));
    app.all("*", (req, res) => {
      handled++;
      res.send(`read ${req.rawBody?.length ?? "no body"}`);
    });
    server = http.createServer(app);
    server.on("checkContinue", continueIfFits(app));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends `request` on a raw connection; resolves to what came back once the server closed it or `waitMs` passed. */
  function exchange(request: string, waitMs = 2_000): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      const done = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(received);
      };
      const timer = setTimeout(done, waitMs);
      socket.setEncoding("latin1");
      socket.on("data", (d: string) => (received += d));
      socket.on("error", () => {});
      socket.on("close", done);
      socket.write(request);
    });
  }
  const post = (headers: string, body = "") =>
    `POST /form HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n${body}`;

  it("hands the handler a body that fits, read whole", async () => {
    const got = await exchange(post("Content-Length: 11\r\n", "a=1&b=hello"));
    expect(got).toMatch(/^HTTP\/1\.1 200/);
    expect(got).toContain("read 11");
    const chunked = await exchange(
      post("Transfer-Encoding: chunked\r\n", "3\r\na=1\r\n4\r\n&b=2\r\n0\r\n\r\n"),
    );
    expect(chunked).toContain("read 7");
    expect(await exchange("GET /page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toContain(
      "read no body",
    );
  });

  it("refuses a Content-Length over the limit with 413 before reading, and closes", async () => {
    const before = handled;
    const got = await exchange(post("Content-Length: 5000000\r\n", "a".repeat(50)));
    expect(got).toMatch(/^HTTP\/1\.1 413/);
    expect(got).toMatch(/\r\nConnection: close\r\n/i);
    expect(got).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(got).toMatch(/\r\nContent-Type: text\/plain/i);
    expect(got).toContain("too large");
    expect(handled).toBe(before);
  });

  it("cuts a chunked body off with 413 as soon as it passes the limit", async () => {
    const chunk = `40\r\n${"a".repeat(64)}\r\n`;
    const got = await exchange(post("Transfer-Encoding: chunked\r\n", chunk + chunk)); // 128 bytes, never ended
    expect(got).toMatch(/^HTTP\/1\.1 413/);
  });

  it("answers 408 and closes when the body does not arrive in time", async () => {
    const started = Date.now();
    const got = await exchange(post("Content-Length: 50\r\n", "a=1"));
    expect(got).toMatch(/^HTTP\/1\.1 408/);
    expect(got).toMatch(/\r\nConnection: close\r\n/i);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("shows a browser a small page", async () => {
    const got = await exchange(post("Accept: text/html,*/*;q=0.8\r\nContent-Length: 500\r\n"));
    expect(got).toMatch(/^HTTP\/1\.1 413/);
    expect(got).toMatch(/\r\nContent-Type: text\/html/i);
    expect(got).toContain("<h1>That was too much to send</h1>");
  });

  it("sends no 100 Continue for a body it will refuse, and one for a body that fits", async () => {
    const refused = await exchange(post("Expect: 100-continue\r\nContent-Length: 500\r\n"));
    expect(refused).toMatch(/^HTTP\/1\.1 413/);
    const fits = await exchange(post("Expect: 100-continue\r\nContent-Length: 3\r\n", "a=1"));
    expect(fits).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200/);
    expect(fits).toContain("read 3");
  });
});

describe("large bodies only for staff, within a budget (decision 061)", () => {
  // "/big" allows 1000 bytes to staff; a visitor, and every other path, 100
  const visitor = { prefix: "", maxBytes: 100, seconds: 0.25 };
  const big = { prefix: "/big", maxBytes: 1000, seconds: 2 };
  const limitFor = (url: string) => (url.startsWith("/big") ? big : visitor);
  let server: http.Server;
  let port: number;
  let checks = 0;
  let failCheck = false;
  const budget = bodyBudget(1499);

  beforeAll(async () => {
    const app = express();
    app.use(
      bufferBodies(limitFor, {
        visitorLimit: visitor,
        isStaff: async (req: IncomingMessage) => {
          checks++;
          await new Promise((r) => setTimeout(r, 20)); // a database round trip
          if (failCheck) throw new Error("database down");
          return req.headers.cookie === "staff=yes";
        },
        budget,
      }),
    );
    app.all("*", (req, res) => res.send(`read ${req.rawBody?.length ?? "no body"}`));
    server = http.createServer(app);
    server.on("checkContinue", continueIfFits(app));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw connection: `received` so far, `sent` to write more, `closed` once the server hung up. */
  function connect(request: string) {
    const socket = net.connect(port, "127.0.0.1");
    const state = { received: "", closed: false };
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => (state.received += d));
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) =>
      socket.on("close", () => {
        state.closed = true;
        resolve();
      }),
    );
    socket.write(request);
    return { state, socket, closed };
  }
  async function exchange(request: string, waitMs = 2_000): Promise<string> {
    const c = connect(request);
    await Promise.race([c.closed, new Promise((r) => setTimeout(r, waitMs))]);
    c.socket.destroy();
    return c.state.received;
  }
  const post = (path: string, headers: string, body = "") =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n${body}`;
  const until = async (check: () => boolean, ms = 2_000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  };

  it("answers a visitor's large Content-Length 413 before reading a byte, and closes", async () => {
    const started = Date.now();
    // the headers only: the answer must not wait for a body
    const got = await exchange(post("/big/upload", "Content-Length: 900\r\n"));
    expect(got).toMatch(/^HTTP\/1\.1 413/);
    expect(got).toMatch(/\r\nConnection: close\r\n/i);
    expect(got).toContain("without a back-office sign-in");
    expect(Date.now() - started).toBeLessThan(1_000); // not the 2 s deadline for the body
    const forged = await exchange(
      post("/big/upload", "Cookie: staff=no\r\nContent-Length: 900\r\n"),
    );
    expect(forged).toMatch(/^HTTP\/1\.1 413/);
  });

  it("reads a large body for staff, and a small one for anyone without asking", async () => {
    const staff = await exchange(
      post("/big/upload", "Cookie: staff=yes\r\nContent-Length: 900\r\n", "a".repeat(900)),
    );
    expect(staff).toMatch(/^HTTP\/1\.1 200/);
    expect(staff).toContain("read 900");
    const before = checks;
    const small = await exchange(post("/big/upload", "Content-Length: 50\r\n", "a".repeat(50)));
    expect(small).toContain("read 50");
    expect(checks).toBe(before);
  });

  it("cuts a visitor's chunked body off at the visitor's limit, and lets staff send more", async () => {
    const chunk = `40\r\n${"a".repeat(64)}\r\n`;
    const visitorGot = await exchange(
      post("/big/upload", "Transfer-Encoding: chunked\r\n", chunk + chunk + "0\r\n\r\n"),
    );
    expect(visitorGot).toMatch(/^HTTP\/1\.1 413/);
    const staffGot = await exchange(
      post(
        "/big/upload",
        "Cookie: staff=yes\r\nTransfer-Encoding: chunked\r\n",
        chunk + chunk + "0\r\n\r\n",
      ),
    );
    expect(staffGot).toContain("read 128");
  });

  it("gives a staff member's `100 Continue` only after the check, and a visitor none", async () => {
    const c = connect(
      post("/big/upload", "Cookie: staff=yes\r\nExpect: 100-continue\r\nContent-Length: 900\r\n"),
    );
    await until(() => c.state.received.includes("100 Continue"));
    expect(c.state.received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    c.socket.write("a".repeat(900));
    await c.closed;
    expect(c.state.received).toContain("read 900");
    const refused = await exchange(
      post("/big/upload", "Expect: 100-continue\r\nContent-Length: 900\r\n"),
    );
    expect(refused).toMatch(/^HTTP\/1\.1 413/);
  });

  it("answers 500 and closes when the sign-in cannot be checked", async () => {
    failCheck = true;
    try {
      const got = await exchange(
        post("/big/upload", "Cookie: staff=yes\r\nContent-Length: 900\r\n"),
      );
      expect(got).toMatch(/^HTTP\/1\.1 500/);
      expect(got).toMatch(/\r\nConnection: close\r\n/i);
    } finally {
      failCheck = false;
    }
  });

  it("answers 503 with Retry-After once the bodies held would pass the budget, and gives the bytes back", async () => {
    // two staff uploads hold 700 + 700 of the 1499 bytes, both still sending
    const first = connect(
      post("/big/upload", "Cookie: staff=yes\r\nContent-Length: 750\r\n", "a".repeat(700)),
    );
    const second = connect(
      post("/big/upload", "Cookie: staff=yes\r\nContent-Length: 750\r\n", "a".repeat(700)),
    );
    await until(() => budget.held() === 1400);
    expect(budget.held()).toBe(1400);
    // a Content-Length that does not fit now: 503 before reading
    const refused = await exchange(post("/form", "Content-Length: 101\r\n"));
    expect(refused).toMatch(/^HTTP\/1\.1 413/); // over the path's limit comes first
    const busy = await exchange(post("/form", "Content-Length: 100\r\n"));
    expect(busy).toMatch(/^HTTP\/1\.1 503/);
    expect(busy).toMatch(/\r\nRetry-After: \d+\r\n/i);
    expect(busy).toMatch(/\r\nConnection: close\r\n/i);
    // a chunked body is cut off when its bytes stop fitting
    const chunked = await exchange(
      post("/form", "Transfer-Encoding: chunked\r\n", `64\r\n${"a".repeat(100)}\r\n`),
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 503/);
    expect(budget.held()).toBe(1400);
    // the first upload ends: its bytes are given back once its answer is sent, and a form fits again
    first.socket.write("a".repeat(50));
    await first.closed;
    expect(first.state.received).toContain("read 750");
    await until(() => budget.held() === 700);
    expect(budget.held()).toBe(700);
    expect(await exchange(post("/form", "Content-Length: 100\r\n", "a".repeat(100)))).toContain(
      "read 100",
    );
    // the second gives up: its bytes come back too
    second.socket.destroy();
    await until(() => budget.held() === 0);
    expect(budget.held()).toBe(0);
  });
});

describe("the budget and its setting", () => {
  it("BODY_BYTES_IN_FLIGHT_MAX is 64 MB unset, a whole number of bytes at least the largest limit, or stops the server", () => {
    expect(bodyBytesInFlightMax(undefined)).toBe(64 * 1024 * 1024);
    expect(bodyBytesInFlightMax(" ")).toBe(64 * 1024 * 1024);
    expect(bodyBytesInFlightMax("10000000")).toBe(10_000_000);
    const largest = Math.max(...BODY_LIMITS.map((l) => l.maxBytes));
    expect(bodyBytesInFlightMax(String(largest))).toBe(largest);
    for (const bad of [String(largest - 1), "64MB", "1e8", "-1", "abc", "off", "0x100000000"])
      expect(() => bodyBytesInFlightMax(bad), bad).toThrow(/BODY_BYTES_IN_FLIGHT_MAX/);
  });

  it("readBody takes each chunk from the budget and gives all back when it refuses", async () => {
    const budget = bodyBudget(10);
    const req = new PassThrough();
    const body = readBody(req, { maxBytes: 100, seconds: 1 }, budget);
    req.write("123456");
    req.write("789012");
    await expect(body).rejects.toMatchObject({ reason: "full" });
    expect(budget.held()).toBe(0);
    const ok = new PassThrough();
    const read = readBody(ok, { maxBytes: 100, seconds: 1 }, budget);
    ok.end("12345");
    expect((await read).length).toBe(5);
    expect(budget.held()).toBe(5); // the caller's, until its answer is sent
  });
});
