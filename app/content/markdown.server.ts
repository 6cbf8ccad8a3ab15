// Staff write posts, recipes, FAQ answers and legal pages in Markdown (issue 37). It is rendered by
// `marked` and then sanitised (sanitize.server.ts) on the server, on every read: the stored text is
// the only copy, so a stricter sanitiser applies to every old post at once. Markdown passes raw
// HTML through, which is how the seeded HTML bodies edit as they are; the sanitiser cleans both.
import { Marked } from "marked";
import { sanitiseHtml } from "./sanitize.server";
import { keptAnswers } from "~/utils/kept-answers";

// A private instance: nobody's marked.use() elsewhere changes what content renders to.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const rendered = keptAnswers<string>(1000);

/** Markdown (or the HTML of older content) → the sanitised HTML a public page shows. */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source) return "";
  return rendered(source, () => sanitiseHtml(markdown.parse(source, { async: false }) as string));
}
