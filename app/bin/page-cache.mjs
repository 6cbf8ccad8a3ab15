// A small in-memory cache, per worker, of the anonymous content pages that the
// app itself marks shareable (`Cache-Control: public, …, s-maxage=N` with an
// ETag, decision 011). Within s-maxage a repeat request for the same host and
// URL is answered from memory without running Remix, React or the database:
// a content page then costs what a static file costs. It keeps exactly what a
// shared cache in front of the app would keep, so freshness and privacy follow
// the app's own headers; see docs/decisions/012-page-micro-cache.md.
// Every entry is stored under the content version the worker knew when the
// request came in; when the version moves (an edit anywhere), every older entry
// is dropped, so an edit is served within about a second (decision 054).
// A hit for a browser is sent compressed from memory too: each entry is compressed once per
// encoding, on the first hit that asks for it (decision 095).
import zlib from "node:zlib";
import { preferredEncoding } from "./accept-encoding.mjs";

const MAX_ENTRIES = 300;
const MAX_BYTES = 24 * 1024 * 1024;
// Headers that belong to one exchange, not to the cached page.
// Content-Encoding is the hit's own: the kept body is the uncompressed one.
// X-Request-Id is each request's own (decision 066).
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
  "content-length",
  "content-encoding",
  "x-request-id",
]);

/**
 * How a hit's body is compressed, once per entry: brotli at quality 5 (the compression middleware
 * uses 4 for each response; once per entry affords a little more), gzip at zlib's default level.
 * Brotli first when a client accepts both as much: it is the smaller of the two.
 */
const ENCODERS = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => zlib.gzipSync(body),
};
// As the compression middleware: bodies under 1 KB are sent as they are, and only text is compressed.
const MIN_COMPRESSED_BYTES = 1024;
const COMPRESSIBLE =
  /^(text\/|application\/([a-z.+-]*\+)?(json|xml|javascript)\b|image\/svg\+xml)/i;

/** Seconds a shared cache may keep a response, or 0 when it may not keep it at all. */
export function sharedMaxAge(cacheControl) {
  if (typeof cacheControl !== "string") return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (
    !directives.includes("public") ||
    directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")
  )
    return 0;
  const sMaxAge = directives.find((d) => d.startsWith("s-maxage="));
  const seconds = Number(sMaxAge?.slice("s-maxage=".length));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/**
 * Express middleware. `policy()` gives the app's own rules, as `entry.server` exports them:
 * `isSharedPageRequest(method, url, cookieHeader)` says which requests get the shared version of
 * their page (no session cookie, a route marked public), and `matchesEtag(ifNoneMatch, etag)`
 * compares validators. Only shared requests are looked up or stored, and a response is stored
 * only when it says a shared cache may keep it (200, public with s-maxage, an ETag, no Set-Cookie).
 * `contentVersion()`, when the app exports it, gives the content version as a string, or a promise
 * when the worker must read it again (at most once a second): entries of an older version are
 * never served, neither as a 200 nor as a 304.
 * `onLookup(hit)` hears each lookup (app/bin/metrics.mjs counts them); an entry keeps the Remix route
 * id of the request that stored it (`res.locals.routeId`) and gives it back to each hit, so a page
 * answered from memory is counted under its route.
 * @param {() => any} policy
 * @param {{ maxEntries?: number, maxBytes?: number, now?: () => number, onLookup?: (hit: boolean) => void }} [options]
 */
export function pageMicroCache(
  policy,
  { maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES, now = Date.now, onLookup } = {},
) {
  const entries = boundedEntries(maxEntries, maxBytes);
  let cacheVersion; // the content version every entry was stored under

  const middleware = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const rules = policy();
    if (!rules?.isSharedPageRequest?.(req.method, req.originalUrl, req.headers.cookie))
      return next();
    const version = rules.contentVersion?.();
    if (version && typeof version.then === "function") {
      version
        .then(
          (v) => answer(req, res, next, rules, v),
          () => answer(req, res, next, rules, cacheVersion),
        )
        .catch(next);
      return;
    }
    answer(req, res, next, rules, version);
  };

  const answer = (req, res, next, rules, version) => {
    if (version !== cacheVersion) {
      // content moved: nothing kept under the old version may be served again
      entries.clear();
      cacheVersion = version;
    }
    // The app's pages say `Vary: Cookie`, so the cookies are part of the key, as in any shared cache.
    const key = cacheKey(req);
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      onLookup?.(true);
      entries.touch(key, entry);
      return replay(req, res, entry, rules, now(), () => entries.grew(key, entry));
    }
    onLookup?.(false);
    if (entry) entries.remove(key);
    if (req.method === "HEAD") return next();
    keepOnEnd(res, maxBytes / 4, (body) => {
      const maxAge = sharedMaxAge(res.getHeader("cache-control"));
      if (
        res.statusCode !== 200 ||
        version !== cacheVersion ||
        maxAge <= 0 ||
        !res.getHeader("etag") ||
        res.hasHeader("set-cookie")
      )
        return;
      const storedAt = now();
      entries.store(key, {
        status: 200,
        headers: pageHeaders(res),
        body,
        encoded: {},
        size: body.length,
        storedAt,
        expiresAt: storedAt + maxAge * 1000,
        routeId: res.locals.routeId,
      });
    });
    next();
  };
  middleware.size = () => entries.size();
  return middleware;
}

