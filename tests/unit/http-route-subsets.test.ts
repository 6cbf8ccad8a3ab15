// The server hands each request a build cut to the routes its path can match (app/bin/route-subsets.mjs,
// decisions 077, 097 and 100): the match must be the one the whole tree gives, for every path.
import { matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { routeKeyOf, routeSubsets, routeTree } from "../../app/bin/route-subsets.mjs";

type Route = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
};

// The shapes the shop's routes take: the root, an index, a splat 404, static pages, an optional
// segment, a dotted file name, pathless and path layouts with children, a leading parameter.
const ROUTES: Route[] = [
  { id: "root", path: "" },
  { id: "routes/_index", parentId: "root", index: true },
  { id: "routes/$", parentId: "root", path: "*" },
  { id: "routes/sign-in", parentId: "root", path: "sign-in" },
  { id: "routes/healthz", parentId: "root", path: "healthz" },
  { id: "routes/robots[.]txt", parentId: "root", path: "robots.txt" },
  { id: "routes/blog.($filter)", parentId: "root", path: "blog/:filter?" },
  { id: "routes/blog-post.$slug", parentId: "root", path: "blog-post/:slug" },
  { id: "routes/dashboard", parentId: "root", path: "dashboard" },
  { id: "routes/dashboard._index", parentId: "routes/dashboard", index: true },
  { id: "routes/dashboard.my-deliveries", parentId: "routes/dashboard", path: "my-deliveries" },
  {
    id: "routes/dashboard.my-deliveries.change",
    parentId: "routes/dashboard",
    path: "my-deliveries/change",
  },
  { id: "routes/_layout", parentId: "root" },
  { id: "routes/_layout.about", parentId: "routes/_layout", path: "about" },
  { id: "routes/_layout.$page", parentId: "routes/_layout", path: ":page/details" },
  { id: "routes/get-started", parentId: "root", path: "get-started" },
  { id: "routes/get-started.checkout", parentId: "routes/get-started", path: "checkout" },
  { id: "routes/Admin", parentId: "root", path: "Admin", caseSensitive: true },
  { id: "routes/admin.orders.$id", parentId: "root", path: "admin/orders/:id" },
  // an optional leading segment shifts every segment after it
  { id: "routes/($lang).about-us", parentId: "root", path: ":lang?/about-us" },
  { id: "routes/shop.(all).list", parentId: "root", path: "shop/all?/list" },
];

const byId = (routes: Route[]) => Object.fromEntries(routes.map((r) => [r.id, r]));
const build = {
  routes: byId(ROUTES),
  assets: { version: "v1", routes: byId(ROUTES) },
  entry: {},
};

/** The tree Remix makes of a build's routes (createRoutes: children by parentId). */
function tree(routes: Record<string, Route>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: r.index ? undefined : tree(routes, r.id),
    })) as RouteObject[];
}

type SubsetFor = (key: string | null) => typeof build;
// with React Router's matcher, as the server makes them: a static route's own address gets its branch
const subsetFor = routeSubsets(build, { matchRoutes }) as SubsetFor;
// without it, every path gets its two-segment subset
const bySegments = routeSubsets(build) as SubsetFor;
const ids = (routes: RouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => [m.route.id, m.params]) ?? null;
const whole = tree(build.routes);
// each subset's tree made once (the whole build's is `whole`), and each tree's match of a path made
// once: 2,000 random paths ask again and again, mostly for the same short parent paths, and React
// Router flattens and ranks the tree on every call (the test ran 7 s on a loaded 2-core machine
// without the trees kept, and 5.5-6.6 s under CI's load with them but without the matches kept)
const trees = new WeakMap<object, RouteObject[]>([[build, whole]]);
const treeOf = (subset: typeof build) => {
  let made = trees.get(subset);
  if (!made) trees.set(subset, (made = tree(subset.routes)));
  return made;
};
const matchesOf = new WeakMap<RouteObject[], Map<string, ReturnType<typeof ids>>>();
const idsIn = (routes: RouteObject[], path: string) => {
  let byPath = matchesOf.get(routes);
  if (!byPath) matchesOf.set(routes, (byPath = new Map()));
  if (!byPath.has(path)) byPath.set(path, ids(routes, path));
  return byPath.get(path)!;
};
const wholeIds = (path: string) => idsIn(whole, path);

function sameMatch(pathname: string) {
  const page = pathname.endsWith(".data")
    ? pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/")
    : pathname;
  const segments = page.split("/").filter(Boolean);
  for (const subset of [subsetFor(routeKeyOf(pathname)), bySegments(routeKeyOf(pathname))]) {
    expect(idsIn(treeOf(subset), page)).toEqual(wholeIds(page));
    // and each parent path's, which the page's manifest lists for the browser (getPartialManifest)
    if (wholeIds(page))
      for (let n = segments.length - 1; n >= 0; n--) {
        const parent = `/${segments.slice(0, n).join("/")}`;
        expect(idsIn(treeOf(subset), parent)).toEqual(wholeIds(parent));
      }
    expect(Object.keys(subset.assets.routes)).toEqual(Object.keys(subset.routes));
  }
}

