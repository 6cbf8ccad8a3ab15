// Remix matches every request against the whole route tree, and React Router ranks that tree again
// on each of the five or so matches a page makes (the request handler, the static handler, the
// render, the lazy-discovery manifest): with 106 routes that was a fifth to a quarter of a rendered
// page's CPU, and of /healthz's (decision 077). The patch that ranked each tree once is gone
// (decision 047's last two), so the server hands each request a build with only the routes that
// could match its path: those whose address starts with the path's first segment, and those that
// can match any first segment (the root, index routes, pathless layouts, a leading parameter or
// splat). Every route that could match is there, so the match, and so the page, is the same as
// with the whole tree; a path the rule cannot read safely gets the whole tree.

/** A full path's first segment, lower case, or null when the route can match any first segment. */
function leadingSegment(fullPath) {
  const first = fullPath.split("/").find(Boolean);
  if (first === undefined || /^[:*]/.test(first) || first.endsWith("?")) return null;
  return first.toLowerCase();
}

/**
 * The key of the routes a request's path can match: its first segment in lower case (React Router
 * matches without case by default), "" for a path of no segment, or null for the whole tree: an
 * encoded or doubled slash, a percent escape (matched decoded), and Remix's manifest endpoint.
 * A single-fetch data path (`/x.data`, `/_root.data`) is matched as the page's.
 * @param {string} pathname
 * @returns {string | null}
 */
export function routeKeyOf(pathname) {
  if (!pathname.startsWith("/") || /%|\/\/|\\/.test(pathname)) return null;
  let path = pathname;
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -5);
  const first = path.split("/").find(Boolean);
  if (first === undefined) return "";
  if (first === "__manifest") return null;
  return first.toLowerCase();
}

/**
 * Per route id, the key it needs (null: every subset needs it).
 * @param {Record<string, { id: string, parentId?: string, path?: string }>} routes
 */
function keysOf(routes) {
  /** @type {Map<string, string>} */
  const fullPaths = new Map();
  const fullPath = (id) => {
    let known = fullPaths.get(id);
    if (known === undefined) {
      const route = routes[id];
      const parent = route.parentId ? fullPath(route.parentId) : "";
      known = route.path ? `${parent}/${route.path}` : parent;
      fullPaths.set(id, known);
    }
    return known;
  };
  return new Map(Object.keys(routes).map((id) => [id, leadingSegment(fullPath(id))]));
}

/** `routes` with only the ids in `ids` (an object keyed by id, as Remix's build and manifest keep them). */
const only = (routes, ids) =>
  Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id)));

/**
 * The build a request's path needs, made once per key: the server build with its `routes` and its
 * manifest's `routes` cut to the routes the path can match (and their parents). A key no route
 * starts with gets the routes every path can match (it can only be a 404, or a route that matches
 * any first segment).
 * @template {{ routes: Record<string, any>, assets: { routes: Record<string, any> } }} B
 * @param {B} build
 * @returns {(key: string | null) => B}
 */
export function routeSubsets(build) {
  const keys = keysOf(build.routes);
  const known = new Set([...keys.values()].filter((k) => k !== null));
  /** @type {Map<string, B>} */
  const made = new Map();
  return (key) => {
    if (key === null) return build;
    const k = known.has(key) ? key : "";
    let subset = made.get(k);
    if (!subset) {
      const ids = new Set();
      for (const [id, needs] of keys) {
        if (needs !== null && needs !== k) continue;
        // the route and its parents (a parent's path is a prefix of its child's: the same key or none)
        for (let at = id; at && !ids.has(at); at = build.routes[at].parentId) ids.add(at);
      }
      subset = {
        ...build,
        routes: only(build.routes, ids),
        assets: { ...build.assets, routes: only(build.assets.routes, ids) },
      };
      made.set(k, subset);
    }
    return subset;
  };
}
