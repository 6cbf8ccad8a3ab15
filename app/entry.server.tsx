import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { renderWholePage } from "~/http/string-render.server";
import { NonceProvider } from "~/utils/nonce";
import { RequestIdProvider } from "~/utils/request-id";
import { applySecurityHeaders, createNonce } from "~/security/headers.server";
import { InlineCssProvider } from "~/root";
import { inlineCss } from "~/http/inline-css.server";
import { MarkupCacheProvider } from "~/components/layout/static-markup";
import { staticMarkup } from "~/http/static-markup.server";
import {
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  keepsOutOfSharedCaches,
  matchesEtag,
  nonceStandIn,
  sealHtml,
} from "~/http/cache-policy.server";
import { isSharedCacheable, pageNonceKey } from "~/http/page-cache.server";
import { deferScripts, deferredPieces } from "~/http/deferred-scripts.server";
import {
  bytesResponse,
  htmlBytes,
  htmlDocument,
  piecesBytes,
  type HtmlDocument,
} from "~/http/html-bytes.server";
import { fromTemplate, renderCacheStats } from "~/http/render-cache.server";
import "~/db/client.server"; // migrate and seed before the first request
import { startJobRunner } from "~/jobs/start.server";
import { redactLogText, redactUrl } from "~/security/redact.mjs";
import { currentRequestId, log } from "~/log/log.server";

startJobRunner(); // timed work (gift-card mails) inside the app, once per process

/** Read by the server's page micro-cache (app/bin/page-cache.mjs): which requests get the shared page, and how validators compare. */
export { isSharedPageRequest } from "~/http/page-cache.server";
export { matchesEtag } from "~/http/cache-policy.server";
/** …and the content version its entries are kept under (decision 054). */
export { contentVersion } from "~/content/version-watch.server";
/** …and whether a request may send more than a form before its body is read (decision 061). */
export { hasStaffSession } from "~/staff/staff-body-gate.server";
/** …and, for the tests, how often an anonymous form page came from its template (decision 085). */
export { renderCacheStats };
/** …and what /metrics reads (app/bin/metrics.mjs, decision 067): facts from the database, this process's pool. */
export { databasePoolStats, instanceFacts } from "~/http/metrics.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // A public page for a visitor without a session, answered 200 without setting a cookie, is the
  // same for everyone: render it whole, derive its nonce and ETag from it (decision 011). A route
  // whose loader says private or no-store (exported through `headers`) is never shared.
  const shared =
    responseStatusCode === 200 &&
    !responseHeaders.has("Set-Cookie") &&
    !keepsOutOfSharedCaches(responseHeaders.get("Cache-Control")) &&
    isSharedCacheable(request);
  if (shared) return renderShared(request, responseHeaders, remixContext);
  // An anonymous form page: this request's token and nonce in a template rendered once (decision 085)
  const cached = fromTemplate(request, responseStatusCode, remixContext, renderHtml);
  return cached
    ? cached.then((page) =>
        page.html === null
          ? renderPrivate(request, responseStatusCode, responseHeaders, page.context)
          : privateResponse(page.html, page.nonce, responseStatusCode, responseHeaders),
      )
    : renderPrivate(request, responseStatusCode, responseHeaders, remixContext);
}

function app(remixContext: EntryContext, url: string, nonce: string, requestId: string | null) {
  return (
    <NonceProvider value={nonce}>
      <InlineCssProvider value={inlineCss}>
        <MarkupCacheProvider value={staticMarkup}>
          {/* the request's id, for the error page to quote (decision 066) */}
          <RequestIdProvider value={requestId}>
            <RemixServer context={remixContext} url={url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </RequestIdProvider>
        </MarkupCacheProvider>
      </InlineCssProvider>
    </NonceProvider>
  );
}

/**
 * The whole document as one byte string (html-bytes.server.ts). Every loader has finished before
 * the render, so streaming the page in pieces only cost CPU: it is rendered as one string, or, when
 * part of it waits or fails, by the stream renderer below (decision 087). `failed` when part of it
 * rendered as a client fallback.
 */
async function renderHtml(
  remixContext: EntryContext,
  url: string,
  nonce: string,
  requestId = currentRequestId() ?? null,
): Promise<HtmlDocument & { failed: boolean }> {
  // the whole page as a string when nothing in it waits (decision 087), else streamed as below
  const whole = await renderWholePage(remixContext, () => app(remixContext, url, nonce, requestId));
  if (whole !== null) return { ...htmlDocument(Buffer.from(whole, "utf8")), failed: false };
  return renderStreamed(remixContext, url, nonce, requestId);
}

function renderStreamed(
  remixContext: EntryContext,
  url: string,
  nonce: string,
  requestId: string | null,
): Promise<HtmlDocument & { failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(app(remixContext, url, nonce, requestId), {
      nonce,
      onAllReady() {
        clearTimeout(timer); // do not keep a finished render reachable for ABORT_DELAY
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve({ ...htmlDocument(Buffer.concat(chunks)), failed }));
        pipe(sink);
      },
      onShellError: reject,
      onError(error: unknown) {
        failed = true;
        log().error(
          { type: "render.failed" },
          redactLogText(error instanceof Error ? (error.stack ?? error.message) : String(error)),
        );
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * The document as bytes. A string body makes undici check the whole page for lone surrogates
 * (toUSVString) before encoding it: 2% of a page's server CPU for text React already made well-formed.
 */
const htmlBody = htmlBytes;

async function renderPrivate(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  const page = await renderHtml(remixContext, request.url, nonce);
  const pieces = deferredPieces(page.html);
  const body = pieces ? piecesBytes(page, pieces) : page.bytes;
  return privateResponse(body, nonce, responseStatusCode, responseHeaders);
}

/** A page for this visitor only, with the CSP naming its nonce. */
function privateResponse(
  body: ReturnType<typeof htmlBody>,
  nonce: string,
  responseStatusCode: number,
  responseHeaders: Headers,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  applySecurityHeaders(responseHeaders, nonce);
  return bytesResponse(body, { headers: responseHeaders, status: responseStatusCode });
}

async function renderShared(
  request: Request,
  responseHeaders: Headers,
  remixContext: EntryContext,
): Promise<Response> {
  const standIn = nonceStandIn();
  const { html, failed } = await renderHtml(remixContext, request.url, standIn);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (failed) {
    // Part of the page failed or timed out (React rendered a client fallback there): send what
    // there is, as a private page would be, but never as the shared version of the page.
    const nonce = createNonce();
    responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    applySecurityHeaders(responseHeaders, nonce);
    return bytesResponse(htmlBody(deferScripts(html.split(standIn).join(nonce))), {
      status: 200,
      headers: responseHeaders,
    });
  }
  const { body, nonce, etag } = sealHtml(deferScripts(html), standIn, pageNonceKey);
  responseHeaders.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  responseHeaders.set("Vary", "Cookie");
  responseHeaders.set("ETag", etag);
  applySecurityHeaders(responseHeaders, nonce);
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    responseHeaders.delete("Content-Type");
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return bytesResponse(htmlBody(body), { status: 200, headers: responseHeaders });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  // Client-side navigation data may carry the user and a CSRF token: never for a shared cache.
  if (!response.headers.has("Cache-Control"))
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Response) return;
  // the address and the message may carry a one-tap or reset token: redacted before they reach a log
  log().error(
    {
      url: redactUrl(request.url),
      stack: error instanceof Error && error.stack ? redactLogText(error.stack) : undefined,
    },
    redactLogText(error instanceof Error ? error.message : String(error)),
  );
}
