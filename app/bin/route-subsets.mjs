// Remix matches every request against the whole route tree, and React Router ranks that tree again
// on each of the five or so matches a page makes (the request handler, the static handler, the
// render, the lazy-discovery manifest): with 106 routes that was a fifth to a quarter of a rendered
// page's CPU, and of /healthz's (decision 077). The patch that ranked each tree once is gone
// (decision 047's last two), so the server hands each request a build with only the routes that
// could match its path: those whose address agrees with the path's first two segments, a parameter
// or a splat agreeing with any (the root, index routes and pathless layouts ask nothing). Every
// route that could match is there, so the match, and so the page, is the same as with the whole
// tree; a path the rule cannot read safely gets the whole tree. Two segments, not one (decision
// 097): /dashboard/account is matched against 5 routes, not 9.

/** How many leading segments of a path choose its routes. */
const KEY_SEGMENTS = 2;

/**
 * What a route's full path asks of a request's first KEY_SEGMENTS segments: a static segment in
 * lower case, or null where any segment (or none) may stand (a parameter, a splat). Past an optional
 * segment the positions shift, so nothing after one is asked.
 * @param {string} fullPath
 * @returns {(string | null)[]}
 */
function leadingSegments(fullPath) {
  const asked = [];
  for (const segment of fullPath.split("/").filter(Boolean).slice(0, KEY_SEGMENTS)) {
    if (segment.endsWith("?")) break;
    asked.push(/^[:*]/.test(segment) ? null : segment.toLowerCase());
  }
  return asked;
}

/**
 * The key of the routes a request's path can match: its first two segments in lower case, joined
 * by "/" (React Router matches without case by default), "" for a path of no segment, or null for
 * the whole tree: an encoded or doubled slash, a percent escape (matched decoded), and Remix's
 * manifest endpoint. A single-fetch data path (`/x.data`, `/_root.data`) is matched as the page's.
 * @param {string} pathname
 * @returns {string | null}
 */
export function routeKeyOf(pathname) {
  if (!pathname.startsWith("/") || /%|\/\/|\\/.test(pathname)) return null;
  let path = pathname;
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -5);
  const segments = path.split("/").filter(Boolean);
  if (segments[0] === "__manifest") return null;
  return segments
    .slice(0, KEY_SEGMENTS)
    .map((s) => s.toLowerCase())
    .join("/");
}

/**
 * Per route id, what its full path asks of the leading segments (see leadingSegments).
 * @param {Record<string, { id: string, parentId?: string, path?: string }>} routes
 */
function askedOf(routes) {
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
  return new Map(Object.keys(routes).map((id) => [id, leadingSegments(fullPath(id))]));
}

/** `routes` with only the ids in `ids` (an object keyed by id, as Remix's build and manifest keep them). */
const only = (routes, ids) =>
  Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id)));

/**
 * The build a request's path needs, made once per key: the server build with its `routes` and its
 * manifest's `routes` cut to the routes the path can match (and their parents): those whose path
 * asks, of each of the first two segments, either nothing or what the request has there. A segment
 * no route names is kept as "" (it can only meet a parameter or a splat), so the subsets are as
 * many as the routes' own names allow, whatever paths are asked for.
 * @template {{ routes: Record<string, any>, assets: { routes: Record<string, any> } }} B
 * @param {B} build
 * @returns {(key: string | null) => B}
 */
export function routeSubsets(build) {
  const asked = askedOf(build.routes);
  /** per position, the static segments some route names there */
  const named = Array.from(
    { length: KEY_SEGMENTS },
    (_, i) => new Set([...asked.values()].map((a) => a[i]).filter((s) => typeof s === "string")),
  );
  /** @type {Map<string, B>} */
  const made = new Map();
  return (key) => {
    if (key === null) return build;
    const segments = Array.from({ length: KEY_SEGMENTS }, (_, i) => {
      const s = key.split("/")[i];
      return s !== undefined && named[i].has(s) ? s : "";
    });
    const k = segments.join("/");
    let subset = made.get(k);
    if (!subset) {
      const ids = new Set();
      for (const [id, needs] of asked) {
        // "" (no segment, or one no route names) meets only a parameter or a splat
        if (!needs.every((s, i) => s === null || s === segments[i])) continue;
        // the route and its parents (a parent's path is a prefix of its child's: it asks less)
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
