// The shop's one logger (issue 45 item 1, docs/decisions/066-logs-an-operator-can-search.md): pino,
// one JSON object a line outside development, a readable line in development. Every line written
// while a request is served carries its id (`reqId`), and every line of a job run its run id
// (`runId`), through an AsyncLocalStorage: `log()` anywhere (the payments, the outbox, the error
// handler) returns the logger of whatever is running now.
//
// Plain ESM: the Express server (app/bin/server.mjs) imports it from source and the Remix build
// bundles its own copy, so the two copies share one state through a global symbol; otherwise a
// request's id set by the server would be invisible to the app's code.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";
import { logFormat, logLevel } from "./settings.mjs";

// Cookies and bearer headers never reach a line, whatever a caller logs (pino's redact paths cost
// nothing on a line without these keys). The request line itself logs no header at all.
const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "password",
  "token",
  "code",
  "email",
];

const LEVEL_NAMES = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const SKIP_IN_PRETTY = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "message",
  "req",
  "res",
  "responseTime",
]);

/**
 * One JSON line as development reads it: `12:04:05 INFO  GET /faq 200 3ms  reqId=…`. Only in
 * development: it parses every line again.
 * @param {string} line
 */
export function prettyLine(line) {
  let o;
  try {
    o = JSON.parse(line);
  } catch {
    return line;
  }
  const time = typeof o.time === "string" ? o.time.slice(11, 19) : "";
  const level = (LEVEL_NAMES[o.level] ?? String(o.level ?? "").toUpperCase()).padEnd(5);
  const head =
    o.req && o.res
      ? `${o.req.method} ${o.req.url} ${o.res.statusCode} ${o.responseTime}ms`
      : (o.message ?? "");
  const rest = Object.entries(o)
    .filter(([k]) => !SKIP_IN_PRETTY.has(k))
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  return `${time} ${level} ${head}${rest ? `  ${rest}` : ""}\n`;
}

function create(env = process.env) {
  const format = logFormat(env.LOG_FORMAT, env.NODE_ENV);
  // Asynchronous writes to stdout: a request never waits for the terminal or the pipe, lines are
  // written in order, and pino flushes what is left when the process exits.
  const out =
    format === "pretty"
      ? { write: (line) => process.stdout.write(prettyLine(line)) }
      : pino.destination({ dest: 1, sync: false });
  /** @type {Set<(line: string) => void>} */
  const taps = new Set();
  const sink = {
    /** @param {string} line */
    write(line) {
      out.write(line);
      if (taps.size > 0) for (const tap of taps) tap(line);
    },
  };
  const root = pino(
    {
      level: logLevel(env.LOG_LEVEL),
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    sink,
  );
  const context = new AsyncLocalStorage();
  // `log` is also how app/utils/analytics.ts, which the browser runs too, finds the logger
  return { root, taps, context, log: () => context.getStore()?.log ?? root };
}

const KEY = Symbol.for("paddock-and-tide.log");
/** @type {{ root: import("pino").Logger, taps: Set<(line: string) => void>, context: AsyncLocalStorage<{ log: import("pino").Logger, reqId?: string, runId?: string }>, log: () => import("pino").Logger }} */
// made at the first line, not at import: app/bin/start.mjs checks LOG_LEVEL before anything logs
const state = () => (globalThis[KEY] ??= create());

/**
 * The process's logger, for lines that belong to no request or run (a worker listening).
 * @returns {import("pino").Logger}
 */
export function rootLogger() {
  return state().root;
}

/**
 * The logger of whatever runs now: a request's (every line with its `reqId`), a job run's (`runId`),
 * else the root logger.
 * @returns {import("pino").Logger}
 */
export function log() {
  return state().log();
}

/** The id of the request being served now, if any (the 500 page shows it). */
export function currentRequestId() {
  return state().context.getStore()?.reqId;
}

/**
 * An object that stands for the request being served now, the same for all of its work (Remix hands
 * each loader its own copy of the Request), or undefined outside a request: a key for what one
 * request may read once and share between its loaders.
 * @returns {object | undefined}
 */
export function requestScope() {
  const store = state().context.getStore();
  return store?.reqId === undefined ? undefined : store;
}

/** The id of the job run going on now, if any. */
export function currentRunId() {
  return state().context.getStore()?.runId;
}

/**
 * Runs `fn` with `logger` as what log() returns, for it and everything it starts.
 * @template T
 * @param {{ log: import("pino").Logger, reqId?: string, runId?: string }} store
 * @param {() => T} fn
 * @returns {T}
 */
export function runWithLog(store, fn) {
  return state().context.run(store, fn);
}

/**
 * Runs `fn` as one job run: each of its lines carries a new `runId`.
 * @template T
 * @param {() => T} fn
 * @returns {T}
 */
export function asJobRun(fn) {
  const runId = randomUUID();
  return state().context.run({ log: state().root.child({ runId }), runId }, fn);
}

/**
 * For tests: every line written from now on, parsed, until `stop()`.
 * @returns {{ lines: () => Record<string, unknown>[], stop: () => void }}
 */
export function captureLogs() {
  /** @type {string[]} */
  const raw = [];
  const tap = (/** @type {string} */ line) => void raw.push(line);
  state().taps.add(tap);
  return {
    lines: () => raw.map((l) => JSON.parse(l)),
    stop: () => void state().taps.delete(tap),
  };
}
