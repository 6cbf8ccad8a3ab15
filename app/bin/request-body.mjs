// Request bodies are read into memory, with a size limit and a deadline, before a request may enter
// the admission queue (decision 041). A client that sends slowly then holds a socket and at most one
// limit's worth of memory, never one of the worker's admission slots; the Remix handler gets a
// request whose body is already here, so nothing it does waits for the client.
// A body larger than a form's is read only for a signed-in member of staff, checked before a byte of
// it is read, and the bytes of all the bodies a worker holds have a ceiling (decision 061).

// The adapter's own request and response helpers: its index exports only createRequestHandler,
// which reads the body from the socket. A version that moves them stops the server at start.
import remixExpress from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import { REFUSALS, refuse } from "./refusal.mjs";
import { rootLogger } from "../log/logger.mjs";
import { redactLogText } from "../security/redact.mjs";

const { createRemixRequest, sendRemixResponse } = remixExpress;

const KB = 1024;
const MB = 1024 * KB;

/**
 * The paths that take more than a form: the largest body and the seconds its sender has to send it.
 * The first entry whose prefix is the path, or a parent of it, wins; every other path gets FORM_BODY.
 * @type {Array<{ prefix: string, maxBytes: number, seconds: number }>}
 */
export const BODY_LIMITS = [
  // the catalogue's product form with its image (up to 2 MB, decision 055): the file, the form's
  // fields and the multipart framing; a file a little over 2 MB still reaches the page, which says so
  { prefix: "/admin/catalogue/products", maxBytes: 2048 * KB + 256 * KB, seconds: 30 },
  // the content editor's forms: a long post or legal page in Markdown, URL-encoded (each non-ASCII
  // character counts up to 9 bytes), must never meet a 413 that loses what the editor typed
  { prefix: "/admin/content", maxBytes: 512 * KB, seconds: 30 },
];

/**
 * Forms, everywhere else: the longest the shop has (checkout) sends a few KB. Also the limit of a
 * visitor who is not signed in to the back office on BODY_LIMITS' paths (decision 061).
 */
export const FORM_BODY = { prefix: "", maxBytes: 64 * KB, seconds: 10 };

/** The limit for a request target (path and query, as on the request line). */
export function bodyLimitFor(url) {
  const path = url.split("?")[0].toLowerCase();
  return BODY_LIMITS.find((l) => path === l.prefix || path.startsWith(`${l.prefix}/`)) ?? FORM_BODY;
}

/** The longest any path gives its sender, in seconds: Node's own request timeout must be longer. */
export const longestBodySeconds = () =>
  Math.max(FORM_BODY.seconds, ...BODY_LIMITS.map((l) => l.seconds));

/**
 * BODY_BYTES_IN_FLIGHT_MAX from the environment: the bytes of request bodies one worker holds at
 * once, a whole number at least the largest limit of the table (so every body it allows can be read
 * by an idle worker); 64 MB when unset. Anything else stops the server (decision 040).
 */
export function bodyBytesInFlightMax(value = process.env.BODY_BYTES_IN_FLIGHT_MAX) {
  if (value === undefined || value.trim() === "") return 64 * MB;
  const least = Math.max(FORM_BODY.maxBytes, ...BODY_LIMITS.map((l) => l.maxBytes));
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < least)
    throw new Error(
      `BODY_BYTES_IN_FLIGHT_MAX must be a whole number of bytes, at least ${least} (got ${JSON.stringify(value)})`,
    );
  return n;
}

/**
 * The bytes of bodies a worker holds: `take` counts bytes as they arrive and says false, counting
 * nothing, when they would pass `maxBytes`; `give` hands them back once the body is dropped.
 * @param {number} maxBytes
 */
export function bodyBudget(maxBytes) {
  let held = 0;
  return {
    maxBytes,
    held: () => held,
    /** whether `bytes` more fit now */
    fits: (/** @type {number} */ bytes) => held + bytes <= maxBytes,
    take(/** @type {number} */ bytes) {
      if (held + bytes > maxBytes) return false;
      held += bytes;
      return true;
    },
    give(/** @type {number} */ bytes) {
      held -= bytes;
    },
  };
}

