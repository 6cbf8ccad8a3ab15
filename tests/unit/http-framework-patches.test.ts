import { createRequire } from "node:module";
import fs from "node:fs";
import { PassThrough } from "node:stream";
import path from "node:path";
import { Suspense, createElement as h, useContext, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createStaticHandler, matchPath, matchRoutes, type AgnosticDataRouteObject } from "@remix-run/router";
import { PATHS, tree } from "./route-tree-fixture";

const req = createRequire(import.meta.url);
const routerServer = req("react-router-dom/server") as typeof import("react-router-dom/server");

// The patches in app/patches/ (applied by `npm ci`, docs/decisions/015): React Router's static handler
// flattens and ranks its routes once and matchPath compiles each pattern's RegExp once; Remix's server
// runtime hands a loader the request itself when there is no query to strip; React's stream renderer
// keeps its chunks as strings and writes each flush as one (docs/decisions/024).

async function queryMatches(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await handler.query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  return context.matches.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname }));
}

describe("patched @remix-run/router", () => {
  it("matches each document request exactly as matchRoutes does, every time", async () => {
    const handler = createStaticHandler(tree());
    for (let round = 0; round < 2; round++) {
      for (const path of PATHS) {
        const expected = matchRoutes(handler.dataRoutes, path)!.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname }));
        expect(await queryMatches(handler, path), `${path}, round ${round}`).toEqual(expected);
      }
    }
  });

  it("ranks the static handler's routes once: a route added after the first request is never matched", async () => {
    const handler = createStaticHandler(tree());
    expect((await queryMatches(handler, "/late")).at(-1)?.id).toBe("splat");
    const root = handler.dataRoutes[0] as AgnosticDataRouteObject & { children: AgnosticDataRouteObject[] };
    root.children.push({ id: "late", path: "late", hasErrorBoundary: false });
    // matchRoutes flattens afresh and sees it; the handler keeps the ranking it made first.
    expect(matchRoutes(handler.dataRoutes, "/late")?.at(-1)?.route.id).toBe("late");
    expect((await queryMatches(handler, "/late")).at(-1)?.id).toBe("splat");
  });

  it("matchPath answers the same from a remembered pattern, for case, end and past the memory's bound", () => {
    for (let round = 0; round < 2; round++) {
      expect(matchPath({ path: "/FAQ", caseSensitive: true }, "/faq")).toBeNull();
      expect(matchPath({ path: "/FAQ", caseSensitive: false }, "/faq")?.pathname).toBe("/faq");
      expect(matchPath({ path: "/blog", end: false }, "/blog/page/2")?.pathnameBase).toBe("/blog");
      expect(matchPath({ path: "/blog", end: true }, "/blog/page/2")).toBeNull();
      expect(matchPath("/orders/:number", "/orders/PT-1")?.params).toEqual({ number: "PT-1" });
    }
    for (let i = 0; i < 1_500; i++) expect(matchPath(`/p${i}/:id`, `/p${i}/x${i}`)?.params).toEqual({ id: `x${i}` });
    expect(matchPath("/orders/:number", "/orders/PT-2")?.params).toEqual({ number: "PT-2" });
  });
});

type LoaderCall = (args: {
  loader: (args: { request: Request }) => unknown; request: Request; params: object; loadContext: object; routeId: string; singleFetch: boolean;
}) => Promise<unknown>;
const { callRouteLoader } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/data.js") as { callRouteLoader: LoaderCall };

async function requestSeenByLoader(request: Request, singleFetch = true): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({ loader: ({ request }) => ((seen = request), null), request, params: {}, loadContext: {}, routeId: "page", singleFetch });
  return seen!;
}

describe("patched @remix-run/server-runtime", () => {
  it("hands a loader the request itself when its URL has no query (nothing to strip)", async () => {
    const request = new Request("http://shop.test/dashboard/my-deliveries", { headers: { Cookie: "__session=abc" } });
    expect(await requestSeenByLoader(request)).toBe(request);
    expect(await requestSeenByLoader(request, false)).toBe(request);
  });

  it("still strips `index`, `_routes` and `_data` from a URL with a query, and keeps the rest", async () => {
    const request = new Request("http://shop.test/get-started?index&postcode=2000&_routes=root", { headers: { Cookie: "__session=abc" } });
    const seen = await requestSeenByLoader(request);
    expect(seen).not.toBe(request);
    expect(seen.url).toBe("http://shop.test/get-started?postcode=2000");
    expect(seen.headers.get("Cookie")).toBe("__session=abc");
    expect((await requestSeenByLoader(new Request("http://shop.test/faq?_data=root&q=1"), false)).url).toBe("http://shop.test/faq?q=1");
  });
});

