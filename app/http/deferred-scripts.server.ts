// The page is server-rendered and works without JS, so its scripts should never stand between the
// HTML and the first paint. Remix's <Scripts/> preloads every module and imports the route modules
// statically; on a slow phone those downloads and their compile tasks compete with the document and
// its fonts, and the first paint waits for the main thread. This rewrite (decision 013):
//   - switches each `<link rel="modulepreload">` off with `media="not all"` and marks it
//     `data-modulepreload` (React does not compare attributes when hydrating, so the markup still
//     matches, and a modulepreload link is valid inside <body>, which a link without rel is not);
//   - makes the inline module script wait for the first paint (a frame, then a task; at most
//     200 ms), then add the preloads and import the route modules and the entry.
// The same modules load in the same order, only after the page is on screen.
// It also moves the data scripts React writes after `</html>` (single fetch's stream of the loader
// data, rendered outside the document element) to the end of <body>: the HTML parser puts them
// there anyway, so the DOM is the same, and the document validates.
const PRELOAD = '<link rel="modulepreload"';
const INERT = '<link rel="modulepreload" media="not all" data-modulepreload=""';
const DOCUMENT_END = "</body></html>";
const SCRIPT_OPEN = "<script";
const SCRIPT_CLOSE = "</script>";
// an opening tag's attributes are bounded (a nonce, async, type): a longer one is not Remix's
const MODULE_SCRIPT_TAG = /^<script\b[^>]{0,200}\btype="module"[^>]{0,200}>$/;
const LONGEST_SCRIPT_TAG = 421;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\n]+");\n?/gm;
const ENTRY_IMPORT = /\nimport\("[^"\n]+"\);\s*$/;

/** Runs in the browser before anything is fetched: resolves after the next paint, or after 200 ms (a hidden tab paints nothing). */
const AFTER_PAINT =
  "await new Promise((r) => { requestAnimationFrame(() => setTimeout(r, 0)); setTimeout(r, 200); });";
// A few at a time, a task between: appending a modulepreload link starts its fetch there and then.
// Box checkout has 40 of them: as one task they took 158 ms at Lighthouse's 4x slowdown, and a tap
// in that task waits for all of it (decision 093).
export const ADD_PRELOADS =
  'for (const [i, l] of [...document.querySelectorAll("link[data-modulepreload]")].entries()) { if (i > 0 && i % 6 === 0) await new Promise((r) => setTimeout(r, 0)); const p = document.createElement("link"); p.rel = "modulepreload"; p.href = l.getAttribute("href"); document.head.append(p); }';

/** Remix's module script with its static route imports made dynamic after the first paint, or null when it is not the expected shape. */
export function deferredModuleBody(body: string): string | null {
  const imports = [...body.matchAll(ROUTE_IMPORT)];
  if (imports.length === 0 || !ENTRY_IMPORT.test(body)) return null;
  const names = imports.map((m) => m[1]).join(", ");
  const urls = imports.map((m) => `import(${m[2]})`).join(", ");
  const rest = body.replace(ROUTE_IMPORT, "");
  return `${AFTER_PAINT}\n${ADD_PRELOADS}\nconst [${names}] = await Promise.all([${urls}]);\n${rest}`;
}

/**
 * The first `<script … type="module" …>` element: where it starts, its opening tag and its body.
 * Found with indexOf, not one regular expression over the page: that scan was 1-1.5% of a rendered
 * page's CPU (decision 097).
 */
export function findModuleScript(
  html: string,
): { start: number; tag: string; body: string; end: number } | null {
  for (let at = html.indexOf(SCRIPT_OPEN); at >= 0; at = html.indexOf(SCRIPT_OPEN, at + 1)) {
    const tagEnd = html.indexOf(">", at);
    if (tagEnd < 0) return null;
    if (tagEnd + 1 - at > LONGEST_SCRIPT_TAG) {
      // every "<script" before this ">" ends there too: only the last few can be short enough
      at = Math.max(at, tagEnd - LONGEST_SCRIPT_TAG);
      continue;
    }
    const tag = html.slice(at, tagEnd + 1);
    if (!MODULE_SCRIPT_TAG.test(tag)) continue;
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close < 0) return null;
    return {
      start: at,
      tag,
      body: html.slice(tagEnd + 1, close),
      end: close + SCRIPT_CLOSE.length,
    };
  }
  return null;
}

/** A piece of the rewritten page: the span [start, end) of the rendered page, or text put in. */
export type Piece = string | readonly [start: number, end: number];

/**
 * The rewrite on a whole document (entry.server renders every page to one string first), as the
 * pieces of the new page, in order; null for markup it does not recognise (left alone). Every piece
 * put in is ASCII, so a span's offsets are its bytes' when the page is a byte string.
 */
export function deferredPieces(html: string): Piece[] | null {
  const script = findModuleScript(html);
  const body = script ? deferredModuleBody(script.body) : null;
  if (!script || body === null) return null; // unexpected markup: leave Remix's own loading alone
  const pieces: Piece[] = [];
  let from = 0;
  for (
    let at = html.indexOf(PRELOAD);
    at >= 0 && at < script.start;
    at = html.indexOf(PRELOAD, at + 1)
  ) {
    pieces.push([from, at], INERT);
    from = at + PRELOAD.length;
  }
  pieces.push([from, script.start], `${script.tag}${body}${SCRIPT_CLOSE}`);
  // what follows `</body></html>` (React's streamed data scripts) moves to just before `</body>`
  const at = html.lastIndexOf(DOCUMENT_END);
  if (at < script.end || at + DOCUMENT_END.length === html.length)
    pieces.push([script.end, html.length]);
  else pieces.push([script.end, at], [at + DOCUMENT_END.length, html.length], DOCUMENT_END);
  return pieces;
}

/** The page the pieces make, as one string. */
export function joinPieces(html: string, pieces: readonly Piece[]): string {
  return pieces.map((p) => (typeof p === "string" ? p : html.slice(p[0], p[1]))).join("");
}

/** The rewrite as a string (the shared pages and the form templates, each made once and kept). */
export function deferScripts(html: string): string {
  const pieces = deferredPieces(html);
  return pieces ? joinPieces(html, pieces) : html;
}
