// The HTTP server of one worker process (app/bin/start.mjs forks them):
// Express with compression, a request log with one id per request (decision 066), long-lived caching of
// static files and the Remix handler last. Unlike remix-serve it hands every
// loader and action the socket's address (`context.clientAddress`), which the
// per-address rate limits and the loopback-only /dev/mailbox rely on; see
// docs/decisions/010-express-server.md. Request bodies are read, within a size
// limit and a deadline, before a request waits for an admission slot, and the
// server's own timeouts are seconds (decision 041); more than a form's worth
// only for signed-in staff, within a ceiling per worker (decision 061). Plain
// ESM so `npm start` needs no build step for the server itself.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fs from "node:fs";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
// React Router's own matcher, which Remix uses: a subset's branch is the one it finds (decision 100)
import { matchRoutes } from "@remix-run/react";
import compression from "compression";
import express from "express";
import { AdmissionTimeout, admissionLimit, admissionQueue, admissionWaitMs } from "./admission.mjs";
import { createMetrics } from "./metrics.mjs";
import { pageMicroCache } from "./page-cache.mjs";
import { brotliAssets } from "./precompress.mjs";
import { REFUSALS, refuse } from "./refusal.mjs";
import { routeKeyOf, routeSubsets } from "./route-subsets.mjs";
import { inRequestLog, requestLog } from "./request-log.mjs";
import {
  bodyBudget,
  bodyBytesInFlightMax,
  bodyLimitFor,
  bufferBodies,
  bufferedRemixHandler,
  continueIfFits,
  longestBodySeconds,
} from "./request-body.mjs";
import { rootLogger } from "../log/logger.mjs";
import { redactLogText, redactUrl } from "../security/redact.mjs";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Seconds a client has to send a request's headers; the whole request gets these plus its body's time.
const HEADERS_SECONDS = 10;
const CROSS_ORIGIN_MESSAGE =
  "This form was sent from another website, so we did not act on it. Please reload the page and try again.";

/** Imports the server build; a query string busts the import cache when a dev rebuild replaces it. */
export async function importBuild(buildPath) {
  const { mtimeMs } = fs.statSync(buildPath);
  return import(`${pathToFileURL(buildPath).href}?t=${mtimeMs}`);
}

/**
 * Remix refuses a mutating request whose Origin names another host by
 * throwing inside its handler, which answers an empty 500 and logs a server
 * fault. We detect the same mismatch first (same rule: the Origin's host
 * against X-Forwarded-Host, else Host), drop the Origin header so Remix's
 * check passes, and flag the request; every action of the build is wrapped
 * so that a flagged request is refused with 403 before the action runs. The
 * route's error boundary then renders the page's error state, a fetcher or
 * single-fetch call gets the error, an API route gets JSON.
 */
function markCrossOrigin(req, res, next) {
  const origin = req.headers.origin;
  if (!UNSAFE_METHODS.has(req.method) || origin === undefined) return next();
  const host = (req.headers["x-forwarded-host"] ?? "").split(",")[0].trim() || req.headers.host;
  let originHost = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    // a malformed Origin is treated like a foreign one
  }
  if (!host || originHost !== host) {
    delete req.headers.origin;
    res.locals.crossOrigin = true;
  }
  next();
}

export function refuseCrossOriginActions(build) {
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action;
    if (!action) {
      routes[id] = route;
      continue;
    }
    const isResource = route.module.default == null && route.module.ErrorBoundary == null;
    const guarded = (args) => {
      if (args.context?.crossOrigin) {
        throw isResource
          ? Response.json({ message: CROSS_ORIGIN_MESSAGE }, { status: 403 })
          : new Response(CROSS_ORIGIN_MESSAGE, {
              status: 403,
              headers: { "Content-Type": "text/plain; charset=utf-8" },
            });
      }
      return action(args);
    };
    routes[id] = { ...route, module: { ...route.module, action: guarded } };
  }
  return { ...build, routes };
}