// The production builds the server runs (vitest's NODE_ENV=test would pick React's development build).
const reactDomDir = path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
const productionServer = path.join(reactDomDir, "cjs/react-dom-server.node.production.min.js");
const { renderToPipeableStream } = createRequire(import.meta.url)(productionServer) as typeof import("react-dom/server");
const { renderToString } = createRequire(import.meta.url)(path.join(reactDomDir, "cjs/react-dom-server-legacy.node.production.min.js")) as typeof import("react-dom/server");

/** The document React's stream renderer writes, as the flushes arrive (shell first when `streamed`). */
function streamRender(node: ReactNode, streamed: boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const flushes: string[] = [];
    sink.on("data", (chunk: Buffer) => flushes.push(chunk.toString("utf8")));
    sink.on("end", () => resolve(flushes));
    const { pipe } = renderToPipeableStream(node, {
      onShellReady: () => (streamed ? pipe(sink) : undefined),
      onAllReady: () => (streamed ? undefined : pipe(sink)),
      onShellError: reject,
    });
  });
}

function page(text: string) {
  return h("html", null,
    h("head", null, h("title", null, "Box — ✓"), h("style", { dangerouslySetInnerHTML: { __html: "a::after{content:'—'}" } })),
    h("body", null,
      h("main", { className: "flow", "data-step": 3, hidden: false, style: { marginTop: 4 } }, "héllo ✓ wörld 🐟", "then", 42,
        h("p", null, text),
        [1, 2, 3].map((i) => h("a", { key: i, href: `/p/${i}?q="a"&b` }, `n${i} — “quoted”`)),
        h("input", { defaultValue: "v&<>", name: "n", readOnly: true }),
        h("script", { dangerouslySetInnerHTML: { __html: "window.mark='✓'" } }))));
}

describe("patched react-dom server renderer", () => {
  it("is the patched build", () => {
    expect(fs.readFileSync(productionServer, "utf8")).toContain("paddock-and-tide patch");
  });

  it("writes the same document as React's string renderer: non-Latin-1 text, escaping, and chunks past the old 2 KB buffer", async () => {
    for (const text of ["short", "x".repeat(5_000) + "é".repeat(3_000) + "🐟".repeat(1_000)]) {
      const [html, ...more] = await streamRender(page(text), false);
      expect(more).toEqual([]);
      expect(html).toBe("<!DOCTYPE html>" + renderToString(page(text)));
    }
  });

  it("streams a suspended part after the shell, in its own flush", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let ready = false;
    void gate.then(() => (ready = true));
    function Late(): ReactNode {
      if (!ready) throw gate;
      return h("p", null, "Ready — ✓");
    }
    const rendering = streamRender(h("div", null, "Shell ✓", h(Suspense, { fallback: h("span", null, "Loading…") }, h(Late))), true);
    setTimeout(release, 20);
    const flushes = await rendering;
    expect(flushes.length).toBeGreaterThan(1);
    expect(flushes[0]).toContain("Shell ✓");
    expect(flushes[0]).toContain("<span>Loading…</span>");
    expect(flushes[0]).not.toContain("Ready");
    const rest = flushes.slice(1).join("");
    expect(rest).toContain("<p>Ready — ✓</p>");
    expect(rest).toContain("$RC(");
  });
});

describe("patched react-router-dom and @remix-run/react server routers (docs/decisions/027)", () => {
  it("are the patched builds", () => {
    expect(fs.readFileSync(req.resolve("react-router-dom/server"), "utf8")).toContain("paddock-and-tide patch");
    expect(fs.readFileSync(path.join(path.dirname(req.resolve("@remix-run/react")), "server.js"), "utf8")).toContain("paddock-and-tide patch");
  });

  it("makes a route tree's data routes once and maps every request's matches onto them", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "faq", path: "faq" }, { id: "post", path: "blog-post/:slug" }] }];
    const handler = routerServer.createStaticHandler(routes);
    const contextOf = async (p: string) => {
      const context = await handler.query(new Request(`http://shop.test${p}`));
      if (context instanceof Response) throw new Error("unexpected response");
      return context;
    };
    const faq = routerServer.createStaticRouter(routes, await contextOf("/faq"));
    const post = routerServer.createStaticRouter(routes, await contextOf("/blog-post/how-we-pack"));
    expect(post.routes).toBe(faq.routes);
    expect(faq.state.matches.map((m) => m.route.id)).toEqual(["root", "faq"]);
    expect(post.state.matches.map((m) => [m.route.id, m.params])).toEqual([["root", { slug: "how-we-pack" }], ["post", { slug: "how-we-pack" }]]);
    expect(post.state.matches[1].route).toBe(post.routes[0].children![1]);
    // another tree gets its own data routes
    const other = routerServer.createStaticRouter([{ id: "root", path: "/", children: [{ id: "faq", path: "faq" }] }], await contextOf("/faq"));
    expect(other.routes).not.toBe(faq.routes);
    expect(other.routes[0].children!.map((r) => r.id)).toEqual(["faq"]);
  });
});

