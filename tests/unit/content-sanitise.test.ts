import { plainText, sanitiseHtml } from "~/content/sanitize.server";

describe("CMS HTML sanitiser", () => {
  it("keeps the content tag set", () => {
    const html =
      "<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> text<br></p><ul><li>one</li></ul><ol><li>two</li></ol><h3>Sub</h3><blockquote>q</blockquote>";
    expect(sanitiseHtml(html)).toBe(
      "<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> text<br /></p><ul><li>one</li></ul><ol><li>two</li></ol><h3>Sub</h3><blockquote>q</blockquote>",
    );
  });

  it("drops scripts, styles and embeds together with their content", () => {
    const out = sanitiseHtml(
      '<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe><object data="x"></object><noscript>no</noscript>',
    );
    expect(out).toBe("<p>ok</p>");
  });

  it("strips event handlers, style and class attributes", () => {
    expect(sanitiseHtml('<p onclick="steal()" style="color:red" class="x" id="y">hi</p>')).toBe(
      "<p>hi</p>",
    );
    expect(sanitiseHtml('<a href="/faq" onmouseover="x()">FAQ</a>')).toBe('<a href="/faq">FAQ</a>');
  });

  it("never lets javascript: or data: links through", () => {
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe("x");
    expect(sanitiseHtml('<a href="  JaVaScRiPt:alert(1)">x</a>')).toBe("x");
    expect(sanitiseHtml('<a href="data:text/html,hi">x</a>')).toBe("x");
  });

  it("keeps internal, mail and phone links and marks external ones", () => {
    expect(sanitiseHtml('<a href="/delivery">delivery</a>')).toBe(
      '<a href="/delivery">delivery</a>',
    );
    expect(sanitiseHtml('<a href="mailto:hello@paddockandtide.com.au">mail</a>')).toBe(
      '<a href="mailto:hello@paddockandtide.com.au">mail</a>',
    );
    expect(sanitiseHtml('<a href="tel:1300975707">call</a>')).toBe(
      '<a href="tel:1300975707">call</a>',
    );
    expect(sanitiseHtml('<a href="https://example.org/x" target="_blank">out</a>')).toBe(
      '<a href="https://example.org/x" rel="noopener noreferrer nofollow">out</a>',
    );
    expect(sanitiseHtml('<a href="//evil.example/x">proto</a>')).toBe("proto");
    expect(sanitiseHtml('<a href="/\\evil.example/x">slash</a>')).toBe("slash");
    expect(sanitiseHtml("<a>no target</a>")).toBe("no target");
  });

  it("demotes h1 (the page owns its one h1) and removes images and forms", () => {
    expect(sanitiseHtml("<h1>Big</h1>")).toBe("<h2>Big</h2>");
    expect(
      sanitiseHtml(
        '<img src="/x.svg" onerror="x()"><form action="/x"><input name="a"></form><p>t</p>',
      ),
    ).toBe("<p>t</p>");
  });

  it("escapes text and handles empty input", () => {
    expect(sanitiseHtml("<p>a < b & c</p>")).toBe("<p>a &lt; b &amp; c</p>");
    expect(sanitiseHtml("")).toBe("");
    expect(sanitiseHtml(null)).toBe("");
  });

  it("turns HTML into plain text for meta and JSON-LD", () => {
    expect(plainText("<p>Beef &amp; Pork <strong>box</strong></p>\n<p>second</p>")).toBe(
      "Beef & Pork box second",
    );
    expect(plainText("<script>x</script>&amp;lt;")).toBe("&lt;");
  });
});
