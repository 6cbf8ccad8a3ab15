// The /api routes as the server routes them: static segments win over $slug,
// trailing slashes work, and errors are JSON 400/404, never 500.
import { test, expect } from "./fixtures";

test.describe("content API routing", () => {
  test(
    "/api/recipes/featured/list and /highlight/details are not captured by /api/recipes/{slug}",
    { tag: "@http" },
    async ({ request }) => {
      const featured = await request.get("/api/recipes/featured/list");
      expect(featured.status()).toBe(200);
      const list = await featured.json();
      expect(Array.isArray(list.data)).toBe(true);
      expect(list.data.length).toBeLessThanOrEqual(5);
      const highlight = await request.get("/api/recipes/highlight/details");
      expect((await highlight.json()).slug).toBe("scotch-fillet-with-garlic-thyme-butter");
      expect((await request.get("/api/recipes/beef-massaman-curry")).status()).toBe(200);
    },
  );

  test("statuses, content type and caching", { tag: "@http" }, async ({ request }) => {
    const ok = await request.get("/api/posts?page=1");
    expect(ok.status()).toBe(200);
    expect(ok.headers()["content-type"]).toMatch(/application\/json/);
    expect(ok.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
    expect((await ok.json()).meta).toMatchObject({ current_page: 1 });
    for (const [path, status] of [
      ["/api/posts?page=abc", 400],
      ["/api/recipes?page=0", 400],
      ["/api/posts/unknown-post", 404],
      ["/api/recipes/unknown", 404],
      ["/api/pages/unknown", 404],
      ["/api/recipes/category/9999/?page=1", 404],
      ["/api/recipes/category/1/?page=1", 200],
      ["/api/categories", 200],
      ["/api/faq", 200],
      ["/api/pages/homepage", 200],
      ["/api/pages/refund-policy", 200],
    ] as const) {
      const r = await request.get(path);
      expect(r.status(), path).toBe(status);
      expect(r.headers()["content-type"], path).toMatch(/application\/json/);
    }
  });
});