describe("patched @remix-run/server-runtime route modules (docs/decisions/027)", () => {
  type Modules = Record<string, unknown>;
  const { createEntryRouteModules } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/entry.js") as {
    createEntryRouteModules: (routes: Record<string, { module: unknown }>) => Modules;
  };

  it("hands every request of a build the same map of its route modules", () => {
    const root = { default: () => null };
    const faq = { default: () => null };
    const build = { root: { module: root }, "routes/faq": { module: faq } };
    const first = createEntryRouteModules(build);
    expect(first).toEqual({ root, "routes/faq": faq });
    expect(createEntryRouteModules(build)).toBe(first);
    // a new build (a deploy, or a rebuild in development) gets its own
    const next = { root: { module: root } };
    expect(createEntryRouteModules(next)).toEqual({ root });
    expect(createEntryRouteModules(next)).not.toBe(first);
  });
});

describe("patched react-router resolved paths (docs/decisions/027)", () => {
  const rr = req("react-router") as typeof import("react-router");
  const { renderToString: render } = req("react-dom/server") as typeof import("react-dom/server");
  const { UNSAFE_getResolveToMatches, resolveTo } = req("@remix-run/router") as {
    UNSAFE_getResolveToMatches: (m: unknown[], splat: boolean) => string[];
    resolveTo: (to: unknown, paths: string[], location: string, pathRelative: boolean) => { pathname: string; search: string; hash: string };
  };
  const TARGETS: [string | { pathname?: string; search?: string; hash?: string }, "route" | "path" | undefined][] = [
    [".", undefined], ["..", undefined], ["..", "path"], ["?step=2", undefined], ["#faq", undefined], ["/terms", undefined],
    ["change", undefined], ["../orders/PT-1?x=1#top", undefined], [{ pathname: "account", search: "?a=1" }, undefined], ["", "path"],
  ];
  const seen: { got: string; want: string }[] = [];
  function Links() {
    const { matches } = useContext(rr.UNSAFE_RouteContext);
    const { pathname } = rr.useLocation();
    for (const [to, relative] of TARGETS) {
      const want = resolveTo(to, UNSAFE_getResolveToMatches(matches, false), pathname, relative === "path");
      seen.push({ got: rr.useHref(to, { relative }), want: want.pathname + want.search + want.hash });
      const path = rr.useResolvedPath(to, { relative });
      path.pathname += "-mutated"; // a caller changing its copy changes nobody else's
    }
    return null;
  }
  const routes = [{ id: "root", path: "/", Component: rr.Outlet, children: [
    // the layout's links and the page's resolve from the same location, relative to different routes
    { id: "dash", path: "dashboard", Component: () => h("div", null, h(Links), h(rr.Outlet)), children: [{ id: "deliveries", path: "my-deliveries", Component: Links }, { id: "idx", index: true, Component: Links }] },
    { id: "post", path: "blog-post/:slug", Component: Links },
  ] }];

  it("is the patched build", () => {
    expect(fs.readFileSync(req.resolve("react-router"), "utf8")).toContain("paddock-and-tide patch");
  });

  it("resolves every link as React Router does, from any route and location, remembered or not", async () => {
    const handler = routerServer.createStaticHandler(routes);
    for (let round = 0; round < 2; round++) {
      for (const url of ["/dashboard/my-deliveries", "/dashboard/my-deliveries?x=1", "/dashboard", "/blog-post/how-we-pack", "/blog-post/other"]) {
        const context = await handler.query(new Request(`http://shop.test${url}`));
        if (context instanceof Response) throw new Error("unexpected response");
        seen.length = 0;
        render(h(routerServer.StaticRouterProvider, { router: routerServer.createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
        expect(seen.length, url).toBe(url.startsWith("/dashboard") ? 2 * TARGETS.length : TARGETS.length);
        for (const s of seen) expect(s.got, `${url} round ${round}`).toBe(s.want);
      }
    }
  });
});
