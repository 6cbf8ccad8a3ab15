// Anonymous form pages rendered once and filled per request (decision 085).
//
// For a visitor without a session, /sign-in, /forgot-password and /get-started's first step differ
// from one visitor to the next only in the CSRF token (a hidden field and the loader data's stream)
// and the CSP nonce. Each worker renders such a page once per URL with unguessable stand-ins of
// the same shape in those places, keeps that template briefly, and answers every request whose
// render inputs are the template's (the loader data, compared whole, token aside) with the
// template's bytes and this request's own token and nonce put back. Loaders, cookies, headers,
// the log, admission and rate limits still run for every request: only React's render is shared.
import { randomBytes } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { createNonce } from "~/security/headers.server";

/** A route declares `export const handle = { renderCache: "anonymous" } satisfies RenderCacheHandle`
 * when an anonymous visitor's page is a function of its URL and loader data alone. */
export type RenderCacheHandle = { renderCache?: "anonymous" };

/** The CSRF token's shape (app/security/csrf.server.ts): 32 random bytes, then their HMAC-SHA256. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/;
/** The nonce's shape (createNonce): 16 random bytes in base64. */
export const NONCE_SHAPE = /^[A-Za-z0-9+/]{22}==$/;

const MAX_ENTRIES = 100;
const MAX_BYTES = 8 * 1024 * 1024;
/** Seconds a template is kept: its inputs are compared on every use, this only bounds what they miss. */
export const TEMPLATE_SECONDS = 30;
/** Where the token sits in the canonical text of the loader data: no string encodes to it. */
const TOKEN_SLOT = "#token";

/** A stand-in CSRF token: the same length and characters as a real one, unknown to anyone. */
export const tokenStandIn = () =>
  `${randomBytes(32).toString("base64url")}.${randomBytes(32).toString("base64url")}`;

/**
 * Plain data as text, or null when it holds anything else: a promise, a date, a class instance, a
 * symbol key, a sparse array, -0, NaN, or an object reached twice (turbo-stream writes a second
 * reference as a back-reference, so two trees with the same JSON could stream differently).
 * `undefined` is written apart from a missing key. The root's `csrf` is written as a slot.
 */
export function canonicalData(value: unknown, tokenAt?: object): string | null {
  const seen = new Set<object>();
  const out: string[] = [];
  const walk = (v: unknown): boolean => {
    switch (typeof v) {
      case "string":
        out.push(JSON.stringify(v));
        return true;
      case "boolean":
        out.push(v ? "t" : "f");
        return true;
      case "undefined":
        out.push("u");
        return true;
      case "number":
        if (!Number.isFinite(v) || Object.is(v, -0)) return false;
        out.push(String(v));
        return true;
      case "object":
        if (v === null) {
          out.push("n");
          return true;
        }
        return walkObject(v);
      default:
        return false;
    }
  };
  const walkObject = (v: object): boolean => {
    if (seen.has(v)) return false;
    seen.add(v);
    const proto: unknown = Object.getPrototypeOf(v);
    if (Array.isArray(v)) {
      if (proto !== Array.prototype) return false;
      out.push("[");
      for (let i = 0; i < v.length; i++) {
        if (!(i in v) || !walk(v[i])) return false;
        out.push(",");
      }
      out.push("]");
      return true;
    }
    if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(v).length)
      return false;
    out.push("{");
    for (const [key, item] of Object.entries(v)) {
      out.push(JSON.stringify(key), ":");
      if (v === tokenAt && key === "csrf") out.push(TOKEN_SLOT);
      else if (!walk(item)) return false;
      out.push(",");
    }
    out.push("}");
    return true;
  };
  return walk(value) ? out.join("") : null;
}

type Template = {
  /** the loader data's canonical text the template was rendered from */
  data: string;
  /** the page's bytes between the holes: one more than `holes` */
  parts: Buffer[];
  holes: ("token" | "nonce")[];
  bytes: number;
  expiresAt: number;
};

/**
 * The rendered page cut at its stand-ins. `html` is a byte string (html-bytes.server.ts); the
 * stand-ins are ASCII, so each cut falls between whole characters.
 */