/** @typedef {ReturnType<typeof bodyBudget>} BodyBudget */

/**
 * A body that was not read: "tooLarge", "tooSlow", "full" (the worker's budget for bodies is spent),
 * or "gone" (the client left, or its stream broke).
 */
export class BodyNotRead extends Error {
  /** @param {"tooLarge" | "tooSlow" | "full" | "gone"} reason */
  constructor(reason) {
    super(`request body not read: ${reason}`);
    this.reason = reason;
  }
}

/** Whether the request announces a body: a Content-Length above 0, or Transfer-Encoding (chunked). */
export function announcesBody(req) {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** Whether its Content-Length is over `limit`, so it is refused before a byte of it is read. */
export function announcesTooMuch(req, limit) {
  const length = req.headers["content-length"];
  return length !== undefined && Number(length) > limit.maxBytes;
}

/**
 * Reads a request's body into one Buffer, counting the bytes as they arrive (a chunked body has no
 * length to check first): it rejects with BodyNotRead as soon as they pass `maxBytes`, when `seconds`
 * pass before the end, or when `budget` has no room for a chunk, and leaves the rest unread. The
 * bytes it took from `budget` are given back when it rejects; once it resolves they are the
 * caller's to give back (the Buffer's length).
 * @param {import("node:stream").Readable} req
 * @param {{ maxBytes: number, seconds: number }} limit
 * @param {BodyBudget} [budget]
 * @returns {Promise<Buffer>}
 */
export function readBody(req, { maxBytes, seconds }, budget) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let taken = 0; // of `budget`
    let done = false;
    const stop = (/** @type {BodyNotRead | null} */ refused) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      if (refused) {
        req.pause();
        budget?.give(taken);
        reject(refused);
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) stop(new BodyNotRead("tooLarge"));
      else if (budget && !budget.take(chunk.length)) stop(new BodyNotRead("full"));
      else {
        if (budget) taken += chunk.length;
        chunks.push(chunk);
      }
    };
    const onEnd = () => stop(null);
    const onGone = () => stop(new BodyNotRead("gone"));
    const timer = setTimeout(() => stop(new BodyNotRead("tooSlow")), seconds * 1000);
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}

/** Set by continueIfFits on a request that waits for `100 Continue`: bufferBodies sends it, or refuses. */
const AWAITS_CONTINUE = Symbol("awaitsContinue");

/**
 * Whether reading this request's body needs a staff sign-in: its path allows more than `visitor`,
 * and it announces more (a chunked body announces no length, so it may be more).
 */
export function needsStaff(req, limit, visitor) {
  if (limit.maxBytes <= visitor.maxBytes) return false;
  const length = req.headers["content-length"];
  return length === undefined || Number(length) > visitor.maxBytes;
}

/**
 * Express middleware: a body over its path's limit is answered 413, one that does not arrive in time
 * 408, both closing the connection (so Node does not read on to reuse it); a body that fits is kept
 * as `req.rawBody`. Requests without a body pass at once.
 *
 * On a path whose limit is larger than `visitorLimit` (BODY_LIMITS), a body that may be larger is
 * read only once `isStaff(req)` says the request carries a staff sign-in; anyone else gets
 * `visitorLimit`, so a larger Content-Length is answered 413 before a byte is read (decision 061).
 * The bytes of every body read, from its first chunk until its response has ended, come out of
 * `budget`: a body that does not fit is answered 503 with `Retry-After` (before reading when its
 * Content-Length alone does not fit now) and the connection closed.
 * @param {(url: string) => { maxBytes: number, seconds: number }} [limitFor]
 * @param {{ visitorLimit?: { maxBytes: number, seconds: number }, isStaff?: (req: import("express").Request) => Promise<boolean>, budget?: BodyBudget, retryAfterSeconds?: number }} [options]
 */
