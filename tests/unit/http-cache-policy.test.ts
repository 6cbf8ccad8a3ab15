import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  hasCookie,
  isPublicPath,
  keepsOutOfSharedCaches,
  matchesEtag,
  nonceStandIn,
  pagePath,
  routeTree,
  sealHtml,
} from "~/http/cache-policy.server";
import { deferScripts } from "~/http/deferred-scripts.server";
import { htmlByteString, htmlBytes } from "~/http/html-bytes.server";

const KEY = "test-key";

describe("sealHtml", () => {
  const page = (n: string, text = "Hello") =>
    `<!DOCTYPE html><style nonce="${n}">b{}</style><p>${text}</p><script nonce="${n}">x()</script>`;

  it("gives the same body, nonce and ETag for the same page rendered with different stand-ins", () => {
    const a = sealHtml(page("S1"), "S1", KEY);
    const b = sealHtml(page("S2"), "S2", KEY);
    expect(a).toEqual(b);
    expect(a.etag).toBe(`"${a.nonce}"`);
    expect(a.body).toBe(page(a.nonce));
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it("changes the nonce when the content or the key changes", () => {
    const a = sealHtml(page("S"), "S", KEY);
    expect(sealHtml(page("S", "Hello!"), "S", KEY).nonce).not.toBe(a.nonce);
    expect(sealHtml(page("S"), "S", "other-key").nonce).not.toBe(a.nonce);
  });

  it("keeps the split unambiguous: moving text across a nonce changes the digest", () => {
    const a = sealHtml('ab<i nonce="S">c', "S", KEY);
    const b = sealHtml('a<i nonce="S">bc', "S", KEY);
    expect(a.nonce).not.toBe(b.nonce);
  });

  it("passes non-ASCII text through the byte string unchanged, and digests the same bytes as UTF-8", () => {
    const text = "✓ 2 × Scotch fillet · © Paddock — “fresh” 🐟";
    const rendered = Buffer.from(page("STAND-IN", text), "utf8");
    const sealed = sealHtml(deferScripts(htmlByteString(rendered)), "STAND-IN", KEY);
    const bytes = htmlBytes(sealed.body);
    expect(bytes.toString("utf8")).toBe(page(sealed.nonce, text));
    expect(bytes.equals(Buffer.from(page(sealed.nonce, text), "utf8"))).toBe(true);
    // The digest is over the page's UTF-8 bytes, length-prefixed around the stand-in
    const hmac = createHmac("sha256", KEY).update("html-nonce\n");
    for (const part of page("STAND-IN", text).split("STAND-IN"))
      hmac.update(`${Buffer.byteLength(part)}:`).update(part, "utf8");
    expect(sealed.nonce).toBe(hmac.digest().subarray(0, 18).toString("base64url"));
  });

  it("uses a random stand-in that content cannot predict", () => {
    expect(nonceStandIn()).not.toBe(nonceStandIn());
  });
});

describe("matchesEtag", () => {
  it("compares weakly, in lists and with *", () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag("*", '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(null, '"abc"')).toBe(false);
  });
});

describe("route policy", () => {
  const mod = (handle?: unknown) => ({ handle });
  const tree = routeTree({
    root: { id: "root", path: "", module: mod() },
    "routes/_index": {
      id: "routes/_index",
      parentId: "root",
      index: true,
      module: mod({ cache: "public" }),
    },
    "routes/faq": {
      id: "routes/faq",
      parentId: "root",
      path: "faq",
      module: mod({ cache: "public" }),
    },
    "routes/blog.($filter)": {
      id: "routes/blog.($filter)",
      parentId: "root",
      path: "blog/:filter?",
      module: mod({ cache: "public" }),
    },
    "routes/sign-in": { id: "routes/sign-in", parentId: "root", path: "sign-in", module: mod() },
    "routes/gift-cards": {
      id: "routes/gift-cards",
      parentId: "root",
      path: "gift-cards",
      module: mod(),
    },
    "routes/gift-cards._index": {
      id: "routes/gift-cards._index",
      parentId: "routes/gift-cards",
      index: true,
      module: mod(),
    },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: mod() },
  });

  it("is public only where the deepest route says so", () => {
    expect(isPublicPath(tree, "/")).toBe(true);
    expect(isPublicPath(tree, "/faq")).toBe(true);
    expect(isPublicPath(tree, "/blog")).toBe(true);
    expect(isPublicPath(tree, "/blog/news")).toBe(true);
    expect(isPublicPath(tree, "/sign-in")).toBe(false);
    expect(isPublicPath(tree, "/gift-cards")).toBe(false);
    expect(isPublicPath(tree, "/no-such-page")).toBe(false);
  });

  it("maps single-fetch data URLs to their page", () => {
    expect(pagePath(new URL("http://x/_root.data?_routes=root"))).toBe("/");
    expect(pagePath(new URL("http://x/faq.data"))).toBe("/faq");
    expect(pagePath(new URL("http://x/faq"))).toBe("/faq");
  });

  it("finds the session cookie by name, not by substring", () => {
    expect(hasCookie("__csrf=a; __session=b", "__session")).toBe(true);
    expect(hasCookie("x__session=b", "__session")).toBe(false);
    expect(hasCookie(null, "__session")).toBe(false);
  });
});

describe("keepsOutOfSharedCaches", () => {
  it("is true when a route's own Cache-Control says private or no-store", () => {
    for (const v of [
      "no-store",
      "private",
      "private, no-store",
      "No-Store",
      "max-age=0,no-store",
      'private="Set-Cookie", max-age=60',
    ])
      expect(keepsOutOfSharedCaches(v), v).toBe(true);
  });
  it("is false when the route says nothing or something a shared cache may keep", () => {
    for (const v of [null, "", "public, max-age=0, s-maxage=60", "max-age=3600", "no-cache"])
      expect(keepsOutOfSharedCaches(v), String(v)).toBe(false);
  });
});
