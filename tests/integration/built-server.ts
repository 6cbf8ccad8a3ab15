// The run's production build served in this process (decision 076): the Express app
// app/bin/server.mjs mounts (headers, status pages, the micro-cache, the Remix handler), on an
// ephemeral loopback port and the integration suite's database. For checks of what the server
// answers (statuses, headers, the HTML's JSON-LD, the error pages) that need no browser: the e2e
// suite keeps what a page does.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { installGlobals } from "@remix-run/node";
import { ensureTestBuild } from "../build-once.mjs";

/** An answer read whole, as it came over the wire: not decompressed, no redirect followed. */
export type RawAnswer = {
  status: number;
  /** header names in lower case; repeated ones (set-cookie) joined with ", " */
  headers: Record<string, string | undefined>;
  setCookies: string[];
  body: Buffer;
  /** the body as text, decoded from its content-encoding (gzip, br) */
  text(): string;
  json(): unknown;
};

export type RawRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** sent urlencoded */
  form?: Record<string, string>;
};

export type BuiltServer = {
  base: string;
  /** a request to the server, redirects not followed */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /**
   * A request through node:http rather than fetch: any Host header, no Accept-Encoding of its
   * own, the body as sent (for what a browser's request context would see).
   */
  send(path: string, request?: RawRequest): Promise<RawAnswer>;
  /** what the build's entry.server exports, as the server reads it */
  entry: Record<string, unknown>;
  close(): Promise<void>;
};

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  return body;
}

function send(port: number, path: string, req: RawRequest = {}): Promise<RawAnswer> {
  const body = req.form ? new URLSearchParams(req.form).toString() : undefined;
  const headers: Record<string, string> = { ...req.headers };
  if (body !== undefined) {
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
    headers["Content-Length"] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port, path, method: req.method ?? (body ? "POST" : "GET"), headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const all = Buffer.concat(chunks);
          const head: RawAnswer["headers"] = {};
          for (const [name, value] of Object.entries(res.headers))
            head[name] = Array.isArray(value) ? value.join(", ") : value;
          const text = () => decoded(all, head["content-encoding"]).toString("utf8");
          resolve({
            status: res.statusCode!,
            headers: head,
            setCookies: res.headers["set-cookie"] ?? [],
            body: all,
            text,
            json: () => JSON.parse(text()),
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * The build as importBuild (app/bin/server.mjs) loads it, once per test file: the build reads its
 * environment and opens its database as it loads, and files that share a worker's modules (decision
 * 082) each set their own (./setup.ts counts the files).
 */
function importBuildForThisFile(buildPath: string) {
  const { mtimeMs } = fs.statSync(buildPath);
  const file = globalThis.__integrationFiles ?? 1;
  return import(/* @vite-ignore */ `${pathToFileURL(buildPath).href}?t=${mtimeMs}&file=${file}`);
}

export async function startBuiltServer(): Promise<BuiltServer> {
  const buildPath = ensureTestBuild();
  const { createApp } = await import("../../app/bin/server.mjs");
  const build = await importBuildForThisFile(buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const server = http.createServer(createApp({ build, buildPath, mode: "production" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    get: (path, headers = {}) => fetch(`${base}${path}`, { headers, redirect: "manual" }),
    send: (path, request) => send(port, path, request),
    entry: build.entry.module,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The built server for the calling test file: started before its tests (a first load of the build
 * can take minutes on a loaded machine), closed after them. What it returns stands for the server
 * once started; using it earlier (at a file's top level) throws.
 */
export function builtServerForThisFile(): BuiltServer {
  let started: BuiltServer | undefined;
  beforeAll(async () => {
    started = await startBuiltServer();
  }, 240_000);
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error("the built server starts in beforeAll: use it inside a test");
    return started;
  };
  return {
    get base() {
      return current().base;
    },
    get: (path, headers) => current().get(path, headers),
    send: (path, request) => current().send(path, request),
    get entry() {
      return current().entry;
    },
    close: () => current().close(),
  };
}

/** The `name=value` pairs of Set-Cookie headers, for a Cookie header. */
export const cookiePairs = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]);

/**
 * A client that keeps the cookies the server sets, as Playwright's request context does: for
 * tests that take a CSRF token from a page and post with it.
 */
export function cookieJar(server: BuiltServer) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    cookie,
    async send(path: string, request: RawRequest = {}) {
      const headers = { ...request.headers };
      if (jar.size && !Object.keys(headers).some((h) => h.toLowerCase() === "cookie"))
        headers.Cookie = cookie();
      const answer = await server.send(path, { ...request, headers });
      for (const pair of cookiePairs(answer.setCookies)) {
        const at = pair.indexOf("=");
        // an empty value is a cookie cleared
        if (at === pair.length - 1) jar.delete(pair.slice(0, at));
        else jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return answer;
    },
    /** A CSRF token from the form on `path` (its cookie kept). */
    async csrfToken(path = "/sign-in") {
      const token = /name="csrf" value="([^"]+)"/.exec((await this.send(path)).text())?.[1];
      if (!token) throw new Error(`the form on ${path} carries no CSRF token`);
      return token;
    },
  };
}
