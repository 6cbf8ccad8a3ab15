// Anonymous form pages from their templates (decision 085), through the run's production build
// served in this process (./built-server.ts): a page filled from its template is, byte for byte,
// the page a full render gives the same visitor (same token; each response's own nonce); no
// visitor ever receives another visitor's token or nonce, however many arrive at once; and a
// visitor with a session (signed in, or a draft box), or with a form's errors, gets a full render.
// SQLite, and PostgreSQL with DATABASE_URL_TEST.
import type { RawAnswer } from "./built-server";

const { db } = await import("~/db/client.server");
const { createUser } = await import("../factories");
const { cookieJar, cookiePairs, builtServerForThisFile } = await import("./built-server");

const server = builtServerForThisFile();

type Stats = { hits: number; misses: number; entries: number; bytes: number };
const stats = () => (server.entry.renderCacheStats as () => Stats)();

const PAGES = [
  "/sign-in",
  "/sign-in?destination=%2Fdashboard%2Faccount",
  "/forgot-password",
  "/get-started",
  "/get-started?postcode=2000",
];
const TOKENS = /[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}/g;

const nonceOf = (res: RawAnswer) =>
  /'nonce-([^']+)'/.exec(res.headers["content-security-policy"] ?? "")?.[1] ?? "";
/** The body's bytes with the response's own nonce (random per response) as a fixed mark of its length. */
const withoutNonce = (res: RawAnswer) =>
  Buffer.from(res.body.toString("latin1").replaceAll(nonceOf(res), "N".repeat(24)), "latin1");
const tokensIn = (res: RawAnswer) => [...new Set(res.text().match(TOKENS) ?? [])];
/** The token a `__csrf` cookie holds (Remix's signed cookie: base64 of its JSON, then a signature). */
function cookieToken(cookiePair: string): string {
  const value = decodeURIComponent(cookiePair.slice(cookiePair.indexOf("=") + 1));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString());
}

describe("anonymous form pages from their templates", () => {
  it("are byte for byte the page a full render gives the same visitor", async () => {
    for (const path of PAGES) {
      const first = await server.send(path);
      expect(first.status, path).toBe(200);
      const cookie = cookiePairs(first.setCookies).find((c) => c.startsWith("__csrf="))!;
      expect(cookie, path).toBeDefined();
      const token = cookieToken(cookie);
      const before = stats();
      const cached = await server.send(path, { headers: { Cookie: cookie } });
      const afterCached = stats();
      expect(afterCached.hits, `${path}: from the template`).toBe(before.hits + 1);
      // a session cookie (not even a valid one) makes it a full render: the store is not asked
      const full = await server.send(path, {
        headers: { Cookie: `${cookie}; __session=not-a-real-session` },
      });
      expect(stats(), `${path}: rendered in full`).toEqual(afterCached);
      for (const res of [first, cached, full]) {
        expect(res.status, path).toBe(200);
        expect(tokensIn(res), path).toEqual([token]);
        expect(res.headers["cache-control"], path).toBe("private, no-store");
      }
      expect(withoutNonce(cached).equals(withoutNonce(full)), path).toBe(true);
      expect(withoutNonce(first).equals(withoutNonce(full)), path).toBe(true);
      const { "content-security-policy": csp, date, ...rest } = cached.headers;
      const { "content-security-policy": fullCsp, date: fullDate, ...fullRest } = full.headers;
      expect(csp?.replace(nonceOf(cached), ""), path).toBe(fullCsp?.replace(nonceOf(full), ""));
      expect(omitIds(rest), path).toEqual(omitIds(fullRest));
      expect(date && fullDate).toBeTruthy();
    }
  });

  it("never give a visitor another visitor's token or nonce, however many arrive at once", async () => {
    const before = stats();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => server.send(PAGES[i % PAGES.length])),
    );
    expect(stats().hits, "most came from templates").toBeGreaterThan(before.hits + 30);
    const seen = answers.map((res) => {
      expect(res.status).toBe(200);
      const cookie = cookiePairs(res.setCookies).find((c) => c.startsWith("__csrf="))!;
      const token = cookieToken(cookie);
      const nonce = nonceOf(res);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // every token-shaped string on the page is the one this visitor's cookie holds
      expect(tokensIn(res)).toEqual([token]);
      const nonces = [...res.text().matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      return { token, nonce, page: res.body.toString("latin1") };
    });
    expect(new Set(seen.map((s) => s.token)).size).toBe(seen.length);
    expect(new Set(seen.map((s) => s.nonce)).size).toBe(seen.length);
    for (const mine of seen)
      for (const other of seen) {
        if (other === mine) continue;
        expect(mine.page.includes(other.token)).toBe(false);
        expect(mine.page.includes(other.nonce)).toBe(false);
      }
  });

  it("carry a token the visitor's cookie accepts", async () => {
    const client = cookieJar(server);
    // a first visit's page and its cookie, then a second page with that cookie: the same token
    const token = tokensIn(await client.send("/sign-in"))[0];
    expect(await client.csrfToken("/sign-in")).toBe(token);
    const before = stats();
    const answer = await client.send("/sign-in", {
      form: { csrf: token, email: "nobody@example.com", password: "Not-The-Password-1" },
    });
    // past the CSRF check (419 otherwise): the sign-in's own refusal, rendered in full
    expect(answer.status).toBe(400);
    expect(answer.text()).toContain("Password or username is incorrect");
    expect(stats()).toEqual(before);
    // the form's error was this visitor's answer only: the next page has none
    const again = await client.send("/sign-in");
    expect(again.text()).not.toContain("Password or username is incorrect");
    expect(stats().hits).toBe(before.hits + 1);
  });

  it("are never used for a signed-in visitor or a draft box's session", async () => {
    const user = await createUser(db, { firstName: "Templa", password: "Correct-Horse-42" });
    const client = cookieJar(server);
    const csrf = await client.csrfToken();
    const signedIn = await client.send("/sign-in", {
      form: { csrf, email: user.email, password: "Correct-Horse-42" },
    });
    expect(signedIn.headers["location"]).toMatch(/\/dashboard/);
    const before = stats();
    const page = await client.send("/get-started");
    expect(page.status).toBe(200);
    expect(page.text()).toContain(user.email);
    expect(page.text()).toContain("Templa");
    expect((await client.send("/forgot-password")).text()).toContain("Templa");
    expect((await client.send("/sign-in")).status).toBe(302);
    expect(stats()).toEqual(before);

    // an anonymous visitor whose postcode made a session and a draft
    const visitor = cookieJar(server);
    const token = await visitor.csrfToken("/get-started");
    const looked = await visitor.send("/get-started", {
      form: { csrf: token, intent: "lookup", postcode: "2000", email: "draft@example.com" },
    });
    expect(looked.status).toBe(303);
    expect(visitor.cookie()).toContain("__session=");
    const afterLookup = stats();
    const draft = await visitor.send("/get-started");
    expect(draft.status).toBe(200);
    expect(draft.text()).toContain("draft@example.com");
    expect(stats()).toEqual(afterLookup);
  });
});

/** Headers but the request's own id. */
function omitIds(headers: Record<string, string | undefined>) {
  const { "x-request-id": _id, ...rest } = headers;
  return rest;
}
