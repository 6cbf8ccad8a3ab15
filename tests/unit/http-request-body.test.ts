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
    server.on("checkContinue", continueIfFits(app, small));
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
