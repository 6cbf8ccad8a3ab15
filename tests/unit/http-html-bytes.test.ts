import { PassThrough } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferScripts, deferredPieces } from "~/http/deferred-scripts.server";
import { htmlByteString, htmlBytes, htmlDocument, piecesBytes } from "~/http/html-bytes.server";

const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
const expected = (pad: number) =>
  `<p><span>${"x".repeat(pad)}</span>${words.map((w) => `<i>${w}</i><b>✓</b>`).join("")}</p>`;

/** React's streamed bytes of `pad` characters, then short pieces of text, each followed by "✓". */
function rendered(pad: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const element = createElement(
      "p",
      null,
      createElement("span", { key: "pad" }, "x".repeat(pad)),
      ...words.flatMap((w) => [
        createElement("i", { key: w }, w),
        createElement("b", { key: `${w}✓` }, "✓"),
      ]),
    );
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(sink);
      },
    });
  });
}

describe("the document as a byte string", () => {
  it("round-trips every byte of UTF-8 text", () => {
    const bytes = Buffer.from("<p>Café ✓ 🐟</p>", "utf8");
    expect(htmlBytes(htmlByteString(bytes)).equals(bytes)).toBe(true);
  });

  it("drops the zero bytes React 18 writes when a character does not fit its buffer", async () => {
    // some padding puts a "✓" where only one or two bytes of React's 2 KB buffer are left
    let padded = 0;
    for (let pad = 1; pad < 40; pad++) {
      const bytes = await rendered(pad);
      if (bytes.includes(0)) padded++;
      const text = htmlBytes(htmlByteString(bytes)).toString("utf8");
      expect(text, `pad ${pad}`).toBe(expected(pad));
    }
    expect(padded).toBeGreaterThan(0);
  });
});

describe("a page rewritten from its own bytes", () => {
  const moduleScript =
    '<script type="module" async="">import * as route0 from "/build/root-A.js";\nimport("/build/entry-C.js");</script>';
  const page =
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/build/root-A.js"/></head>' +
    `<body><p>Café ✓ 🐟 — “flathead”</p>${moduleScript}</body></html><script>late()</script>`;

  it("gives the bytes of the rewritten text, the page's own characters untouched", () => {
    const document = htmlDocument(Buffer.from(page, "utf8"));
    const pieces = deferredPieces(document.html);
    expect(pieces).not.toBeNull();
    const bytes = piecesBytes(document, pieces!);
    expect(bytes.toString("utf8")).toBe(deferScripts(page));
    expect(bytes.equals(htmlBytes(deferScripts(document.html)))).toBe(true);
  });

  it("keeps the byte string and the bytes offset for offset when React's padding is dropped", () => {
    const padded = Buffer.concat([
      Buffer.from("<p>a", "utf8"),
      Buffer.alloc(2),
      Buffer.from("✓</p>"),
    ]);
    const document = htmlDocument(padded);
    expect(document.bytes.includes(0)).toBe(false);
    expect(document.html.length).toBe(document.bytes.length);
    expect(document.bytes.toString("utf8")).toBe("<p>a✓</p>");
  });
});
