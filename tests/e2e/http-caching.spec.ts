// HTTP caching of HTML (decision 011): anonymous content pages are shared-cacheable with an
// ETag and answer If-None-Match with 304 whose CSP names the nonce of the body kept in cache;
// pages that can show who is signed in, flow steps and any request with a session are private.
import { test, expect, createUser, signIn, submitSignIn, ready, jsEnabled } from "./fixtures";
import type { APIResponse } from "@playwright/test";

const CONTENT = [
  "/",
  "/how-it-works",
  "/why-us",
  "/blog",
  "/faq",
  "/terms",
  "/recipe-post/scotch-fillet-with-garlic-thyme-butter",
];

function scriptNonce(res: APIResponse) {
  return /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1];
}

function sharedCacheable(cacheControl: string | undefined) {
  const cc = (cacheControl ?? "").toLowerCase();
  return cc.includes("public") && !cc.includes("private") && !cc.includes("no-store");
}

test(
  "content pages are public with an ETag, stable across requests, and answer If-None-Match with 304",
  { tag: "@http" },
  async ({ request }) => {
    for (const path of CONTENT) {
      const first = await request.get(path, { headers: { cookie: "" } });
      expect(first.status(), path).toBe(200);
      const headers = first.headers();
      expect(
        sharedCacheable(headers["cache-control"]),
        `${path}: ${headers["cache-control"]}`,
      ).toBe(true);
      expect(headers["vary"]?.toLowerCase(), path).toContain("cookie");
      expect(headers["set-cookie"], path).toBeUndefined();
      const etag = headers["etag"];
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const body = await first.text();
      const nonce = scriptNonce(first);
      expect(nonce, path).toBeTruthy();
      // every script and inline style of the body carries the nonce of its CSP
      expect(body).toContain(`nonce="${nonce}"`);
      expect(body).not.toMatch(new RegExp(`nonce="(?!${nonce}")`));
      // no per-visitor CSRF token in a shared page
      expect(body).not.toContain('name="csrf"');

      const again = await request.get(path);
      expect(again.headers()["etag"], path).toBe(etag);
      expect(await again.text(), path).toBe(body);

      const revalidated = await request.get(path, { headers: { "If-None-Match": etag } });
      expect(revalidated.status(), path).toBe(304);
      expect(await revalidated.body(), path).toHaveLength(0);
      expect(revalidated.headers()["etag"], path).toBe(etag);
      // the browser merges these headers into the cached body: its CSP must allow that body's scripts
      expect(scriptNonce(revalidated), path).toBe(nonce);
      expect(sharedCacheable(revalidated.headers()["cache-control"]), path).toBe(true);

      const weakAndListed = await request.get(path, {
        headers: { "If-None-Match": `"stale", W/${etag}` },
      });
      expect(weakAndListed.status(), path).toBe(304);
      const stale = await request.get(path, { headers: { "If-None-Match": '"something-else"' } });
      expect(stale.status(), path).toBe(200);
    }
  },
);

test(
  "sign-in, flow steps and gift-card pages are private and never 304",
  { tag: "@http" },
  async ({ request }) => {
    for (const path of [
      "/sign-in",
      "/get-started",
      "/gift-cards",
      "/gift-cards/activate",
      "/forgot-password",
    ]) {
      const res = await request.get(path);
      const cc = res.headers()["cache-control"] ?? "";
      expect(cc, path).toContain("private");
      expect(cc, path).toMatch(/no-store|no-cache/);
      expect(res.headers()["etag"], path).toBeUndefined();
      expect(await res.text(), path).toContain('name="csrf"');
    }
  },
);

test("signed-in pages and content pages requested with a session are private", async ({ page }) => {
  const user = await createUser({ firstName: "Cachey" });
  await signIn(page, user.email, user.password!);
  await page.waitForURL(/\/dashboard/);
  for (const path of [
    "/dashboard/account",
    "/dashboard/my-deliveries",
    "/how-it-works",
    "/",
    "/blog",
  ]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    const cc = res.headers()["cache-control"] ?? "";
    expect(sharedCacheable(cc), `${path}: ${cc}`).toBe(false);
    expect(cc, path).toContain("private");
    expect(await res.text(), path).toContain("Cachey");
  }
});

test(
  "a content page with any session cookie (even an anonymous or stale one) is not shared-cacheable",
  { tag: "@http" },
  async ({ request }) => {
    const res = await request.get("/how-it-works", {
      headers: { cookie: "__session=not-a-real-session" },
    });
    expect(res.status()).toBe(200);
    expect(sharedCacheable(res.headers()["cache-control"])).toBe(false);
    expect(res.headers()["cache-control"]).toContain("private");
  },
);

test("a form reached from a shared page still carries a CSRF token", async ({ page }) => {
  await page.goto("/how-it-works");
  await ready(page);
  if (jsEnabled()) {
    // client-side navigation: the root data of the shared page had no token
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await page.waitForURL(/\/sign-in/);
  } else {
    await page.goto("/sign-in");
  }
  await expect(page.locator('form input[name="csrf"]').first()).not.toHaveValue("");
  const user = await createUser();
  await submitSignIn(page, user.email, user.password!);
  await page.waitForURL(/\/dashboard/);
});

test("a shared page renders styled from its inline stylesheet, without hydration errors", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto("/faq");
  expect(await response!.text()).toMatch(/<style data-href="\/build\/_assets\/app-[^"]+\.css"/);
  await ready(page);
  // the site-wide tokens apply: the page background is the butcher-paper cream
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(247, 241, 231)");
  expect(errors).toEqual([]);
});
