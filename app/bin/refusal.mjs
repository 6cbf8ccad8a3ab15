// The server's own short answers, given instead of a page: a body too large (413) or sent too slowly
// (408), a queue too long or too many bodies held (503), a fault (500). Plain text for scripts and
// fetchers, a small page for a browser that asks for HTML, never cached (decisions 041, 061). A fault or
// a busy shop (5xx) names the request's id, which the log's lines of that request carry: a customer
// who quotes it leads support to them (decision 066).

/** @typedef {{ status: number, title: string, message: string }} Refusal */

/** @type {Record<string, Refusal>} */
export const REFUSALS = {
  tooLarge: {
    status: 413,
    title: "That was too much to send",
    message: "This request is too large for us to accept. Please go back and try again with less.",
  },
  // a body over a form's size on a back-office path, from a client not signed in there (decision 061)
  tooLargeForVisitor: {
    status: 413,
    title: "That was too much to send",
    message:
      "This request is too large for us to accept without a back-office sign-in. If you were signed in, your session has ended: please sign in again, then send it again.",
  },
  tooSlow: {
    status: 408,
    title: "That took too long to arrive",
    message:
      "Your form took too long to reach us, so we stopped waiting. Please go back and send it again.",
  },
  busy: {
    status: 503,
    title: "The shop is busy",
    message: "The shop is busy right now. Please try again in a few seconds.",
  },
  fault: {
    status: 500,
    title: "Something went wrong",
    message: "Something went wrong. Please try again in a moment.",
  },
};

/**
 * A production shop on the payment sandbox says so on every page, these too (decision 063; the app's
 * pages get it from app/payments/gateway-config.server.ts, which the server checks the same way).
 */
const testShop = () =>
  process.env.APP_ENV === "production" && process.env.PAYMENT_GATEWAY === "sandbox";
const banner = () =>
  testShop()
    ? `<section aria-label="Test shop" style="background:#e8c98f;color:#1f1d1a;border-bottom:2px solid #7f2617;padding:0.5rem 1rem;text-align:center;font-weight:600"><p style="margin:0">Test shop: no real payments are taken</p></section>`
    : "";

/** What to quote: the request's id (`req.id`, sane by construction: app/bin/request-log.mjs). */
const quote = (id) => `If this keeps happening, contact us and quote this reference: ${id}`;

const page = ({ title, message }, id) =>
  `<!doctype html><html lang="en-AU"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} | Paddock &amp; Tide</title><body style="font-family:system-ui,sans-serif;margin:0;line-height:1.5">${banner()}` +
  `<main style="max-width:34rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${message}</p>${id ? `<p>${quote(`<code>${id}</code>`)}</p>` : ""}<p><a href="/">Back to the shop</a></p></main></body></html>`;

/**
 * Answers `refusal` on an Express response. `close` ends the connection after the answer, for a request
 * whose body was not (or not wholly) read: Node would otherwise read the rest to keep the connection.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {Refusal} refusal
 * @param {{ close?: boolean, headers?: Record<string, string> }} [options]
 */
export function refuse(req, res, refusal, { close = false, headers = {} } = {}) {
  if (res.headersSent) return void res.destroy();
  res
    .status(refusal.status)
    .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers });
  if (close) res.set("Connection", "close");
  const id = refusal.status >= 500 && typeof req.id === "string" ? req.id : undefined;
  if (req.accepts(["text/plain", "text/html"]) === "text/html") {
    res.set({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.send(page(refusal, id));
  } else {
    res.set("Content-Type", "text/plain; charset=utf-8");
    res.send(id ? `${refusal.message}\n${quote(id)}` : refusal.message);
  }
}
