// The request log (issue 45 item 1, decision 066): pino-http writes one line per request when its
// response ends, `{"reqId","req":{"method","url"},"res":{"statusCode"},"responseTime"}`, the address
// through redactUrl (no token, no e-mail, no staff search). Every request gets an id: the one a
// trusted proxy (TRUST_PROXY) sent in X-Request-Id when it is sane, else a new one. It goes back in
// the response's X-Request-Id header and rides an AsyncLocalStorage, so that every line written
// while the request is served carries it (app/log/logger.mjs).
import { randomUUID } from "node:crypto";
import { pinoHttp } from "pino-http";
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

/**
 * Express middleware: the id, the X-Request-Id header, `req.log`, the line at the end, and the
 * request's log context for the middleware that run now. `trusted(address)` is Express's compiled
 * TRUST_PROXY. /healthz is answered but not logged (a load balancer asks every few seconds).
 * @param {{ trusted: (address: string | undefined, hop: number) => boolean }} options
 */
export function requestLog({ trusted }) {
  const logged = pinoHttp({
    logger: rootLogger(),
    genReqId(req, res) {
      const id = requestIdFor(req.headers["x-request-id"], trusted(req.socket.remoteAddress, 0));
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // req.log carries only the id; the line at the end has the address and the status
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.originalUrl ?? req.url) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    // a 5xx is the same line at level error: pino-http would add an Error of its own ("failed with
    // status code 500") and its stack, which says nothing the status does not; the error itself has
    // its own line
    customErrorObject: (_req, res, error, line) => ({
      res: line.res,
      responseTime: line.responseTime,
      // a real one (the response stream failed) keeps its message
      ...(error.message === `failed with status code ${res.statusCode}`
        ? {}
        : { err: redactLogText(error.message) }),
    }),
    customErrorMessage: (_req, res) =>
      res.writableEnded ? "request completed" : "request aborted",
    autoLogging: { ignore: (req) => req.path === "/healthz" },
  });
  return (req, res, next) =>
    logged(req, res, () => {
      req[STORE] = { log: req.log, reqId: req.id };
      runWithLog(req[STORE], next);
    });
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