/**
 * @typedef {{ status: number, headers: Record<string, string | string[]>, body: Buffer,
 *   encoded: Partial<Record<"br" | "gzip", Buffer>>, size: number, storedAt: number,
 *   expiresAt: number, routeId?: string }} Entry
 * `size`: the body's bytes and its compressed copies'.
 */

/**
 * Entries by key, least recently used first (a Map's insertion order), within `maxEntries` and
 * `maxBytes` of bodies and their compressed copies; a body over a quarter of `maxBytes` is not kept.
 * @param {number} maxEntries
 * @param {number} maxBytes
 */
function boundedEntries(maxEntries, maxBytes) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let bytes = 0;
  const remove = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  const evictPastLimits = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };
  return {
    get: (key) => entries.get(key),
    remove,
    /** Marks an entry most recently used. */
    touch(key, entry) {
      entries.delete(key);
      entries.set(key, entry);
    },
    store(key, entry) {
      if (entry.body.length > maxBytes / 4) return;
      remove(key);
      entries.set(key, entry);
      bytes += entry.size;
      evictPastLimits();
    },
    /** Counts again the bytes of an entry that has grown (a compressed copy), if it is still kept. */
    grew(key, entry) {
      const size =
        entry.body.length + Object.values(entry.encoded).reduce((n, b) => n + b.length, 0);
      if (entries.get(key) === entry) bytes += size - entry.size;
      entry.size = size;
      evictPastLimits();
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    size: () => entries.size,
  };
}

/**
 * A hit: the kept page with its age, compressed as the client accepts (see `preferredEncoding`), or a
 * 304 when the visitor's validator matches.
 */
function replay(req, res, entry, rules, at, grew) {
  res.locals.routeId = entry.routeId;
  res.setHeader("Age", String(Math.floor((at - entry.storedAt) / 1000)));
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  if (rules.matchesEtag(req.headers["if-none-match"] ?? null, String(entry.headers.etag))) {
    res.removeHeader("Content-Type");
    return res.status(304).end();
  }
  res.status(entry.status);
  if (req.method === "HEAD") return res.end();
  const encoding = compressible(entry)
    ? preferredEncoding(req.headers["accept-encoding"])
    : undefined;
  if (!encoding) return res.end(entry.body);
  let body = entry.encoded[encoding];
  if (!body) {
    body = entry.encoded[encoding] = ENCODERS[encoding](entry.body);
    grew();
  }
  // set before the compression middleware's header hook, which then leaves the body as it is
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  return res.end(body);
}

/** @param {Entry} entry */
function compressible(entry) {
  return (
    entry.body.length >= MIN_COMPRESSED_BYTES &&
    COMPRESSIBLE.test(String(entry.headers["content-type"] ?? "")) &&
    !String(entry.headers["cache-control"] ?? "").includes("no-transform")
  );
}

/** The Vary: Cookie key of a request (see `answer`). */
const cacheKey = (req) =>
  `${req.headers.host ?? ""}\n${req.originalUrl}\n${req.headers.cookie ?? ""}`;

/** The response's headers a later visitor may get: all but those of one exchange. */
function pageHeaders(res) {
  const headers = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!HOP_HEADERS.has(name) && value !== undefined)
      headers[name] = Array.isArray(value) ? value : String(value);
  }
  return headers;
}

/**
 * A miss: keeps a copy of the uncompressed body as the app writes it, and hands it to `kept` when
 * the response ends (not when it is over `limit` bytes).
 */
function keepOnEnd(res, limit, kept) {
  const chunks = [];
  let size = 0;
  let tooBig = false;
  const write = res.write;
  const end = res.end;
  const keep = (chunk, encoding) => {
    if (chunk == null || tooBig || typeof chunk === "function") return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
    size += buf.length;
    if (size > limit) tooBig = true;
    else chunks.push(buf);
  };
  res.write = function (chunk, encoding, cb) {
    keep(chunk, encoding);
    return write.call(this, chunk, encoding, cb);
  };
  res.end = function (chunk, encoding, cb) {
    keep(chunk, encoding);
    res.write = write;
    res.end = end;
    if (!tooBig) kept(Buffer.concat(chunks));
    return end.call(this, chunk, encoding, cb);
  };
}
