// The server's side of StaticMarkup (app/components/layout/static-markup.tsx): each variant of a
// block's HTML, rendered once per process. The keys are few (the header's current section, the
// footer's year); the bound only guards against a key that names something per visitor by mistake.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

const MAX_VARIANTS = 64;
const rendered = new Map<string, string>();

/** The HTML of `content`, rendered the first time `key` is asked for. */
export function staticMarkup(key: string, content: ReactElement): string {
  let html = rendered.get(key);
  if (html === undefined) {
    // React's string renderer may run inside the page's stream render: it saves and restores
    // the dispatcher it shares with it.
    html = renderToString(content);
    if (rendered.size >= MAX_VARIANTS) rendered.clear();
    rendered.set(key, html);
  }
  return html;
}
