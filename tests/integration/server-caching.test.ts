// HTTP caching of HTML (decision 011) and the content API's routing and statuses, checked without a
// browser (decision 076) through the run's production build served in this process
// (./built-server.ts): anonymous content pages are shared-cacheable with an ETag and answer
// If-None-Match with 304 whose CSP names the nonce of the body kept in cache; pages that can show
// who is signed in, flow steps and any request with a session are private; a one-tap link's page is
// never stored. These were e2e tests
// that used only Playwright's `request`; each keeps its assertions, and its old spec and name are
// given above it. SQLite, and PostgreSQL with DATABASE_URL_TEST.
// the build reads its environment as it loads: the renewal hook (/test-hooks/renewals) as in e2e
import type { RawAnswer } from "./built-server";
process.env.E2E_TEST_ROUTES = "1";
afterAll(() => {
  delete process.env.E2E_TEST_ROUTES;
});

const { db } = await import("~/db/client.server");
const { remindedSubscriber } = await import("../reminded-subscriber");
const { createUser } = await import("../factories");
const { cookieJar, builtServerForThisFile } = await import("./built-server");

const server = builtServerForThisFile();

const CONTENT = [
  "/",
  "/how-it-works",
  "/why-us",
  "/blog",
  "/faq",
  "/terms",
  "/recipe-post/scotch-fillet-with-garlic-thyme-butter",
];

function scriptNonce(res: RawAnswer) {
  return /'nonce-([^']+)'/.exec(res.headers["content-security-policy"] ?? "")?.[1];
}

function sharedCacheable(cacheControl: string | undefined) {
  const cc = (cacheControl ?? "").toLowerCase();
  return cc.includes("public") && !cc.includes("private") && !cc.includes("no-store");
}

describe("HTTP caching of HTML (was tests/e2e/http-caching.spec.ts)", () => {
  // http-caching.spec.ts: "content pages are public with an ETag, stable across requests, and answer If-None-Match with 304"
  it("content pages are public with an ETag, stable across requests, and answer If-None-Match with 304", async () => {
    for (const path of CONTENT) {
      const first = await server.send(path);
      expect(first.status, path).toBe(200);
      const headers = first.headers;
      expect(
        sharedCacheable(headers["cache-control"]),
        `${path}: ${headers["cache-control"]}`,
      ).toBe(true);
      expect(headers["vary"]?.toLowerCase(), path).toContain("cookie");
      expect(headers["set-cookie"], path).toBeUndefined();
      const etag = headers["etag"]!;
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const body = first.text();
      const nonce = scriptNonce(first);
      expect(nonce, path).toBeTruthy();
      // every script and inline style of the body carries the nonce of its CSP
      expect(body).toContain(`nonce="${nonce}"`);
      expect(body).not.toMatch(new RegExp(`nonce="(?!${nonce}")`));
      // no per-visitor CSRF token in a shared page
      expect(body).not.toContain('name="csrf"');

      const again = await server.send(path);
      expect(again.headers["etag"], path).toBe(etag);
      expect(again.text(), path).toBe(body);

      const revalidated = await server.send(path, { headers: { "If-None-Match": etag } });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.body, path).toHaveLength(0);
      expect(revalidated.headers["etag"], path).toBe(etag);
      // the browser merges these headers into the cached body: its CSP must allow that body's scripts
      expect(scriptNonce(revalidated), path).toBe(nonce);
      expect(sharedCacheable(revalidated.headers["cache-control"]), path).toBe(true);

      const weakAndListed = await server.send(path, {
        headers: { "If-None-Match": `"stale", W/${etag}` },
      });
      expect(weakAndListed.status, path).toBe(304);
      const stale = await server.send(path, { headers: { "If-None-Match": '"something-else"' } });
      expect(stale.status, path).toBe(200);
    }
  });

  // http-caching.spec.ts: "sign-in, flow steps and gift-card pages are private and never 304"
  it("sign-in, flow steps and gift-card pages are private and never 304", async () => {
    // one client keeping its cookies across the pages, as Playwright's request context did
    const client = cookieJar(server);
    for (const path of [
      "/sign-in",
      "/get-started",
      "/gift-cards",
      "/gift-cards/activate",
      "/forgot-password",
    ]) {
      const res = await client.send(path);
      const cc = res.headers["cache-control"] ?? "";
      expect(cc, path).toContain("private");
      expect(cc, path).toMatch(/no-store|no-cache/);
      expect(res.headers["etag"], path).toBeUndefined();
      expect(res.text(), path).toContain('name="csrf"');
    }
  });

  // http-caching.spec.ts: "signed-in pages and content pages requested with a session are private"
  it("signed-in pages and content pages requested with a session are private", async () => {
    const user = await createUser(db, { firstName: "Cachey", password: "Correct-Horse-42" });
    // signed in through the sign-in form, as the browser did
    const client = cookieJar(server);
    const csrf = await client.csrfToken();
    const signedIn = await client.send("/sign-in", {
      form: { csrf, email: user.email, password: "Correct-Horse-42" },
    });
    expect(signedIn.headers["location"]).toMatch(/\/dashboard/);
    for (const path of [
      "/dashboard/account",
      "/dashboard/my-deliveries",
      "/how-it-works",
      "/",
      "/blog",
    ]) {
      const res = await client.send(path);
      expect(res.status, path).toBe(200);
      const cc = res.headers["cache-control"] ?? "";
      expect(sharedCacheable(cc), `${path}: ${cc}`).toBe(false);
      expect(cc, path).toContain("private");
      expect(res.text(), path).toContain("Cachey");
    }
  });

  // http-caching.spec.ts: "a content page with any session cookie (even an anonymous or stale one) is not shared-cacheable"
  it("a content page with any session cookie (even an anonymous or stale one) is not shared-cacheable", async () => {
    const res = await server.send("/how-it-works", {
      headers: { cookie: "__session=not-a-real-session" },
    });
    expect(res.status).toBe(200);
    expect(sharedCacheable(res.headers["cache-control"])).toBe(false);
    expect(res.headers["cache-control"]).toContain("private");
  });
});