function loadContextOf(req, res) {
  return { clientAddress: req.socket.remoteAddress, crossOrigin: res.locals.crossOrigin === true };
}

/** nosniff on every static file; an SVG opened on its own runs no script. */
function staticHeaders(res, filePath) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (filePath.endsWith(".svg"))
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
}

/** Remix's own Origin check reads X-Forwarded-Host as is; nobody but a trusted proxy may set it. */
function forwardedHostOnlyFromProxies(trusted) {
  return (req, _res, next) => {
    if (!trusted(req.socket.remoteAddress, 0)) delete req.headers["x-forwarded-host"];
    next();
  };
}

/**
 * The built assets and public/'s files, before the request log: 20-30 a page, each header paid
 * again on a slow phone.
 */
function serveStatic(app, build) {
  // Fingerprinted by the Remix compiler: a changed file gets a new name.
  // Never revalidated, so no ETag, Last-Modified or Accept-Ranges.
  const assets = path.resolve(build.assetsBuildDirectory);
  app.use(
    build.publicPath,
    brotliAssets(assets, {
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    }),
  );
  app.use(
    build.publicPath,
    express.static(assets, {
      immutable: true,
      maxAge: "1y",
      index: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: staticHeaders,
    }),
  );
  // Art and the favicon keep their names: a week fresh, then a cheap 304 through the ETag.
  // Only paths under public/'s own entries look on disk: a page request costs no stat() call.
  const publicStatic = express.static("public", {
    maxAge: "7d",
    index: false,
    setHeaders: staticHeaders,
  });
  const publicEntries = new Set(fs.existsSync("public") ? fs.readdirSync("public") : []);
  app.use((req, res, next) =>
    publicEntries.has(req.path.split("/")[1]) ? publicStatic(req, res, next) : next(),
  );
}

/**
 * The Remix handler for a request's path: one per set of routes the path can match
 * (route-subsets.mjs), made at its first request and kept for the build.
 */
function remixHandlers(build, { mode, metrics }) {
  const wrapped = metrics.labelRoutes(refuseCrossOriginActions(build));
  const subsetFor = routeSubsets(wrapped, { matchRoutes });
  const getLoadContext = metrics.loadContext(loadContextOf);
  /** @type {Map<unknown, ReturnType<typeof bufferedRemixHandler>>} */
  const handlers = new Map();
  return (pathname) => {
    const subset = subsetFor(routeKeyOf(pathname));
    let handler = handlers.get(subset);
    if (!handler) {
      handler = bufferedRemixHandler({ build: subset, mode, getLoadContext });
      handlers.set(subset, handler);
    }
    return handler;
  };
}

/**
 * Bodies read before a request may queue, then at most ADMISSION_LIMIT requests in the Remix handler
 * (decisions 020, 041, 061). `current()` is the build now served.
 */
function admitted(app, { current, handlerFor, metrics }) {
  // the whole body is here before the request queues: no slot waits for a client's bytes; more than
  // a form's worth only for a member of staff signed in, and all of them within one budget per worker
  // (decision 061). A build that does not say who is staff lets nobody send more than a form.
  const isStaff = (req) =>
    current().entry.module.hasStaffSession?.(
      req.headers.cookie,
      req.socket.remoteAddress,
      req.path,
    ) ?? Promise.resolve(false);
  app.use(bufferBodies(bodyLimitFor, { isStaff, budget: bodyBudget(bodyBytesInFlightMax()) }));
  const maxWaitMs = admissionWaitMs();
  const queue = admissionQueue(admissionLimit(), { maxWaitMs, observe: metrics.admissionWait });
  metrics.watchQueue(queue);
  const retryAfter = String(Math.max(1, Math.ceil(maxWaitMs / 1000)));
  app.all("*", (req, res, next) => {
    const handler = handlerFor()(req.path);
    const left = new AbortController();
    const onClose = () => left.abort();
    res.once("close", onClose);
    // Remix's handler passes its own errors to next(); this keeps any other rejection from crashing the worker
    queue
      .run(() => inRequestLog(req, () => handler(req, res, next)), left.signal)
      .catch((error) =>
        error instanceof AdmissionTimeout
          ? refuse(req, res, REFUSALS.busy, { headers: { "Retry-After": retryAfter } })
          : next(error),
      )
      .finally(() => res.off("close", onClose));
  });
}

