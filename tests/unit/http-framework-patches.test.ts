import { describe, expect, it } from "vitest";
import {
  createMemoryHistory,
  createRouter,
  createStaticHandler,
  matchPath,
  matchRoutes,
  type AgnosticRouteObject,
} from "@remix-run/router";
import { createRequire } from "node:module";
import { PATHS, tree } from "./route-tree-fixture";

// The two patches in app/patches/ (applied by `npm ci`; docs/performance.md, decisions 015 and 047):
// React Router's matchRoutes flattens and ranks a routes array once and matchPath compiles each pattern's
// RegExp once; Remix's server runtime hands a loader the request itself when there is no query to strip.

type Match = { id: string; params: object; pathname: string; pathnameBase: string };
const plain = (matches: ReturnType<typeof matchRoutes>): Match[] | undefined =>
  matches?.map((m) => ({
    id: m.route.id!,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  }));

async function queryMatches(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await handler.query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  return context.matches.map((m) => ({
    id: m.route.id,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  }));
}

let shapes = 0;
/** The fixture's tree plus a route no path here reaches, in a shape never matched before: ranked afresh, the unpatched matcher's answer. */
function newShape(): AgnosticRouteObject[] {
  const routes = tree();
  routes[0].children!.push({ id: "never", path: `never-${++shapes}` });
  return routes;
}

describe("patched @remix-run/router", () => {
  it("answers from a ranked array exactly as from a fresh one, for strings, locations and a basename", () => {
    const kept = tree();
    for (let round = 0; round < 2; round++) {
      for (const path of PATHS) {
        expect(plain(matchRoutes(kept, path)), `${path}, round ${round}`).toEqual(
          plain(matchRoutes(newShape(), path)),
        );
        const pathname = path.split(/[?#]/)[0];
        expect(plain(matchRoutes(kept, { pathname }))).toEqual(
          plain(matchRoutes(newShape(), { pathname })),
        );
        expect(plain(matchRoutes(kept, path, "/blog"))).toEqual(
          plain(matchRoutes(newShape(), path, "/blog")),
        );
        // a new tree of a shape already ranked (as a server renders each request) answers the same
        expect(plain(matchRoutes(tree(), path))).toEqual(plain(matchRoutes(newShape(), path)));
      }
    }
  });

  it("gives a new tree of a ranked shape the ranking with its own route objects", () => {
    matchRoutes(tree(), "/");
    const again = tree();
    for (const path of PATHS) {
      let level: AgnosticRouteObject[] | undefined = again;
      for (const match of matchRoutes(again, path) ?? []) {
        expect(level, path).toContain(match.route);
        level = match.route.children;
      }
    }
    // a tree of another shape is ranked on its own: the route added here is found
    const other = tree();
    other[0].children!.push({ id: "late", path: "late" });
    expect(matchRoutes(other, "/late")?.at(-1)?.route.id).toBe("late");
    expect(matchRoutes(tree(), "/late")?.at(-1)?.route.id).toBe("splat");
  });

  it("hands back the caller's own route objects and fresh params each time", () => {
    const first = tree();
    const a = matchRoutes(first, "/blog-post/one")!;
    expect(a.at(-1)!.route).toBe(first[0].children![2]);
    (a.at(-1)!.params as Record<string, string>).slug = "changed";
    expect(matchRoutes(first, "/blog-post/one")!.at(-1)!.params.slug).toBe("one");
    const second = tree();
    expect(matchRoutes(second, "/blog-post/one")!.at(-1)!.route).toBe(second[0].children![2]);
  });

  it("ranks an array once: a route pushed into it after its first match is not seen, a new array sees it", () => {
    const routes = tree();
    expect(matchRoutes(routes, "/late")?.at(-1)?.route.id).toBe("splat");
    routes[0].children!.push({ id: "late", path: "late" });
    expect(matchRoutes(routes, "/late")?.at(-1)?.route.id).toBe("splat");
    expect(matchRoutes([...routes], "/late")?.at(-1)?.route.id).toBe("late");
  });

  it("matches each document request of the static handler exactly as matchRoutes does, every time", async () => {
    const handler = createStaticHandler(tree());
    for (let round = 0; round < 2; round++) {
      for (const path of PATHS) {
        expect(await queryMatches(handler, path), `${path}, round ${round}`).toEqual(
          plain(matchRoutes(newShape(), path)),
        );
      }
    }
  });

  it("finds a route patched in during navigation, in the array it had already ranked", async () => {
    const routes: AgnosticRouteObject[] = [
      { id: "root", path: "/", children: [{ id: "home", index: true }] },
    ];
    const router = createRouter({
      routes,
      history: createMemoryHistory({ initialEntries: ["/"] }),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    }).initialize();
    try {
      await router.navigate("/late");
      expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "late"]);
      expect(router.state.errors).toBeNull();
    } finally {
      router.dispose();
    }
  });

  it("matchPath answers the same from a remembered pattern, for case, end and past the memory's bound", () => {
    for (let round = 0; round < 2; round++) {
      expect(matchPath({ path: "/FAQ", caseSensitive: true }, "/faq")).toBeNull();
      expect(matchPath({ path: "/FAQ", caseSensitive: false }, "/faq")?.pathname).toBe("/faq");
      expect(matchPath({ path: "/blog", end: false }, "/blog/page/2")?.pathnameBase).toBe("/blog");
      expect(matchPath({ path: "/blog", end: true }, "/blog/page/2")).toBeNull();
      expect(matchPath("/orders/:number", "/orders/PT-1")?.params).toEqual({ number: "PT-1" });
    }
    for (let i = 0; i < 1_500; i++)
      expect(matchPath(`/p${i}/:id`, `/p${i}/x${i}`)?.params).toEqual({ id: `x${i}` });
    expect(matchPath("/orders/:number", "/orders/PT-2")?.params).toEqual({ number: "PT-2" });
  });
});

type LoaderCall = (args: {
  loader: (args: { request: Request }) => unknown;
  request: Request;
  params: object;
  loadContext: object;
  routeId: string;
  singleFetch: boolean;
}) => Promise<unknown>;
const { callRouteLoader } = createRequire(import.meta.url)(
  "@remix-run/server-runtime/dist/data.js",
) as { callRouteLoader: LoaderCall };

async function requestSeenByLoader(request: Request, singleFetch = true): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({
    loader: ({ request }) => ((seen = request), null),
    request,
    params: {},
    loadContext: {},
    routeId: "page",
    singleFetch,
  });
  return seen!;
}

describe("patched @remix-run/server-runtime", () => {
  it("hands a loader the request itself when its URL has no query (nothing to strip)", async () => {
    const request = new Request("http://shop.test/dashboard/my-deliveries", {
      headers: { Cookie: "__session=abc" },
    });
    expect(await requestSeenByLoader(request)).toBe(request);
    expect(await requestSeenByLoader(request, false)).toBe(request);
  });

  it("still strips `index`, `_routes` and `_data` from a URL with a query, and keeps the rest", async () => {
    const request = new Request("http://shop.test/get-started?index&postcode=2000&_routes=root", {
      headers: { Cookie: "__session=abc" },
    });
    const seen = await requestSeenByLoader(request);
    expect(seen).not.toBe(request);
    expect(seen.url).toBe("http://shop.test/get-started?postcode=2000");
    expect(seen.headers.get("Cookie")).toBe("__session=abc");
    expect(
      (await requestSeenByLoader(new Request("http://shop.test/faq?_data=root&q=1"), false)).url,
    ).toBe("http://shop.test/faq?q=1");
  });
});