export function cutTemplate(
  html: string,
  standIns: { token: string; nonce: string },
): Pick<Template, "parts" | "holes" | "bytes"> {
  const parts: Buffer[] = [];
  const holes: Template["holes"] = [];
  const at = new RegExp(`${escapeRegExp(standIns.token)}|${escapeRegExp(standIns.nonce)}`, "g");
  let from = 0;
  for (const m of html.matchAll(at)) {
    parts.push(Buffer.from(html.slice(from, m.index), "latin1"));
    holes.push(m[0] === standIns.token ? "token" : "nonce");
    from = m.index + m[0].length;
  }
  parts.push(Buffer.from(html.slice(from), "latin1"));
  return { parts, holes, bytes: html.length };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The page for one request: the template with this request's token and nonce in its holes. */
export function fillTemplate(
  template: Pick<Template, "parts" | "holes">,
  token: string,
  nonce: string,
) {
  if (!TOKEN_SHAPE.test(token) || !NONCE_SHAPE.test(nonce))
    throw new Error("a template is filled only with a token and a nonce of their own shapes");
  const tokenBytes = Buffer.from(token, "latin1");
  const nonceBytes = Buffer.from(nonce, "latin1");
  const pieces: Buffer[] = [template.parts[0]];
  template.holes.forEach((hole, i) => {
    pieces.push(hole === "token" ? tokenBytes : nonceBytes, template.parts[i + 1]);
  });
  return Buffer.concat(pieces);
}

/** Templates by key, least recently used first, within a count and a total size; each for a while. */
export function templateStore({
  maxEntries = MAX_ENTRIES,
  maxBytes = MAX_BYTES,
  seconds = TEMPLATE_SECONDS,
  now = Date.now,
} = {}) {
  const entries = new Map<string, Template>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    /** The template for `key` rendered from exactly `data`, if one is fresh. */
    get(key: string, data: string): Template | undefined {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now() && entry.data === data) {
        entries.delete(key);
        entries.set(key, entry);
        hits++;
        return entry;
      }
      misses++;
      return undefined;
    },
    put(key: string, data: string, cut: Pick<Template, "parts" | "holes" | "bytes">) {
      remove(key);
      if (cut.bytes > maxBytes / 4) return;
      entries.set(key, { ...cut, data, expiresAt: now() + seconds * 1000 });
      bytes += cut.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** What a request's render depends on, when it may use a template; null when it must render in full. */
export type TemplateInput = { token: string; data: string };

/**
 * The request's token and the canonical text of its loader data when its page may come from a
 * template: a GET answered 200 by a route that says so, without a session cookie, action data or
 * errors, for nobody signed in, with a token of the usual shape that appears nowhere else in the
 * data, and with plain loader data.
 */
export function templateInput(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
  hasSession: (cookieHeader: string | null) => boolean,
): TemplateInput | null {
  if (request.method !== "GET" || statusCode !== 200) return null;
  const context = remixContext.staticHandlerContext;
  const leaf = context.matches[context.matches.length - 1];
  const handle = leaf && remixContext.routeModules[leaf.route.id]?.handle;
  if ((handle as RenderCacheHandle | undefined)?.renderCache !== "anonymous") return null;
  if (hasSession(request.headers.get("Cookie"))) return null;
  if (context.actionData != null || context.errors != null) return null;
  const root = context.loaderData.root as { csrf?: unknown; user?: unknown } | undefined;
  if (!root || root.user !== null || typeof root.csrf !== "string") return null;
  const token = root.csrf;
  if (!TOKEN_SHAPE.test(token)) return null;
  const data = canonicalData(context.loaderData, root);
  // the token elsewhere in the data would stream as a back-reference to the root's string
  if (data === null || data.includes(token)) return null;
  return { token, data };
}

/** The loader data's stream as Remix encoded it before the render, chunk by chunk. */
export async function readHandoff(remixContext: EntryContext): Promise<Buffer[] | null> {
  const stream = remixContext.serverHandoffStream;
  if (!stream) return null;
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
}

/** The entry context with a fresh stream of `chunks`, for a render. */
export function withHandoff(remixContext: EntryContext, chunks: Buffer[]): EntryContext {
  return {
    ...remixContext,
    serverHandoffStream: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
    renderMeta: {},
  };
}

/**
 * The entry context with `standIn` in place of the visitor's token: in the root's loader data, and
 * in the loader data's stream (`chunks`), which the page carries as scripts. Each chunk is
 * rewritten in place, so the scripts break where they would have; null when the token is not in
 * the stream exactly once.
 */
export function contextWithToken(
  remixContext: EntryContext,
  chunks: Buffer[],
  token: string,
  standIn: string,
): EntryContext | null {
  let found = 0;
  const swapped = chunks.map((chunk) => {
    const parts = chunk.toString("latin1").split(token);
    found += parts.length - 1;
    return Buffer.from(parts.join(standIn), "latin1");
  });
  if (found !== 1) return null;
  const context = remixContext.staticHandlerContext;
  const root = context.loaderData.root as Record<string, unknown>;
  return withHandoff(
    {
      ...remixContext,
      staticHandlerContext: {
        ...context,
        loaderData: { ...context.loaderData, root: { ...root, csrf: standIn } },
      },
    },
    swapped,
  );
}

/** Stand-ins for one template: a token, a nonce and a request id no page can contain. */
export function standIns() {
  return {
    token: tokenStandIn(),
    nonce: createNonce(),
    requestId: `request-${randomBytes(18).toString("base64url")}`,
  };
}
