// JSON answers of the /api content routes: public caching for content,
// 404 for unknown slugs and keys, 400 for a bad page number, never a 500 for either.
import { createHash } from "node:crypto";
import { matchesEtag } from "~/http/cache-policy.server";
import { BadPageError, ContentNotFoundError } from "./errors";

/**
 * Content changes when an editor saves (issue 37: seen everywhere within seconds). Browsers
 * revalidate every time, a shared cache keeps an answer 5 seconds; the ETag is a digest of the
 * body, so an unchanged answer costs a 304 and a changed one is never answered 304
 * (docs/decisions/054-content-version.md).
 */
export const PUBLIC_CONTENT_CACHE = "public, max-age=0, s-maxage=5";
const ERROR_CACHE = "public, max-age=0, s-maxage=5";

/**
 * A 200 of content for everyone (JSON, the sitemap, robots.txt): PUBLIC_CONTENT_CACHE and a strong
 * ETag digested from the body; a matching If-None-Match on `request` gets a 304.
 */
export function publicContentResponse(text: string, contentType: string, request?: Request) {
  const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Cache-Control": PUBLIC_CONTENT_CACHE,
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  };
  if (request && matchesEtag(request.headers.get("If-None-Match"), etag)) {
    delete headers["Content-Type"];
    return new Response(null, { status: 304, headers });
  }
  return new Response(text, { status: 200, headers });
}

function jsonResponse(body: unknown, status: number, cache: string, request?: Request) {
  const text = JSON.stringify(body);
  const type = "application/json; charset=utf-8";
  if (status === 200) return publicContentResponse(text, type, request);
  return new Response(text, {
    status,
    headers: { "Content-Type": type, "Cache-Control": cache, "X-Content-Type-Options": "nosniff" },
  });
}

/** `request` answers a matching If-None-Match with 304. */
export async function contentJson(
  read: () => Promise<unknown>,
  request?: Request,
): Promise<Response> {
  try {
    return jsonResponse(await read(), 200, PUBLIC_CONTENT_CACHE, request);
  } catch (error) {
    if (error instanceof ContentNotFoundError)
      return jsonResponse({ message: "Not found" }, 404, ERROR_CACHE);
    if (error instanceof BadPageError)
      return jsonResponse({ message: error.message }, 400, ERROR_CACHE);
    throw error;
  }
}

/** For page loaders: an unknown slug renders the not-found page with status 404. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new Response("Not found", { status: 404 });
    throw error;
  }
}
