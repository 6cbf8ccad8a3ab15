// The anonymous form pages' templates (app/http/render-template.server.ts, decision 085): which
// requests may use one, the loader data's canonical text, cutting and filling, the store's bounds,
// and the stand-in token in the loader data's stream. The pages themselves, rendered by the build
// and compared with a full render byte for byte, are tests/integration/server-render-template.test.ts.
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  NONCE_SHAPE,
  TOKEN_SHAPE,
  canonicalData,
  contextWithToken,
  cutTemplate,
  fillTemplate,
  standIns,
  templateInput,
  templateStore,
  tokenStandIn,
} from "~/http/render-template.server";
import { createNonce } from "~/security/headers.server";
import { csrf } from "~/security/csrf.server";

const token = () => csrf.generate();

function entryContext(
  loaderData: Record<string, unknown>,
  {
    handle = { renderCache: "anonymous" } as unknown,
    actionData = null as unknown,
    errors = null as unknown,
  } = {},
): EntryContext {
  return {
    routeModules: { root: {}, "routes/sign-in": { handle } },
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/sign-in" } }],
      loaderData,
      actionData,
      errors,
    },
  } as unknown as EntryContext;
}

const get = (cookie?: string, method = "GET") =>
  new Request("http://shop.test/sign-in", {
    method,
    headers: cookie ? { Cookie: cookie } : {},
  });
const hasSession = (cookie: string | null) => (cookie ?? "").includes("__session=");

describe("canonicalData", () => {
  it("is the same text for the same plain data, and another for any difference", () => {
    const a = { root: { user: null, n: 1 }, page: { list: ["x", 2, true], empty: {} } };
    expect(canonicalData(a)).toBe(canonicalData(structuredClone(a)));
    const variants = [
      { root: { user: null, n: 2 }, page: { list: ["x", 2, true], empty: {} } },
      { root: { user: null, n: "1" }, page: { list: ["x", 2, true], empty: {} } },
      { root: { user: null, n: 1 }, page: { list: ["x", 2, true], empty: { a: undefined } } },
      { root: { user: null, n: 1 }, page: { list: ["x", 2], empty: {} } },
      { root: { n: 1, user: null }, page: { list: ["x", 2, true], empty: {} } },
      { root: { user: false, n: 1 }, page: { list: ["x", 2, true], empty: {} } },
    ];
    const texts = new Set([canonicalData(a), ...variants.map((v) => canonicalData(v))]);
    expect(texts.size).toBe(variants.length + 1);
  });

  it("refuses what is not plain data, or could stream differently with the same JSON", () => {
    const shared = { a: 1 };
    class Thing {}
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    for (const value of [
      { when: new Date(0) },
      { later: Promise.resolve(1) },
      { thing: new Thing() },
      { map: new Map() },
      { twice: [shared, shared] },
      { n: -0 },
      { n: NaN },
      { n: Infinity },
      { big: 1n },
      { fn: () => 1 },
      { [Symbol("s")]: 1 },
      { sparse },
    ])
      expect(canonicalData(value)).toBeNull();
    expect(canonicalData({ nothing: Object.create(null) })).not.toBeNull();
  });

  it("writes the root's token as a slot, so two visitors' data compare equal", () => {
    const rootA = { csrf: token(), user: null };
    const rootB = { csrf: token(), user: null };
    const a = canonicalData({ root: rootA, page: { destination: "" } }, rootA);
    const b = canonicalData({ root: rootB, page: { destination: "" } }, rootB);
    expect(a).toBe(b);
    expect(a).not.toContain(rootA.csrf);
    // a token anywhere else is data
    expect(canonicalData({ root: rootA, page: { destination: rootA.csrf } }, rootA)).toContain(
      rootA.csrf,
    );
  });
});

describe("templateInput: which requests may use a template", () => {
  const data = (csrfToken = token(), user: unknown = null) => ({
    root: { csrf: csrfToken, user, testShop: false },
    "routes/sign-in": { destination: "" },
  });

  it("an anonymous GET of a page that says so, answered 200", () => {
    const t = token();
    const input = templateInput(get(), 200, entryContext(data(t)), hasSession);
    expect(input?.token).toBe(t);
    expect(input?.data).not.toContain(t);
    // a CSRF cookie or any other cookie but the session's is fine: the data is compared
    expect(
      templateInput(get("__csrf=abc; other=1"), 200, entryContext(data()), hasSession),
    ).not.toBeNull();
  });

  it("never for a session, a signed-in user, a form's answer, errors, another method or status", () => {
    const refused: [Request, number, EntryContext][] = [
      [get("__session=anything"), 200, entryContext(data())],
      [get(), 200, entryContext(data(token(), { email: "a@b.c" }))],
      [get(), 200, entryContext({ ...data(), root: { csrf: token(), testShop: false } })],
      [get(), 200, entryContext(data(), { actionData: { "routes/sign-in": { formError: "x" } } })],
      [get(), 200, entryContext(data(), { errors: { "routes/sign-in": new Error("x") } })],
      [get(undefined, "POST"), 200, entryContext(data())],
      [get(undefined, "HEAD"), 200, entryContext(data())],
      [get(), 400, entryContext(data())],
      [get(), 200, entryContext(data(), { handle: {} })],
      [get(), 200, entryContext(data(), { handle: null })],
      [get(), 200, entryContext(data(), { handle: { cache: "public" } })],
      [get(), 200, entryContext(data(""))],
      [get(), 200, entryContext(data("not-a-token"))],
      [get(), 200, entryContext({ "routes/sign-in": { destination: "" } })],
    ];
    for (const [request, status, context] of refused)
      expect(templateInput(request, status, context, hasSession)).toBeNull();
  });

  it("never when the token appears elsewhere in the data, or the data is not plain", () => {
    const t = token();
    const echoed = { ...data(t), "routes/sign-in": { destination: `/x?${t}` } };
    expect(templateInput(get(), 200, entryContext(echoed), hasSession)).toBeNull();
    const dated = { ...data(), "routes/sign-in": { at: new Date() } };
    expect(templateInput(get(), 200, entryContext(dated), hasSession)).toBeNull();
  });
});

