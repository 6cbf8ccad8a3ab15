// Remix matches every request against the whole route tree, and React Router ranks that tree again
// on each of the five or so matches a page makes (the request handler, the static handler, the
// render, the lazy-discovery manifest): with 106 routes that was a fifth to a quarter of a rendered
// page's CPU, and of /healthz's (decision 077). The patch that ranked each tree once is gone
// (decision 047's last two), so the server hands each request a build with only the routes that
// could match its path: those whose address agrees with the path's first two segments, a parameter
// or a splat agreeing with any (the root, index routes and pathless layouts ask nothing). Every
// route that could match is there, so the match, and so the page, is the same as with the whole
// tree; a path the rule cannot read safely gets the whole tree. Two segments, not one (decision
// 097): /dashboard/account is matched against 5 routes, not 9. A path that is a static route's
// own address, as written, gets only the branches the whole tree matches for it and its parent
// paths (decision 100): /dashboard/my-deliveries is matched against 5 routes, not 7.

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
 * The key of the routes a request's path can match: its segments as written, joined by "/" (a
 * trailing slash matches as none), "" for a path of no segment, or null for the whole tree: an
 * encoded or doubled slash, a percent escape (matched decoded), and Remix's manifest endpoint. A
 * single-fetch data path (`/x.data`, `/_root.data`) is matched as the page's.
 * @param {string} pathname
 * @returns {string | null}
 */
export function routeKeyOf(pathname) {
  if (!pathname.startsWith("/") || /%|\/\/|\\/.test(pathname)) return null;
  let path = pathname;
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -5);
  const segments = path.split("/").filter(Boolean);
  if (segments[0] === "__manifest") return null;
  return segments.join("/");
}

/** A static route's address as routeKeyOf gives it, or null for one with a parameter, splat or optional segment. */
function staticKey(fullPath) {
  const segments = fullPath.split("/").filter(Boolean);
  return segments.some((s) => /^[:*]|\?$/.test(s)) ? null : segments.join("/");
}

/**
 * The nested routes React Router matches (as Remix's createRoutes makes them: children by parentId).
 * @param {Record<string, { id: string, parentId?: string, path?: string, index?: boolean, caseSensitive?: boolean }>} routes
 */
export function routeTree(routes) {
  /** @type {Map<string | undefined, any[]>} */
  const children = new Map();
  for (const r of Object.values(routes)) {
    const node = { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive };
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), node]);
  }
  const attach = (nodes) =>
    nodes.map((n) => (n.index ? n : { ...n, children: attach(children.get(n.id) ?? []) }));
  return attach(children.get(undefined) ?? []);
}

/**
 * Per route id, what its full path asks of the leading segments (see leadingSegments).
 * @param {Record<string, { id: string, parentId?: string, path?: string }>} routes
 */
function askedOf(routes) {
  return new Map([...fullPathsOf(routes)].map(([id, full]) => [id, leadingSegments(full)]));
}

/**
 * Per route id, its full path: its parents' paths and its own, joined by "/".
 * @param {Record<string, { id: string, parentId?: string, path?: string }>} routes
 */
function fullPathsOf(routes) {
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
  for (const id of Object.keys(routes)) fullPath(id);
  return fullPaths;
}

/** `routes` with only the ids in `ids` (an object keyed by id, as Remix's build and manifest keep them). */
const only = (routes, ids) =>
  Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id)));

/**
 * The build a request's path needs, made once per key: the server build with its `routes` and its
 * manifest's `routes` cut to the routes the path can match (and their parents).
 * - A path that is a static route's own address as written (case and all): the routes of the
 *   branches the whole tree matches for it and for each of its parent paths, found with React
 *   Router's own `matchRoutes` when the subset is made. Every branch of a subset is one of the whole
 *   tree's, ranked as there, and each path's winner is among them, so it still wins.
 * - Any other path: the routes whose path asks, of each of the first two segments, either nothing
 *   or what the request has there (in lower case). A segment no route names is kept as "" (it can
 *   only meet a parameter or a splat).
 * So the subsets are as many as the routes' own names allow, whatever paths are asked for.
 * @template {{ routes: Record<string, any>, assets: { routes: Record<string, any> } }} B
 * @param {B} build
 * @param {{ matchRoutes?: (routes: any[], path: string) => { route: { id: string } }[] | null }} [matcher]
 *   React Router's matchRoutes; without it, every path gets its two-segment subset
 * @returns {(key: string | null) => B}
 */
export function routeSubsets(build, { matchRoutes } = {}) {
  const asked = askedOf(build.routes);
  const cut = (ids) => ({
    ...build,
    routes: only(build.routes, ids),
    assets: { ...build.assets, routes: only(build.assets.routes, ids) },
  });
  const staticKeys = new Set(
    matchRoutes
      ? [...fullPathsOf(build.routes).values()].map(staticKey).filter((k) => k !== null)
      : [],
  );
  /** @type {Map<string, B | null>} */
  const branches = new Map();
  /** @type {any[] | undefined} */
  let wholeTree;
  const branchFor = (key) => {
    let subset = branches.get(key);
    if (subset === undefined) {
      wholeTree ??= routeTree(build.routes);
      const segments = key.split("/").filter(Boolean);
      const ids = new Set();
      // the path's own branch, and each parent path's (its index and pathless routes): what Remix's
      // page manifest lists (fog-of-war.js getPartialManifest), so the browser is told of the same
      // routes as with the whole tree and still finds the home page at "/"
      for (let n = segments.length; n >= 0; n--)
        for (const m of matchRoutes?.(wholeTree, `/${segments.slice(0, n).join("/")}`) ?? [])
          ids.add(m.route.id);
      // a route's own address always matches; were it not to, the two-segment subset stays
      subset = ids.size ? cut(ids) : null;
      branches.set(key, subset);
    }
    return subset;
  };
  /** per position, the static segments some route names there */
  const named = Array.from(
    { length: KEY_SEGMENTS },
    (_, i) => new Set([...asked.values()].map((a) => a[i]).filter((s) => typeof s === "string")),
  );
  /** @type {Map<string, B>} */
  const made = new Map();
  return (key) => {
    if (key === null) return build;
    if (staticKeys.has(key)) {
      const branch = branchFor(key);
      if (branch) return branch;
    }
    const segments = Array.from({ length: KEY_SEGMENTS }, (_, i) => {
      const s = key.split("/")[i]?.toLowerCase();
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
      subset = cut(ids);
      made.set(k, subset);
    }
    return subset;
  };
}
