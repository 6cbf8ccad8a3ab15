// The server's page micro-cache (app/bin/page-cache.mjs) on a real Express app:
// what it keeps, for whom, for how long, and that hits still get compressed and 304s.
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageMicroCache, sharedMaxAge } from "../../app/bin/page-cache.mjs";
import { matchesEtag } from "~/http/cache-policy.server";

// Express and compression ship no types here; the server (plain ESM) uses them untyped too.
type Res = ServerResponse & {
  set(h: Record<string, string>): Res;
  status(n: number): Res;
  cookie(n: string, v: string): Res;
};
type Handler = (req: IncomingMessage & { path: string }, res: Res) => void;
type ExpressApp = {
  use(fn: unknown): void;
  get(path: string, fn: Handler): void;
  listen(port: number, host: string): Server;
};
const require = createRequire(import.meta.url);
const express = require("express") as () => ExpressApp;
const compression = require("compression") as () => unknown;

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections(); // fetch keeps connections alive
    }),
);

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

async function start(
  handler: Handler,
  options: { now?: () => number; maxEntries?: number; maxBytes?: number } = {},
) {
  let calls = 0;
  const app = express();
  app.use(compression());
  // The app's rules, as entry.server exports them: here no session cookie and only paths under /p/; the real ETag comparison.
  const isSharedPageRequest = (method: string, url: string, cookie?: string) =>
    (method === "GET" || method === "HEAD") &&
    url.startsWith("/p/") &&
    !(cookie ?? "").includes("__session=");
  app.use(pageMicroCache(() => ({ isSharedPageRequest, matchesEtag }), options));
  app.get("*", (req, res) => {
    calls++;
    handler(req, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  return { base, calls: () => calls };
}

const page: Handler = (req, res) => {
  res.set({
    "Cache-Control": PUBLIC,
    ETag: '"v1"',
    "Content-Type": "text/html; charset=utf-8",
    Vary: "Cookie",
  });
  res.write("<p>");
  res.end(`page ${req.path}</p>`);
};

describe("page micro-cache", () => {
  it("answers a repeat request for a shareable page from memory, with its headers and an Age", async () => {
    const { base, calls } = await start(page);
    const first = await fetch(`${base}/p/terms`);
    const second = await fetch(`${base}/p/terms`);
    expect(await first.text()).toBe("<p>page /p/terms</p>");
    expect(await second.text()).toBe("<p>page /p/terms</p>");
    expect(calls()).toBe(1);
    expect(second.headers.get("etag")).toBe('"v1"');
    expect(second.headers.get("cache-control")).toBe(PUBLIC);
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("age")).toMatch(/^\d+$/);
    expect(first.headers.get("age")).toBeNull();
  });

  it("answers If-None-Match with 304 from memory", async () => {
    const { base, calls } = await start(page);
    await fetch(`${base}/p/faq`);
    const revalidated = await fetch(`${base}/p/faq`, {
      headers: { "If-None-Match": '"v0", "v1"' },
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(calls()).toBe(1);
  });

  it("compresses a hit for a client that accepts gzip, and not for one that does not", async () => {
    const { base } = await start((req, res) => {
      res.set({ "Cache-Control": PUBLIC, ETag: '"big"', "Content-Type": "text/html" });
      res.end("x".repeat(5000));
    });
    await fetch(`${base}/p/big`, { headers: { "Accept-Encoding": "gzip" } });
    const raw = await fetch(`${base}/p/big`, { headers: { "Accept-Encoding": "identity" } });
    expect(raw.headers.get("content-encoding")).toBeNull();
    expect(await raw.text()).toHaveLength(5000);
    // node's fetch would decode gzip itself: read the bytes over a plain request instead
    const http = await import("node:http");
    const gz = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      http.get(`${base}/p/big`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
        );
      });
    });
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe("x".repeat(5000));
  });

  it("never serves or stores for a request the app does not share (a session cookie, another route)", async () => {
    const { base, calls } = await start(page);
    await fetch(`${base}/p/terms`, { headers: { Cookie: "__session=abc" } });
    await fetch(`${base}/p/terms`, { headers: { Cookie: "__session=abc" } });
    expect(calls()).toBe(2);
    await fetch(`${base}/dashboard`);
    await fetch(`${base}/dashboard`);
    expect(calls()).toBe(4);
  });

  it("stores only what a shared cache may keep: not private, not without an ETag, not with Set-Cookie, not an error", async () => {
    const variants: Record<string, Handler> = {
      "/p/private": (_q, res) =>
        res.set({ "Cache-Control": "private, no-store", ETag: '"a"' }).end("a"),
      "/p/no-etag": (_q, res) => res.set({ "Cache-Control": PUBLIC }).end("b"),
      "/p/cookie": (_q, res) =>
        res.set({ "Cache-Control": PUBLIC, ETag: '"c"' }).cookie("x", "1").end("c"),
      "/p/missing": (_q, res) =>
        res.status(404).set({ "Cache-Control": PUBLIC, ETag: '"d"' }).end("d"),
      "/p/no-s-maxage": (_q, res) =>
        res.set({ "Cache-Control": "public, max-age=60", ETag: '"e"' }).end("e"),
    };
    const { base, calls } = await start((req, res) => variants[req.path](req, res));
    for (const path of Object.keys(variants)) {
      await fetch(base + path);
      await fetch(base + path);
    }
    expect(calls()).toBe(10);
  });

  it("keeps a page only for its s-maxage", async () => {
    let clock = 1_000_000;
    const { base, calls } = await start(page, { now: () => clock });
    await fetch(`${base}/p/blog`);
    clock += 59_000;
    await fetch(`${base}/p/blog`);
    expect(calls()).toBe(1);
    clock += 2_000;
    await fetch(`${base}/p/blog`);
    expect(calls()).toBe(2);
  });

  it("keys on the Host, the whole URL (query included) and the cookies (the pages vary by Cookie)", async () => {
    const { base, calls } = await start(page);
    await fetch(`${base}/p/blog?page=2`);
    await fetch(`${base}/p/blog?page=3`);
    await fetch(`${base}/p/blog?page=2`);
    expect(calls()).toBe(2);
    const http = await import("node:http");
    await new Promise((resolve) =>
      http.get(`${base}/p/blog?page=2`, { headers: { Host: "evil.example" } }, (r) =>
        r.resume().on("end", resolve),
      ),
    );
    expect(calls()).toBe(3);
    await fetch(`${base}/p/blog?page=2`, { headers: { Cookie: "theme=dark" } });
    await fetch(`${base}/p/blog?page=2`, { headers: { Cookie: "theme=dark" } });
    expect(calls()).toBe(4);
  });

  it("drops the least recently used page past its entry limit", async () => {
    const { base, calls } = await start(page, { maxEntries: 2 });
    for (const p of ["a", "b", "a", "c", "a", "b"]) await fetch(`${base}/p/${p}`);
    // a, b stored; a hit; c evicts b (least recent); a hit; b is fetched again
    expect(calls()).toBe(4);
  });
});

