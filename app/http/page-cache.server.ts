// The build-bound half of the HTML cache policy: the route manifest of this
// server build, the session cookie's name and the key the nonces are derived with.
import { createHmac } from "node:crypto";
import * as build from "@remix-run/dev/server-build";
import { sessionCookie } from "~/accounts/session.server";
import { currentKey } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { keptAnswers } from "~/utils/kept-answers";
import { hasCookie, isPublicPath, pagePath, routeTree } from "./cache-policy.server";

let tree: ReturnType<typeof routeTree> | undefined;

/** Pathnames are visitor input: past this many remembered answers, the oldest goes first. */
export const MAX_REMEMBERED_PATHS = 2_000;
const publicPaths = keptAnswers<boolean>(MAX_REMEMBERED_PATHS);

/**
 * isPublicPath for this build's routes, remembered per pathname: every anonymous request asks it
 * twice (the micro-cache, then the render), and matching ranks the whole route tree each time.
 */
function isPublicPage(pathname: string): boolean {
  return publicPaths(pathname, () => {
    tree ??= routeTree(build.routes);
    return isPublicPath(tree, pathname);
  });
}

/** Key for page nonces, separate from the cookie-signing use of the same secret. */
export const pageNonceKey = createHmac("sha256", currentKey(keyRing, "page-nonce"))
  .update("paddock:html-cache-nonce")
  .digest("hex");

/**
 * True when this request may get the shared, cacheable version of its page: a GET or HEAD for a
 * route declared `handle.cache = "public"`, from a visitor without a session cookie. The root
 * loader then issues no CSRF token and reads no user, so the page is the same for everyone.
 */
export function isSharedCacheable(request: Request): boolean {
  return isSharedPageRequest(request.method, request.url, request.headers.get("Cookie"));
}

/** The same rule on the parts of a request; `url` may be a path with a query (the server's micro-cache asks with those). */
export function isSharedPageRequest(
  method: string,
  url: string,
  cookieHeader: string | null | undefined,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (hasCookie(cookieHeader ?? null, sessionCookie.name)) return false;
  return isPublicPage(pagePath(new URL(url, "http://page.invalid")));
}
