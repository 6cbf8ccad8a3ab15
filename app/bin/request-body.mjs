// Request bodies are read into memory, with a size limit and a deadline, before a request may enter
// the admission queue (decision 041). A client that sends slowly then holds a socket and at most one
// limit's worth of memory, never one of the worker's admission slots; the Remix handler gets a
// request whose body is already here, so nothing it does waits for the client.

// The adapter's own request and response helpers: its index exports only createRequestHandler,
// which reads the body from the socket. A version that moves them stops the server at start.
import remixExpress from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import { REFUSALS, refuse } from "./refusal.mjs";

const { createRemixRequest, sendRemixResponse } = remixExpress;

const KB = 1024;

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

/** Forms, everywhere else: the longest the shop has (checkout) sends a few KB. */
export const FORM_BODY = { prefix: "", maxBytes: 64 * KB, seconds: 10 };

/** The limit for a request target (path and query, as on the request line). */
export function bodyLimitFor(url) {
  const path = url.split("?")[0].toLowerCase();
  return BODY_LIMITS.find((l) => path === l.prefix || path.startsWith(`${l.prefix}/`)) ?? FORM_BODY;
}

/** The longest any path gives its sender, in seconds: Node's own request timeout must be longer. */
export const longestBodySeconds = () =>
  Math.max(FORM_BODY.seconds, ...BODY_LIMITS.map((l) => l.seconds));

/** A body that was not read: "tooLarge", "tooSlow", or "gone" (the client left, or its stream broke). */
export class BodyNotRead extends Error {
  /** @param {"tooLarge" | "tooSlow" | "gone"} reason */
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
 * length to check first): it rejects with BodyNotRead as soon as they pass `maxBytes` or when
 * `seconds` pass before the end, and leaves the rest unread.
 * @param {import("node:stream").Readable} req
 * @param {{ maxBytes: number, seconds: number }} limit
 * @returns {Promise<Buffer>}
 */
export function readBody(req, { maxBytes, seconds }) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let done = false;
    const stop = (/** @type {BodyNotRead | null} */ refused) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      if (refused) {
        req.pause();
        reject(refused);
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) stop(new BodyNotRead("tooLarge"));
      else chunks.push(chunk);
    };
    const onEnd = () => stop(null);
    const onGone = () => stop(new BodyNotRead("gone"));
    const timer = setTimeout(() => stop(new BodyNotRead("tooSlow")), seconds * 1000);
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}

/**
 * Express middleware: a body over its path's limit is answered 413, one that does not arrive in time
 * 408, both closing the connection (so Node does not read on to reuse it); a body that fits is kept
 * as `req.rawBody`. Requests without a body pass at once.
 */
export function bufferBodies(limitFor = bodyLimitFor) {
  return (req, res, next) => {
    if (!announcesBody(req)) return next();
    const limit = limitFor(req.originalUrl);
    if (announcesTooMuch(req, limit)) return refuse(req, res, REFUSALS.tooLarge, { close: true });
    readBody(req, limit).then(
      (body) => {
        req.rawBody = body;
        next();
      },
      (/** @type {BodyNotRead} */ error) => {
        if (error.reason !== "gone") refuse(req, res, REFUSALS[error.reason], { close: true });
      },
    );
  };
}

/**
 * For the server's "checkContinue" event (a client that sends `Expect: 100-continue` and waits): the
 * go-ahead only when the announced body fits, so a body that will be refused is never sent.
 */
export function continueIfFits(app, limitFor = bodyLimitFor) {
  return (req, res) => {
    if (!announcesTooMuch(req, limitFor(req.url))) res.writeContinue();
    app(req, res);
  };
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
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