/** A response's bytes as sent (node's fetch would decode them), with its headers. */
async function rawGet(url: string, headers: Record<string, string>) {
  const http = await import("node:http");
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
  });
}

/** A shareable HTML page of `size` characters that compress to about half. */
const textPage =
  (size: number): Handler =>
  (req, res) => {
    res.set({ "Cache-Control": PUBLIC, ETag: '"t"', "Content-Type": "text/html; charset=utf-8" });
    res.end(`${req.path} ${randomBytes(size).toString("hex")}`.slice(0, size));
  };

describe("page micro-cache: compressed hits (decision 095)", () => {
  const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd" };

  it("sends a browser's hit in brotli, once compressed, the same bytes each time, with its length and Vary", async () => {
    const { base, calls } = await start(textPage(6000));
    const plain = await fetch(`${base}/p/blog`, { headers: { "Accept-Encoding": "identity" } });
    const html = await plain.text();
    const brotli = vi.spyOn(zlib, "brotliCompressSync");
    try {
      const first = await rawGet(`${base}/p/blog`, BROWSER);
      const second = await rawGet(`${base}/p/blog`, BROWSER);
      expect(calls()).toBe(1);
      expect(brotli).toHaveBeenCalledTimes(1);
      expect(first.headers["content-encoding"]).toBe("br");
      expect(first.headers["content-length"]).toBe(String(first.body.length));
      expect(first.headers.vary).toMatch(/Accept-Encoding/);
      expect(brotliDecompressSync(first.body).toString()).toBe(html);
      expect(second.body.equals(first.body)).toBe(true);
      expect(first.body.length).toBeLessThan(html.length * 0.7);
    } finally {
      brotli.mockRestore();
    }
  });

  it("sends gzip to a client that accepts only gzip, and the body as it is to one that accepts neither", async () => {
    const { base } = await start(textPage(6000));
    const html = await (
      await fetch(`${base}/p/faq`, { headers: { "Accept-Encoding": "" } })
    ).text();
    const gz = await rawGet(`${base}/p/faq`, { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await rawGet(`${base}/p/faq`, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });

  it("counts the compressed copies within its byte limit: a page past it is dropped", async () => {
    // four 5,000-byte pages take 20,000 of 24,000 bytes; a's two compressed copies (about 2,500
    // each: hex text) take it past the limit, which drops the least recently used page, b
    const { base, calls } = await start(textPage(5000), { maxBytes: 24_000 });
    for (const p of ["a", "b", "c", "d"]) await fetch(`${base}/p/${p}`);
    await rawGet(`${base}/p/a`, { "Accept-Encoding": "br" });
    await rawGet(`${base}/p/a`, { "Accept-Encoding": "gzip" });
    expect(calls()).toBe(4);
    await fetch(`${base}/p/c`);
    expect(calls()).toBe(4);
    await fetch(`${base}/p/b`);
    expect(calls()).toBe(5);
  });
});

describe("page micro-cache and the metrics", () => {
  it("reports each lookup as a hit or a miss, and gives a hit the route id of the request that stored it", async () => {
    const lookups: boolean[] = [];
    const routes: unknown[] = [];
    const app = express();
    type Locals = { locals: Record<string, unknown> };
    app.use((_req: unknown, res: Res & Locals, next: () => void) => {
      res.on("finish", () => routes.push(res.locals.routeId));
      next();
    });
    const isSharedPageRequest = (_m: string, url: string) => url.startsWith("/p/");
    app.use(
      pageMicroCache(() => ({ isSharedPageRequest, matchesEtag }), {
        onLookup: (hit: boolean) => lookups.push(hit),
      }),
    );
    app.get("*", (req, res) => {
      (res as unknown as Locals).locals.routeId = "routes/p.$slug";
      page(req, res);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    for (const p of ["/p/a", "/p/a", "/p/a", "/not-shared"]) await fetch(`${base}${p}`);
    expect(lookups).toEqual([false, true, true]); // an unshared request is never looked up
    expect(routes).toEqual([
      "routes/p.$slug",
      "routes/p.$slug",
      "routes/p.$slug",
      "routes/p.$slug",
    ]);
  });
});

describe("sharedMaxAge", () => {
  it("reads s-maxage of a public response and refuses anything private", () => {
    expect(sharedMaxAge(PUBLIC)).toBe(60);
    expect(sharedMaxAge("public, s-maxage=0")).toBe(0);
    expect(sharedMaxAge("private, s-maxage=60")).toBe(0);
    expect(sharedMaxAge("public, no-store, s-maxage=60")).toBe(0);
    expect(sharedMaxAge("s-maxage=60")).toBe(0);
    expect(sharedMaxAge(undefined)).toBe(0);
  });
});