// Express tells an error handler by its four parameters, so `_next` stays though unused
function faultPage(error, req, res, _next) {
  (req.log ?? rootLogger()).error(
    {
      url: redactUrl(req.originalUrl),
      stack: error instanceof Error && error.stack ? redactLogText(error.stack) : undefined,
    },
    redactLogText(error instanceof Error ? error.message : String(error)),
  );
  refuse(req, res, REFUSALS.fault);
}

/** The Express app for a build. `trustProxy` is TRUST_PROXY (Express's syntax, also read by app/security/origin.server.ts). */
export function createApp({
  build,
  buildPath,
  mode = process.env.NODE_ENV,
  trustProxy = process.env.TRUST_PROXY,
}) {
  const app = express();
  app.disable("x-powered-by");
  // req.protocol and req.hostname (the URL Remix sees) honour X-Forwarded-Proto/-Host only from these proxies.
  app.set("trust proxy", trustProxy?.trim() ? trustProxy : false);
  const trusted = app.get("trust proxy fn");
  app.use(forwardedHostOnlyFromProxies(trusted));
  app.use(compression());
  // /metrics for who may see it, and every request timed under its route (decision 067)
  const metrics = createMetrics({ entry: () => build.entry.module });
  app.use(metrics.middleware);
  serveStatic(app, build);
  app.use(metrics.pastStatic);
  app.use(requestLog({ trusted }));
  app.use(markCrossOrigin);

  let current = build;
  // Anonymous content pages from memory while their s-maxage lasts (decision 012); never in development.
  if (mode !== "development")
    app.use(pageMicroCache(() => current.entry.module, { onLookup: metrics.pageCacheLookup }));
  let handlerFor = remixHandlers(build, { mode, metrics });
  if (mode === "development" && buildPath) {
    // `remix dev --manual` rewrites version.txt after each rebuild and waits for broadcastDevReady.
    const versionFile = path.resolve(path.dirname(buildPath), "version.txt");
    fs.watchFile(versionFile, { interval: 250 }, async () => {
      const next = await importBuild(buildPath);
      current = next;
      handlerFor = remixHandlers(next, { mode, metrics });
      void broadcastDevReady(next);
    });
  }
  admitted(app, { current: () => current, handlerFor: () => handlerFor, metrics });
  app.use(faultPage);
  return app;
}

/** Starts one worker's server; resolves once it listens. SIGTERM/SIGINT finish open requests, then exit. */
export async function serve(buildPath) {
  const build = await importBuild(buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const app = createApp({ build, buildPath });
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST;
  // Node's defaults give a client 60 s for its headers and 5 minutes for the whole request, checked
  // every 30 s. Ours: seconds, checked every second, the request timeout past the longest body deadline
  // so that bufferBodies answers first. An idle keep-alive connection closes after 5 s (Node's default;
  // a proxy in front should drop its idle connections sooner).
  const server = http.createServer(
    {
      headersTimeout: HEADERS_SECONDS * 1000,
      requestTimeout: (HEADERS_SECONDS + longestBodySeconds() + 5) * 1000,
      connectionsCheckingInterval: 1000,
      keepAliveTimeout: 5000,
    },
    app,
  );
  server.on("checkContinue", continueIfFits(app));
  await new Promise((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
    if (host) server.listen(port, host);
    else server.listen(port);
  });
  rootLogger().info(
    { type: "worker.listening" },
    `worker ${process.pid} listening on http://${host ?? "localhost"}:${port}`,
  );
  if (process.env.NODE_ENV === "development") void broadcastDevReady(build);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // close() stops accepting and drops idle keep-alive sockets; requests in flight finish.
    server.close(() => process.exit(0));
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 8000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  return server;
}