describe("content API routing (was tests/e2e/content-api.spec.ts)", () => {
  // content-api.spec.ts: "/api/recipes/featured/list and /highlight/details are not captured by /api/recipes/{slug}"
  it("/api/recipes/featured/list and /highlight/details are not captured by /api/recipes/{slug}", async () => {
    const featured = await server.send("/api/recipes/featured/list");
    expect(featured.status).toBe(200);
    const list = featured.json() as { data: unknown[] };
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.data.length).toBeLessThanOrEqual(5);
    const highlight = await server.send("/api/recipes/highlight/details");
    expect((highlight.json() as { slug: string }).slug).toBe(
      "scotch-fillet-with-garlic-thyme-butter",
    );
    expect((await server.send("/api/recipes/beef-massaman-curry")).status).toBe(200);
  });

  // content-api.spec.ts: "statuses, content type and caching"
  it("statuses, content type and caching", async () => {
    const ok = await server.send("/api/posts?page=1");
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/application\/json/);
    expect(ok.headers["cache-control"]).toMatch(/public, max-age=\d+/);
    expect((ok.json() as { meta: unknown }).meta).toMatchObject({ current_page: 1 });
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
      const r = await server.send(path);
      expect(r.status, path).toBe(status);
      expect(r.headers["content-type"], path).toMatch(/application\/json/);
    }
  });
});

describe("one-tap links (was tests/e2e/one-tap.spec.ts)", () => {
  const statusOf = async (id: number) =>
    (
      await db
        .selectFrom("deliveries")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;

  // one-tap.spec.ts: "a one-tap page is never cached and never sends its address to another site as a referrer"
  it("a one-tap page is never cached and never sends its address to another site as a referrer", async () => {
    const r = await remindedSubscriber(
      db,
      async (form) => (await server.send("/test-hooks/renewals", { form })).status,
    );
    const token = r.skip.pathname.split("/").at(-1)!;
    const noStore = (cacheControl: string | undefined) =>
      expect(cacheControl?.split(/,\s*/)).toContain("no-store");
    // one client keeping its cookies, as Playwright's request context did
    const client = cookieJar(server);
    // the page, its single-fetch data (client-side navigation) and a link that is not valid
    for (const [path, status] of [
      [r.skip.pathname + r.skip.search, 200],
      [`/deliveries/one-tap/${token}.data?action=skip`, 200],
      ["/deliveries/one-tap/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?action=skip", 404],
    ] as const) {
      const res = await client.send(path);
      expect(res.status, path).toBe(status);
      expect(res.headers["referrer-policy"], path).toBe("same-origin");
      noStore(res.headers["cache-control"]);
    }
    // the POST's redirect to the answer too, with and without JS
    const page = (await client.send(r.skip.pathname + r.skip.search)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1];
    const done = await client.send(r.skip.pathname, {
      form: { csrf, intent: "skip" },
      headers: { Origin: server.base },
    });
    expect(done.status).toBe(303);
    expect(done.headers["referrer-policy"]).toBe("same-origin");
    noStore(done.headers["cache-control"]);
    expect(await statusOf(r.delivery.id)).toBe("skipped");
  });
});