export function bufferBodies(
  limitFor = bodyLimitFor,
  {
    visitorLimit = FORM_BODY,
    isStaff = async () => false,
    budget = bodyBudget(bodyBytesInFlightMax()),
    retryAfterSeconds = 5,
  } = {},
) {
  const full = { close: true, headers: { "Retry-After": String(retryAfterSeconds) } };
  const read = (req, res, next, limit) => {
    const length = req.headers["content-length"];
    if (length !== undefined && !budget.fits(Number(length)))
      return refuse(req, res, REFUSALS.busy, full);
    // held from its first byte until the response has ended (or the client left)
    let held = 0;
    let ended = false;
    res.once("close", () => {
      ended = true;
      budget.give(held);
      held = 0;
    });
    if (req[AWAITS_CONTINUE]) res.writeContinue();
    readBody(req, limit, budget).then(
      (body) => {
        if (ended) return budget.give(body.length);
        held = body.length;
        req.rawBody = body;
        next();
      },
      (/** @type {BodyNotRead} */ error) => {
        if (error.reason === "full") refuse(req, res, REFUSALS.busy, full);
        else if (error.reason !== "gone") refuse(req, res, REFUSALS[error.reason], { close: true });
      },
    );
  };
  return (req, res, next) => {
    if (!announcesBody(req)) return next();
    const limit = limitFor(req.originalUrl);
    if (announcesTooMuch(req, limit)) return refuse(req, res, REFUSALS.tooLarge, { close: true });
    if (!needsStaff(req, limit, visitorLimit)) return read(req, res, next, limit);
    // nothing of the body is read while the sign-in is looked up: Node stops reading the socket
    // once a little of it is buffered
    isStaff(req).then(
      (staff) => {
        if (res.writableEnded || req.socket.destroyed) return; // the client left meanwhile
        if (staff) return read(req, res, next, limit);
        if (announcesTooMuch(req, visitorLimit))
          return refuse(req, res, REFUSALS.tooLargeForVisitor, { close: true });
        read(req, res, next, visitorLimit);
      },
      (error) => {
        (req.log ?? rootLogger()).error(
          { type: "staff_sign_in.unchecked" },
          redactLogText(
            `staff sign-in not checked: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
        refuse(req, res, REFUSALS.fault, { close: true });
      },
    );
  };
}

/**
 * For the server's "checkContinue" event (a client that sends `Expect: 100-continue` and waits): the
 * request goes on without the go-ahead, which bufferBodies gives only once it is about to read the
 * body; a body that will be refused is never sent.
 */
export function continueIfFits(app) {
  return (req, res) => {
    req[AWAITS_CONTINUE] = true;
    app(req, res);
  };
}

/** Set by entry.server on a page it rendered (app/http/html-bytes.server.ts): the body's bytes. */
const BODY_BYTES = Symbol.for("paddock.body-bytes");

/**
 * sendRemixResponse, except that a page entry.server rendered is written from its bytes: the same
 * headers, one write and a flush (as its one-chunk stream gave them), without reading the bytes back
 * through the Response's web stream (docs/performance.md, 2026-11-29).
 */
async function sendResponse(res, response) {
  const bytes = response[BODY_BYTES];
  if (!bytes || response.bodyUsed) return sendRemixResponse(res, response);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.write(bytes);
  if (typeof res.flush === "function") res.flush();
  res.end();
}

/**
 * @remix-run/express's handler, except that a request's body is `req.rawBody` (read by bufferBodies)
 * rather than the socket. The adapter's Request keeps its URL, headers and abort signal; only its body
 * is swapped.
 */
export function bufferedRemixHandler({ build, mode, getLoadContext }) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      let request = createRemixRequest(req, res);
      // the adapter gives a body (from the socket) to every method but GET and HEAD
      if (request.body !== null && req.rawBody)
        request = new Request(request, { body: req.rawBody, duplex: "half" });
      const response = await handleRequest(request, await getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