describe("cutTemplate and fillTemplate", () => {
  it("put each request's own token and nonce where the stand-ins were, and nothing else", () => {
    const s = standIns();
    expect(s.token).toMatch(TOKEN_SHAPE);
    expect(s.nonce).toMatch(NONCE_SHAPE);
    const html = `<p>✓</p><input value="${s.token}"><script nonce="${s.nonce}">x("${s.token}")</script><i nonce="${s.nonce}">`;
    const byteString = Buffer.from(html).toString("latin1");
    const cut = cutTemplate(byteString, s);
    expect(cut.holes).toEqual(["token", "nonce", "token", "nonce"]);
    const pages = Array.from({ length: 20 }, () => {
      const visitor = { token: token(), nonce: createNonce() };
      return { visitor, page: fillTemplate(cut, visitor.token, visitor.nonce).toString("utf8") };
    });
    for (const { visitor, page } of pages) {
      expect(page).toBe(html.replaceAll(s.token, visitor.token).replaceAll(s.nonce, visitor.nonce));
      expect(page).not.toContain(s.token);
      expect(page).not.toContain(s.nonce);
      for (const other of pages) {
        if (other.visitor === visitor) continue;
        expect(page).not.toContain(other.visitor.token);
        expect(page).not.toContain(other.visitor.nonce);
      }
    }
  });

  it("refuses values of another shape (they could need escaping, or shift the page)", () => {
    const s = standIns();
    const cut = cutTemplate(`a${s.token}b${s.nonce}c`, s);
    expect(() => fillTemplate(cut, 'x"><script>', createNonce())).toThrow();
    expect(() => fillTemplate(cut, token(), "nonce")).toThrow();
    expect(() => fillTemplate(cut, `${token()}x`, createNonce())).toThrow();
  });

  it("stand-ins are unique each time", () => {
    const seen = new Set(Array.from({ length: 100 }, () => tokenStandIn()));
    expect(seen.size).toBe(100);
  });
});

describe("templateStore", () => {
  const cut = (bytes = 10) => ({ parts: [Buffer.alloc(bytes)], holes: [], bytes });

  it("answers only for the same key and the same data, within its time", () => {
    let now = 0;
    const store = templateStore({ seconds: 30, now: () => now });
    store.put("k", "data", cut());
    expect(store.get("k", "data")).toBeDefined();
    expect(store.get("k", "other data")).toBeUndefined();
    expect(store.get("other key", "data")).toBeUndefined();
    now = 29_999;
    expect(store.get("k", "data")).toBeDefined();
    now = 30_000;
    expect(store.get("k", "data")).toBeUndefined();
    expect(store.stats()).toMatchObject({ hits: 2, misses: 3 });
  });

  it("keeps at most its count and its bytes, dropping the least recently used", () => {
    const store = templateStore({ maxEntries: 3, maxBytes: 100 });
    for (const k of ["a", "b", "c"]) store.put(k, "d", cut());
    store.get("a", "d");
    store.put("e", "d", cut());
    expect(store.get("b", "d")).toBeUndefined();
    expect(store.get("a", "d")).toBeDefined();
    store.put("big", "d", cut(26));
    expect(store.get("big", "d")).toBeUndefined();
    store.put("f", "d", cut(25));
    store.put("g", "d", cut(25));
    store.put("h", "d", cut(25));
    expect(store.stats().bytes).toBeLessThanOrEqual(100);
    expect(store.stats().entries).toBeLessThanOrEqual(3);
  });
});

describe("contextWithToken", () => {
  const chunksOf = (...texts: string[]) => texts.map((t) => Buffer.from(t, "latin1"));
  const read = async (stream: ReadableStream<Uint8Array> | undefined) => {
    const out: string[] = [];
    const reader = stream!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return out;
      out.push(Buffer.from(value).toString("latin1"));
    }
  };

  it("puts the stand-in in the root's data and in the stream's chunk, leaving the request's context alone", async () => {
    const t = token();
    const s = tokenStandIn();
    const root = { csrf: t, user: null };
    const original = entryContext({ root, "routes/sign-in": { destination: "" } });
    const context = contextWithToken(original, chunksOf(`[{"csrf":"${t}"}]\n`, "P1:[]\n"), t, s)!;
    expect((context.staticHandlerContext.loaderData.root as typeof root).csrf).toBe(s);
    expect(root.csrf).toBe(t);
    expect(await read(context.serverHandoffStream)).toEqual([`[{"csrf":"${s}"}]\n`, "P1:[]\n"]);
  });

  it("gives up unless the token is in the stream exactly once", () => {
    const t = token();
    const original = entryContext({ root: { csrf: t, user: null } });
    expect(contextWithToken(original, chunksOf("[]\n"), t, tokenStandIn())).toBeNull();
    expect(contextWithToken(original, chunksOf(`["${t}","${t}"]\n`), t, tokenStandIn())).toBeNull();
  });
});
