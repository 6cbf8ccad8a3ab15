// The page's own stylesheets go inline into the HTML (no render-blocking request on a
// first visit); anything larger than the limit stays a <link>. Read from the build once.
import fs from "node:fs";
import path from "node:path";
import * as build from "@remix-run/dev/server-build";

/** Per stylesheet; the largest today is about 17 KB (content.css), the whole page at most about 38 KB. */
export const INLINE_CSS_MAX_BYTES = 24_000;

const cache = new Map<string, string | null>();

/** The text of a built stylesheet to inline, or null to keep it a link. */
export function inlineCss(href: string): string | null {
  const hit = cache.get(href);
  if (hit !== undefined) return hit;
  let css: string | null = null;
  if (href.startsWith(build.publicPath) && href.endsWith(".css") && !href.includes("..")) {
    try {
      const text = fs.readFileSync(
        path.resolve(build.assetsBuildDirectory, href.slice(build.publicPath.length)),
        "utf8",
      );
      if (Buffer.byteLength(text) <= INLINE_CSS_MAX_BYTES && !/<\/style/i.test(text)) css = text;
    } catch {
      css = null;
    }
  }
  cache.set(href, css);
  return css;
}
