// Serving and security through our Express server (docs/decisions/010):
// the per-address rate limit keys on the socket, a foreign Origin is a 403
// page, the mailbox answers only this machine, static caching, compression
// and the security headers of HTML responses. Mostly `request` calls: fast.
import type { APIResponse } from "@playwright/test";
import { test, expect, createUser, csrfToken, e2eDb, uniqueEmail } from "./fixtures";
import { E2E_BASE_URL } from "./env";

const EVIL = "http://evil.example";
const CROSS_ORIGIN = "This form was sent from another website, so we did not act on it.";

function cspOf(response: APIResponse): Map<string, string> {
  const csp = response.headers()["content-security-policy"] ?? "";
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
}

test.describe("serving and security", () => {
  test(
    "the per-address sign-in limit keys on the socket, not on X-Forwarded-For",
    { tag: "@http" },
    async ({ request }) => {
      const csrf = await csrfToken(request);
      const email = uniqueEmail("ratelimit");
      for (const forged of ["203.0.113.7", "198.51.100.23"]) {
        const res = await request.post("/sign-in", {
          form: { csrf, email, password: "Wrong-Password-1" },
          headers: { "X-Forwarded-For": forged },
        });
        expect(res.status()).toBe(400);
      }
      const db = e2eDb();
      const forgedKeys = await db
        .selectFrom("rateLimitHits")
        .select("key")
        .where("key", "in", ["sign-in:ip:203.0.113.7", "sign-in:ip:198.51.100.23"])
        .execute();
      expect(forgedKeys).toEqual([]);
      // one attempt writes all its keys with one timestamp: both tries counted against the same address
      const emailHits = await db
        .selectFrom("rateLimitHits")
        .select("createdAt")
        .where("key", "=", `sign-in:email:${email}`)
        .execute();
      expect(emailHits).toHaveLength(2);
      const ipKeys = await db
        .selectFrom("rateLimitHits")
        .select("key")
        .where("key", "like", "sign-in:ip:%")
        .where(
          "createdAt",
          "in",
          emailHits.map((h) => h.createdAt),
        )
        .execute();
      expect(ipKeys.map((k) => k.key)).toEqual(["sign-in:ip:127.0.0.1", "sign-in:ip:127.0.0.1"]);
    },
  );

  test("a form posted from another site gets a 403 error page and changes nothing", async ({
    page,
    context,
  }) => {
    const user = await createUser();
    // a page on another site whose form targets our sign-in with valid credentials
    await page.route(`${EVIL}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${E2E_BASE_URL}/sign-in"><input name="email" value="${user.email}"><input name="password" value="${user.password}"><button>Go</button></form>`,
      }),
    );
    await page.goto(`${EVIL}/`);
    const [answer] = await Promise.all([
      page.waitForResponse(`${E2E_BASE_URL}/sign-in`),
      page.getByRole("button", { name: "Go" }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(
      page.getByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeVisible();
    expect((await context.cookies(E2E_BASE_URL)).map((c) => c.name)).not.toContain("__session");
  });

  test(
    "a foreign Origin is refused with 403 on a form route, a .data action and an API, before the action runs",
    { tag: "@http" },
    async ({ request }) => {
      const user = await createUser();
      const csrf = await csrfToken(request);
      const form = { csrf, email: user.email, password: user.password! };

      const document = await request.post("/sign-in", {
        form,
        headers: { Origin: EVIL },
        maxRedirects: 0,
      });
      expect(document.status()).toBe(403);
      expect(document.headers()["set-cookie"] ?? "").not.toContain("__session");
      expect(await document.text()).toContain('data-state="general-error"');
      expect(cspOf(document).get("object-src")).toBe("'none'");

      const data = await request.post("/sign-in.data", {
        form,
        headers: { Origin: EVIL },
        maxRedirects: 0,
      });
      expect(data.status()).toBe(403);
      expect(await data.text()).toContain(CROSS_ORIGIN);

      const api = await request.post("/api/orders/PT-00000/checkout", {
        form: { csrf },
        headers: { Origin: "null" },
      });
      expect(api.status()).toBe(403);
      expect((await api.json()).message).toContain(CROSS_ORIGIN);

      // the same sign-in from our own origin still works
      const ours = await request.post("/sign-in", {
        form,
        headers: { Origin: E2E_BASE_URL },
        maxRedirects: 0,
      });
      expect(ours.status()).toBe(302);
      expect(ours.headers()["set-cookie"]).toContain("__session=");
    },
  );

  test(
    "the mailbox answers this machine only, never a forwarded remote client",
    { tag: "@http" },
    async ({ request }) => {
      expect((await request.get("/dev/mailbox")).status()).toBe(200);
      expect(
        (
          await request.get("/dev/mailbox", { headers: { "X-Forwarded-For": "203.0.113.9" } })
        ).status(),
      ).toBe(404);
      expect(
        (
          await request.get("/dev/mailbox", {
            headers: { Forwarded: "for=198.51.100.4;proto=https" },
          })
        ).status(),
      ).toBe(404);
    },
  );

  test(
    "the mailbox answers only this machine's own names: a DNS-rebound page sends its site's Host",
    { tag: "@http" },
    async ({ request }) => {
      const port = new URL(E2E_BASE_URL).port;
      for (const host of ["localhost", `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
        expect(
          (await request.get("/dev/mailbox", { headers: { Host: host } })).status(),
          host,
        ).toBe(200);
      }
      for (const host of [
        `attacker.example:${port}`,
        "attacker.example",
        `localhost.attacker.example:${port}`,
      ]) {
        const res = await request.get("/dev/mailbox", { headers: { Host: host } });
        expect(res.status(), host).toBe(404);
        expect(await res.text()).not.toContain("Mailbox");
      }
    },
  );

  test(
    "static files: immutable built assets (brotli when accepted), revalidated art, both compressed",
    { tag: "@http" },
    async ({ request }) => {
      const html = await (await request.get("/")).text();
      // the route manifest: fingerprinted and large enough to be compressed (under 1 KB is sent as is)
      const asset = html.match(/"(\/build\/manifest-[^"]+\.js)"/)?.[1];
      expect(asset, "the home page loads the built manifest").toBeTruthy();
      const built = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
      expect(built.status()).toBe(200);
      expect(built.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(built.headers()["content-encoding"]).toBe("gzip");
      expect(built.headers()["x-content-type-options"]).toBe("nosniff");
      expect(built.headers()["etag"]).toBeUndefined();
      // browsers that take brotli get the copy made at start, with the same caching; it decodes to the same script
      const br = await request.get(asset!, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      expect(br.headers()["content-encoding"]).toBe("br");
      expect(br.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.headers()["content-type"]).toMatch(/^application\/javascript/);
      expect(await br.text()).toBe(await built.text());

      const art = await request.get("/images/bacon.svg", {
        headers: { "Accept-Encoding": "gzip" },
      });
      expect(art.headers()["cache-control"]).toBe("public, max-age=604800");
      expect(art.headers()["content-encoding"]).toBe("gzip");
      const etag = art.headers()["etag"];
      expect(etag).toBeTruthy();
      expect(
        (await request.get("/images/bacon.svg", { headers: { "If-None-Match": etag } })).status(),
      ).toBe(304);

      const page = await request.get("/terms", { headers: { "Accept-Encoding": "gzip" } });
      expect(page.headers()["content-encoding"]).toBe("gzip");
    },
  );

  test(
    "HTML responses carry the security headers and cookies are HttpOnly and SameSite=Lax",
    { tag: "@http" },
    async ({ request }) => {
      for (const path of ["/", "/sign-in", "/no-such-page"]) {
        const res = await request.get(path);
        const headers = res.headers();
        const csp = cspOf(res);
        const nonce = csp.get("script-src")?.match(/'nonce-([^']+)'/)?.[1];
        expect(nonce, path).toBeTruthy();
        expect(await res.text(), path).toContain(`nonce="${nonce}"`);
        expect(csp.get("object-src"), path).toBe("'none'");
        expect(csp.get("base-uri"), path).toBe("'none'");
        expect(csp.get("frame-ancestors"), path).toBe("'none'");
        expect(headers["x-content-type-options"], path).toBe("nosniff");
        expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
        // HSTS only with APP_ENV=production (unit-tested); the e2e server runs over plain http
        expect(headers["strict-transport-security"], path).toBeUndefined();
        expect(headers["x-powered-by"], path).toBeUndefined();
      }
      const user = await createUser();
      const csrf = await csrfToken(request);
      const signedIn = await request.post("/sign-in", {
        form: { csrf, email: user.email, password: user.password! },
        maxRedirects: 0,
      });
      const cookies = (await request.storageState()).cookies.filter(
        (c) => c.name === "__session" || c.name === "__csrf",
      );
      expect(signedIn.status()).toBe(302);
      expect(cookies.map((c) => c.name).sort()).toEqual(["__csrf", "__session"]);
      for (const c of cookies) {
        expect(c.httpOnly, c.name).toBe(true);
        expect(c.sameSite, c.name).toBe("Lax");
        expect(c.secure, c.name).toBe(false);
      }
    },
  );
});
