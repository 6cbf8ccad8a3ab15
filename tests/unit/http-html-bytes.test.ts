import { PassThrough } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlByteString, htmlBytes } from "~/http/html-bytes.server";

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
