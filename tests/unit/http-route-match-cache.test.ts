import { describe, expect, it } from "vitest";
import { matchRoutes } from "@remix-run/router";
import { cachedMatchRoutes } from "~/http/route-match-cache.server";
import { PATHS, tree } from "./route-tree-fixture";

const plain = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }));

describe("cachedMatchRoutes", () => {
  it("answers exactly as matchRoutes does, the first time and from memory, for strings and locations", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    for (let round = 0; round < 2; round++) {
      for (const path of PATHS) {
        const routes = tree();
        expect(plain(cached(routes, path))).toEqual(plain(matchRoutes(routes, path)));
        const pathname = path.split(/[?#]/)[0];
        expect(plain(cached(routes, { pathname }))).toEqual(plain(matchRoutes(routes, { pathname })));
        expect(plain(cached(routes, path, "/blog"))).toEqual(plain(matchRoutes(routes, path, "/blog")));
      }
    }
  });

  it("hands back the caller's own route objects and fresh params each time", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    const first = tree();
    const a = cached(first, "/blog-post/one")!;
    const second = tree();
    const b = cached(second, "/blog-post/one")!;
    expect(a.at(-1)!.route).toBe(first[0].children![2]);
    expect(b.at(-1)!.route).toBe(second[0].children![2]);
    (b.at(-1)!.params as Record<string, string>).slug = "changed";
    expect(cached(tree(), "/blog-post/one")!.at(-1)!.params.slug).toBe("one");
  });

  it("tells trees of different shapes apart", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    expect(cached(tree(), "/faq")!.at(-1)!.route.id).toBe("splat");
    const relaxed = tree();
    relaxed[0].children![6] = { id: "exact", path: "FAQ" };
    expect(cached(relaxed, "/faq")!.at(-1)!.route.id).toBe("exact");
    const fewer = tree();
    fewer[0].children!.splice(2, 1); // no blog posts: the splat catches them
    expect(cached(fewer, "/blog-post/x")!.at(-1)!.route.id).toBe("splat");
  });

  it("calls the real matcher once per tree shape and pathname, and starts over past its limit", () => {
    let calls = 0;
    const counting: typeof matchRoutes = (...args) => {
      calls++;
      return matchRoutes(...args);
    };
    const cached = cachedMatchRoutes(counting, 3);
    for (let i = 0; i < 5; i++) cached(tree(), "/blog");
    expect(calls).toBe(1);
    cached(tree(), "/a");
    cached(tree(), "/b");
    cached(tree(), "/c"); // the fourth pathname: the memory is cleared first
    cached(tree(), "/blog");
    expect(calls).toBe(5);
  });
});
