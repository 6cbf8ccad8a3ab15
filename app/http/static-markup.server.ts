// The server's side of StaticMarkup (app/components/layout/static-markup.tsx): each variant of a
// block's HTML, rendered once per process. The keys are few (the header's current section, the
// footer's year); the bound only guards against a key that names something per visitor by mistake.
// Blocks rendered from a row of data (ROW_MARKUP keys: a packing day's slips, hundreds a day) are
// kept apart, more of them, so that they never push the header and footer out.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { ROW_MARKUP } from "~/components/layout/static-markup";
import { keptAnswers } from "~/utils/kept-answers";

const MAX_VARIANTS = 64;
/** about two busy packing days of slips (~1 KB each) */
const MAX_ROWS = 4_000;
const variants = keptAnswers<string>(MAX_VARIANTS);
const rows = keptAnswers<string>(MAX_ROWS);

/** The HTML of `content`, rendered the first time `key` is asked for. */
export function staticMarkup(key: string, content: ReactElement): string {
  // React's string renderer may run inside the page's stream render: it saves and restores the
  // dispatcher it shares with it.
  return (key.startsWith(ROW_MARKUP) ? rows : variants)(key, () => renderToString(content));
}