describe("route subsets", () => {
  it("match as the whole tree does", () => {
    for (const path of [
      "/",
      "/sign-in",
      "/SIGN-IN/",
      "/sign-in/extra",
      "/healthz",
      "/robots.txt",
      "/blog",
      "/blog/recipes",
      "/blog-post/how-we-pack",
      "/dashboard",
      "/dashboard/my-deliveries",
      "/dashboard/my-deliveries/change",
      "/about",
      "/anything/details",
      "/nowhere",
      "/get-started/checkout",
      "/admin",
      "/Admin",
      "/admin/orders/7",
      "/sign-in.data",
      "/_root.data",
      "/dashboard/my-deliveries.data",
      "/about-us",
      "/en/about-us",
      "/shop/list",
      "/shop/all/list",
    ])
      sameMatch(path);
  });

  it("match as the whole tree does for any path made of the routes' words", () => {
    const word = fc.constantFrom(
      "sign-in",
      "Sign-In",
      "dashboard",
      "my-deliveries",
      "change",
      "blog",
      "about",
      "details",
      "admin",
      "Admin",
      "orders",
      "7",
      "x",
      "",
      "robots.txt",
      "healthz",
      "get-started",
      "checkout",
      "about-us",
      "en",
      "shop",
      "all",
      "list",
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), fc.boolean(), (words, slash) =>
        sameMatch(`/${words.join("/")}${slash ? "/" : ""}`),
      ),
      { numRuns: 2000 },
    );
    // 2,000 runs of React Router's matcher: 1.7-4.3 s beside CI's end-to-end tests on 2 cores,
    // too close to vitest's 5 s default
  }, 20_000);

  it("gives a static route's own address only the branches the whole tree matches for it and its parents", () => {
    const routesOf = (path: string) => Object.keys(subsetFor(routeKeyOf(path)).routes).sort();
    // the parents' index routes too: the browser must not take /dashboard or / for a page of their
    // layout alone
    expect(routesOf("/dashboard/my-deliveries")).toEqual([
      "root",
      "routes/_index",
      "routes/dashboard",
      "routes/dashboard._index",
      "routes/dashboard.my-deliveries",
    ]);
    expect(routesOf("/dashboard/my-deliveries.data")).toEqual(
      routesOf("/dashboard/my-deliveries/"),
    );
    expect(routesOf("/dashboard")).toEqual([
      "root",
      "routes/_index",
      "routes/dashboard",
      "routes/dashboard._index",
    ]);
    expect(routesOf("/about")).toEqual([
      "root",
      "routes/_index",
      "routes/_layout",
      "routes/_layout.about",
    ]);
    expect(routesOf("/")).toEqual(["root", "routes/_index"]);
    expect(routesOf("/_root.data")).toEqual(["root", "routes/_index"]);
    // as written: another case is matched by the two-segment subset (React Router ignores case,
    // but a case-sensitive route may not), and so is every path with a parameter
    expect(routesOf("/Sign-In")).toEqual(
      Object.keys(bySegments(routeKeyOf("/sign-in")).routes).sort(),
    );
    expect(routesOf("/Admin")).toEqual(["root", "routes/Admin", "routes/_index"]);
    expect(subsetFor(routeKeyOf("/admin"))).toBe(subsetFor(routeKeyOf("/ADMIN")));
    expect(subsetFor(routeKeyOf("/admin/orders/7"))).toBe(subsetFor(routeKeyOf("/admin/orders/8")));
    // one subset per address, made once
    expect(subsetFor(routeKeyOf("/sign-in"))).toBe(subsetFor(routeKeyOf("/sign-in.data")));
  });

  it("makes the tree as Remix does", () => {
    expect(routeTree(build.routes)).toEqual(tree(build.routes));
  });

  it("keeps only the routes a path can match, with their parents", () => {
    const routesOf = (path: string) => Object.keys(bySegments(routeKeyOf(path)).routes).sort();
    // what any path of one or two segments can match: the root, its index, the splat, the pathless
    // layout, and the route whose optional first segment shifts the rest
    const anyPath = [
      "root",
      "routes/$",
      "routes/($lang).about-us",
      "routes/_index",
      "routes/_layout",
    ];
    expect(routesOf("/sign-in")).toEqual([...anyPath, "routes/sign-in"]);
    // the second segment chooses too
    expect(routesOf("/dashboard/my-deliveries")).toEqual([
      ...anyPath,
      "routes/dashboard",
      "routes/dashboard._index",
      "routes/dashboard.my-deliveries",
      "routes/dashboard.my-deliveries.change",
    ]);
    // a second segment no route names: only what a parameter or splat can match there
    expect(bySegments(routeKeyOf("/dashboard/nowhere"))).toBe(bySegments(routeKeyOf("/dashboard")));
    expect(routesOf("/dashboard")).toEqual([
      ...anyPath,
      "routes/dashboard",
      "routes/dashboard._index",
    ]);
    // a leading parameter agrees with any first segment, and its second is asked as named
    expect(Object.keys(bySegments(routeKeyOf("/anything/details")).routes)).toContain(
      "routes/_layout.$page",
    );
    // a first segment no route starts with: only what matches any path
    expect(bySegments(routeKeyOf("/nowhere"))).toBe(bySegments(routeKeyOf("/")));
    expect(bySegments(routeKeyOf("/sign-in"))).toBe(bySegments(routeKeyOf("/Sign-In.data")));
  });

  it("gives the whole tree to a path it cannot read safely, and to Remix's manifest", () => {
    for (const path of ["/sign%2Din", "//sign-in", "/a\\b", "/__manifest", "sign-in"]) {
      expect(subsetFor(routeKeyOf(path))).toBe(build);
      expect(bySegments(routeKeyOf(path))).toBe(build);
    }
  });
});
