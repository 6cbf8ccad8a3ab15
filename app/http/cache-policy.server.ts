// Which HTML responses a shared cache may keep, and the deterministic nonce and
// ETag that make a cached page and its 304 agree (docs/decisions/011-html-caching.md).
// Pure functions: the build-bound wrappers live in page-cache.server.ts.
import { createHmac, randomBytes } from "node:crypto";
import { matchRoutes } from "@remix-run/react";

/** A route declares `export const handle = { cache: "public" } satisfies CacheHandle` when its page is the
 * same for every visitor without a session and carries no per-visitor form (no CSRF token). */
export type CacheHandle = { cache?: "public" };

/** Anonymous content pages: browsers revalidate every time (a 304 costs a header), shared caches keep them a minute. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
/** Everything else: pages that may show who is signed in, carry a CSRF token or set a cookie. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** A route's own Cache-Control that keeps its page out of any shared cache (private or no-store), even on a public route. */
export function keepsOutOfSharedCaches(cacheControl: string | null): boolean {
  return /(^|[\s,])(private|no-store)([\s,=]|$)/i.test(cacheControl ?? "");
}

type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
};
type TreeRoute = Parameters<typeof matchRoutes>[0][number];

/** The route manifest as a tree react-router can match (as Remix builds it for its static handler). */
export function routeTree(
  routes: Record<string, RouteEntry | undefined>,
  parentId?: string,
): TreeRoute[] {
  return Object.values(routes)
    .filter((r): r is RouteEntry => !!r && r.parentId === parentId)
    .map((r) => {
      const children = routeTree(routes, r.id);
      const base = {
        id: r.id,
        path: r.path,
        caseSensitive: r.caseSensitive,
        handle: r.module.handle,
      };
      return r.index ? { ...base, index: true as const } : { ...base, children };
    });
}

/** The URL path a request renders: single-fetch data requests end in `.data` (`/_root.data` is `/`). */
export function pagePath(url: URL): string {
  const p = url.pathname;
  if (p === "/_root.data") return "/";
  return p.endsWith(".data") ? p.slice(0, -".data".length) : p;
}

/** True when the deepest matched route that says anything about caching says "public". */
export function isPublicPath(tree: TreeRoute[], pathname: string): boolean {
  const matches = matchRoutes(tree, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].route.handle as CacheHandle | undefined;
    if (handle?.cache) return handle.cache === "public";
  }
  return false;
}

export function hasCookie(cookieHeader: string | null, name: string): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/** A random stand-in for the nonce while rendering: no page content can contain it. */
export function nonceStandIn(): string {
  return `nonce${randomBytes(18).toString("base64url")}`;
}

/**
 * Replaces the stand-in by a nonce derived from the page: an HMAC of the body's parts around the
 * stand-in (length-prefixed, so the split is unambiguous). The same body always gets the same nonce,
 * and the ETag is that digest, so a 304's CSP names the nonce of the body the browser kept. Markup
 * injected into a page cannot carry the nonce: the nonce depends on the markup that would carry it.
 * `html` is a byte string (html-bytes.server.ts): each character is one byte of the page.
 */
export function sealHtml(
  html: string,
  standIn: string,
  key: string,
): { body: string; nonce: string; etag: string } {
  const parts = html.split(standIn);
  const hmac = createHmac("sha256", key).update("html-nonce\n");
  for (const part of parts) hmac.update(`${part.length}:`).update(part, "latin1");
  const nonce = hmac.digest().subarray(0, 18).toString("base64url");
  return { body: parts.join(nonce), nonce, etag: `"${nonce}"` };
}

/** If-None-Match (RFC 9110 13.1.2: weak comparison, a list or `*`). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}
