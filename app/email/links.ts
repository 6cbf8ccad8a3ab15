/** The distinct http(s) links of a plain-text e-mail, in order of appearance. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/[.,;:)\]]+$/, "")))];
}
