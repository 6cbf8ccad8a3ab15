// The request log (issue 45 item 1, decision 066): one line per request when its response ends,
// `{"reqId","req":{"method","url"},"res":{"statusCode"},"responseTime"}`, the address through redactUrl (no token, no e-mail, no staff search). Every request gets an id: the one a
// trusted proxy (TRUST_PROXY) sent in X-Request-Id when it is sane, else a new one. It goes back in
// the response's X-Request-Id header and rides an AsyncLocalStorage, so that every line written
// while the request is served carries it (app/log/logger.mjs).
import { randomUUID } from "node:crypto";
import { redactLogText, redactUrl } from "../security/redact.mjs";
import { rootLogger, runWithLog } from "../log/logger.mjs";

// What a proxy's id may look like: a UUID, a hex string, an AWS trace id ("Root=1-…"), at most 128
// characters; nothing that could break a log line, a header or the 500 page's HTML.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * The request's id: the incoming X-Request-Id only from a trusted proxy and only when sane, so that
 * a visitor cannot put words into the log or pass one request off as another; else a new UUID.
 * @param {string | string[] | undefined} incoming the X-Request-Id header as Node parsed it
 * @param {boolean} fromTrustedProxy whether the socket's peer is in TRUST_PROXY
 * @returns {string}
 */
export function requestIdFor(incoming, fromTrustedProxy) {
  if (fromTrustedProxy && typeof incoming === "string" && SANE_REQUEST_ID.test(incoming))
    return incoming;
  return randomUUID();
}

const STORE = Symbol("log store");

/** pino-http's message: whether the response was sent whole. */
const endedAs = (req, res) =>
  !req.readableAborted && res.writableEnded ? "request completed" : "request aborted";

/**
 * The line at the end, as pino-http 11 wrote it with this module's options (decision 066): level
 * error for a 5xx or a failed response stream, else info; `err` only for a real stream error.
 * @param {import("express").Request & { log: import("pino").Logger }} req
 * @param {import("express").Response} res
 * @param {number} started Date.now() when the request reached the log
 * @param {Error | undefined} error the response stream's error, if that is how it ended
 */
function writeLine(req, res, started, error) {
  const line = {
    req: { method: req.method, url: redactUrl(req.originalUrl ?? req.url) },
    res: { statusCode: res.statusCode },
    responseTime: Date.now() - started,
  };
  const failure = error ?? res.err;
  if (failure || res.statusCode >= 500) {
    if (failure) line.err = redactLogText(failure.message);
    req.log.error(line, res.writableEnded ? "request completed" : "request aborted");
  } else req.log.info(line, endedAs(req, res));
}

/**
 * Express middleware: the id, the X-Request-Id header, `req.log`, the line at the end, and the
 * request's log context for the middleware that run now. `trusted(address)` is Express's compiled
 * TRUST_PROXY. /healthz is answered but not logged (a load balancer asks every few seconds).
 * pino-http wrote the same line until 2026-11-29; it made two child loggers a request, one of them
 * with the request bound (about 25 µs of serialising and redaction setup), where one will do
 * (docs/performance.md).
 * @param {{ trusted: (address: string | undefined, hop: number) => boolean }} options
 */
export function requestLog({ trusted }) {
  const root = rootLogger();
  return (req, res, next) => {
    const started = Date.now();
    const id = requestIdFor(req.headers["x-request-id"], trusted(req.socket.remoteAddress, 0));
    res.setHeader("X-Request-Id", id);
    req.id = id;
    // req.log carries only the id; the line at the end has the address and the status
    req.log = root.child({ reqId: id });
    if (req.path !== "/healthz") {
      const done = (error) => {
        res.off("close", done).off("finish", done).off("error", done);
        writeLine(req, res, started, error);
      };
      res.on("close", done).on("finish", done).on("error", done);
    }
    req[STORE] = { log: req.log, reqId: id };
    runWithLog(req[STORE], next);
  };
}

/**
 * Runs `fn` in the request's log context again: a callback that Node or a queue calls later (the
 * body's last chunk, an admission slot freed by another request) runs in another's, or none.
 * @template T
 * @param {import("express").Request} req
 * @param {() => T} fn
 * @returns {T}
 */
export function inRequestLog(req, fn) {
  const store = req[STORE];
  return store ? runWithLog(store, fn) : fn();
}
