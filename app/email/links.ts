import { trimEndOf } from "~/utils/trim-end";

/** Punctuation that ends the sentence around a link rather than the link. */
const SENTENCE_END = ".,;:)]";

/** The distinct http(s) links of a plain-text e-mail, in order of appearance. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((l) => trimEndOf(l, SENTENCE_END)))];
}
