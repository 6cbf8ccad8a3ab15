// Markdown bodies (issue 37): rendered by marked and sanitised on the server. Scripts, event
// handlers, javascript: links and other sites' images never survive; the seeded HTML bodies (posts,
// recipes, FAQ answers, legal pages) render exactly as they did before Markdown.
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/content/markdown.server";
import { sanitiseHtml } from "~/content/sanitize.server";
import { SEED_FAQ, SEED_LEGAL_PAGES, SEED_NEWS, SEED_RECIPES } from "~/db/seed/content-data";

describe("renderMarkdown", () => {
  it("renders headings, lists, links, emphasis, quotes and code", () => {
    const html = renderMarkdown(
      "# Title\n\n## Sub\n\nSome *em* and **strong** and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n[FAQ](/faq)\n\n```\nlet x = 1;\n```",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<h2>Sub</h2>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<strong>strong</strong>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n</ol>");
    expect(html).toContain("<blockquote>\n<p>quoted</p>\n</blockquote>");
    expect(html).toContain('<a href="/faq">FAQ</a>');
    expect(html).toContain("<pre><code>let x = 1;\n</code></pre>");
  });

  it("removes scripts, event handlers and javascript: links, in Markdown and in raw HTML", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\nHi <b onclick="steal()">there</b> [x](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">y</a>\n\n<img src="/images/a.svg" onerror="alert(3)">\n\n<p onmouseover="alert(4)">p</p>',
    );
    expect(html).not.toMatch(/script|alert|onclick|onerror|onmouseover|javascript/i);
    expect(html).toContain("<b>there</b>");
    expect(html).toContain('<img src="/images/a.svg" />');
  });

  it("keeps images from our own /images/ paths only", () => {
    expect(renderMarkdown("![Steak](/images/dish-steak-plate.svg)")).toBe(
      '<p><img src="/images/dish-steak-plate.svg" alt="Steak" /></p>',
    );
    for (const src of [
      "https://evil.example/x.png",
      "//evil.example/x.png",
      "/images/../secret.png",
      "/images//evil.example/x.png",
      "data:image/png;base64,AAAA",
      "/uploads/x.png",
    ])
      expect(renderMarkdown(`![x](${src})`), src).toBe("<p></p>");
  });

  it("marks external links and keeps internal ones", () => {
    expect(renderMarkdown("[out](https://example.org/)")).toBe(
      '<p><a href="https://example.org/" rel="noopener noreferrer nofollow">out</a></p>',
    );
  });

  it("renders nothing for nothing", () => {
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown(null)).toBe("");
  });

  it("renders every seeded HTML body as the sanitiser alone did (seeded posts edit as they are)", () => {
    const bodies = [
      ...SEED_NEWS.map((p) => p.content),
      ...SEED_RECIPES.map((r) => r.content),
      ...SEED_FAQ.map((f) => f.answer),
      ...SEED_LEGAL_PAGES.map((p) => p.content),
    ];
    expect(bodies.length).toBeGreaterThan(20);
    const squash = (s: string) => s.replace(/>\s+</g, "><").trim();
    for (const body of bodies)
      expect(squash(renderMarkdown(body))).toBe(squash(sanitiseHtml(body)));
  });
});
