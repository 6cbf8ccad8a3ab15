// A page's server HTML read as a browser without scripts would read it, for checks that need no
// browser (decision 090): exactly-one lookups that fail loudly, and text as Playwright reads it.
import { DomUtils, parseDocument } from "htmlparser2";
import { isTag, type Element } from "domhandler";
import { expect } from "vitest";

export type { Element };

/** A page's elements, parsed as a browser would read the server's HTML without running scripts. */
export function dom(html: string) {
  const doc = parseDocument(html, { decodeEntities: true });
  const all = (test: (e: Element) => boolean, within: Element[] | null = null) =>
    DomUtils.findAll(test, within ?? doc.children);
  const one = (test: (e: Element) => boolean, within: Element[] | null = null) => {
    const found = all(test, within);
    expect(found, "exactly one element matches").toHaveLength(1);
    return found[0];
  };
  /** the text of an element's nodes, without scripts' and styles' (which Playwright does not read) */
  const rawText = (e: Element): string =>
    e.children
      .map((child) =>
        child.type === "text"
          ? (child as unknown as { data: string }).data
          : isTag(child) && child.name !== "script" && child.name !== "style"
            ? rawText(child)
            : "",
      )
      .join("");
  /** an element's text, whitespace collapsed, as Playwright matches text */
  const text = (e: Element) => rawText(e).replace(/\s+/g, " ").trim();
  /** the element a heading names through aria-labelledby, or that carries the name as aria-label */
  const region = (name: string) => {
    const ids = new Set(
      all((e) => text(e) === name && e.attribs.id !== undefined).map((e) => e.attribs.id),
    );
    return one(
      (e) =>
        e.attribs["aria-label"] === name ||
        (e.attribs["aria-labelledby"] !== undefined && ids.has(e.attribs["aria-labelledby"])),
    );
  };
  return { all, one, text, region };
}
