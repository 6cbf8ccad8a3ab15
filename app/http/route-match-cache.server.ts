// Remembers route matches per (route tree, pathname) so a page request stops
// re-ranking the whole route tree. React Router's matchRoutes flattens and
// ranks every route (58 here, each path compiled to a RegExp) on each call. One
// document request calls it five times, four of them through the router
// package's exports: the server runtime, the static router's render, and twice
// more for the lazy-discovery manifest (the static handler's own call cannot be
// reached). That was 11-13% of a page's server CPU
// (docs/decisions/014-server-cpu-per-page.md).
//
// The render builds fresh route objects for every request, so a tree is known
// by its shape (ids, paths, index and case flags), and a remembered match is
// replayed onto the caller's own route objects by position.
import { createRequire } from "node:module";
import type { AgnosticRouteMatch, AgnosticRouteObject, Location } from "@remix-run/router";

type MatchRoutes = (routes: AgnosticRouteObject[], location: Partial<Location> | string, basename?: string) => AgnosticRouteMatch[] | null;
/** Each match as the position of its route among its parent's children; null when nothing matched. */
type Remembered = { position: number; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }[] | null;

/** Pathnames are visitor input: past this many, the cache starts over instead of growing. */
export const MAX_REMEMBERED_MATCHES = 2_000;

const PATCHED = Symbol.for("paddock.routeMatchCache");

/** The same answers as `original`, from memory after a tree's first match of a pathname. */
export function cachedMatchRoutes(original: MatchRoutes, limit = MAX_REMEMBERED_MATCHES): MatchRoutes {
  const shapeIds = new Map<string, number>();
  const treeShape = new WeakMap<AgnosticRouteObject[], number>();
  const remembered = new Map<string, Remembered>();

  const shapeOf = (routes: AgnosticRouteObject[]) => {
    let id = treeShape.get(routes);
    if (id === undefined) {
      const shape = describe(routes);
      id = shapeIds.get(shape);
      if (id === undefined) shapeIds.set(shape, (id = shapeIds.size));
      treeShape.set(routes, id);
    }
    return id;
  };

  return (routes, location, basename = "/") => {
    const pathname = typeof location === "string" ? location.split(/[?#]/, 1)[0] : location.pathname;
    if (pathname === undefined) return original(routes, location, basename);
    const key = `${shapeOf(routes)}\u0000${basename}\u0000${pathname}`;
    const entry = remembered.get(key);
    if (entry !== undefined) return entry && replay(routes, entry);
    const matches = original(routes, location, basename);
    const fresh = matches ? remember(routes, matches) : null;
    if (fresh !== undefined) {
      if (remembered.size >= limit) remembered.clear();
      remembered.set(key, fresh);
    }
    return matches;
  };
}

/**
 * Every property matchRoutes reads from a route, for the whole tree. Runs once per request for the
 * render's fresh tree, so it is plain concatenation; control characters never occur in ids or paths.
 */
function describe(routes: AgnosticRouteObject[]): string {
  let out = "";
  for (const r of routes) {
    out += `${r.id}\u0001${r.path ?? "\u0002"}\u0001${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}`;
    if (r.children) out += `[${describe(r.children)}]`;
    out += "\u0003";
  }
  return out;
}

/** undefined when the matches are not a walk down the tree (then they are never remembered). */
function remember(routes: AgnosticRouteObject[], matches: AgnosticRouteMatch[]): Remembered | undefined {
  let level: AgnosticRouteObject[] | undefined = routes;
  const out: NonNullable<Remembered> = [];
  for (const m of matches) {
    const position = level?.indexOf(m.route) ?? -1;
    if (position < 0) return undefined;
    out.push({ position, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase });
    level = m.route.children;
  }
  return out;
}

function replay(routes: AgnosticRouteObject[], entry: NonNullable<Remembered>): AgnosticRouteMatch[] {
  let level = routes;
  return entry.map((m) => {
    const route = level[m.position];
    level = route.children ?? [];
    return { route, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase };
  });
}

/**
 * Puts the cache in front of `matchRoutes` of the router package's CommonJS
 * exports, which Remix's server runtime, @remix-run/react and React Router all
 * call through. Once per process.
 */
export function installRouteMatchCache() {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { [PATCHED]?: true } };
  if (router.matchRoutes[PATCHED]) return;
  const cached = Object.assign(cachedMatchRoutes(router.matchRoutes), { [PATCHED]: true as const });
  router.matchRoutes = cached;
}
