// Uploaded images (issue 37, decision 055): the type comes from the bytes, never the name; an SVG
// keeps only drawing (no script, event handler, foreignObject, or link or url() leaving the file);
// too big, wrong and broken files are refused with words for the page.
import {
  IMAGE_MESSAGES,
  MAX_IMAGE_BYTES,
  prepareImage,
  sanitiseSvg,
  sniffImage,
} from "~/catalogue/image-files.server";
import { transparentPng } from "../photos";

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46);
const WEBP = text("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ");

describe("sniffImage", () => {
  it("knows PNG, JPEG, WebP and SVG by their first bytes", () => {
    expect(sniffImage(PNG)?.ext).toBe("png");
    expect(sniffImage(JPEG)?.contentType).toBe("image/jpeg");
    expect(sniffImage(WEBP)?.ext).toBe("webp");
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))?.ext).toBe("svg");
    expect(
      sniffImage(
        text('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg></svg>'),
      )?.ext,
    ).toBe("svg");
  });

  it("refuses anything else, whatever it would be called", () => {
    expect(sniffImage(text("GIF89a......"))).toBeNull();
    expect(sniffImage(text("<html><svg></svg></html>"))).toBeNull();
    expect(sniffImage(text("RIFF....WAVEfmt "))).toBeNull();
    expect(sniffImage(text("%PDF-1.7"))).toBeNull();
    expect(sniffImage(bytes(0x3c, 0x73, 0x76, 0x67, 0x20, 0x00))).toBeNull(); // "<svg " then a NUL
    expect(sniffImage(bytes())).toBeNull();
  });
});

describe("sanitiseSvg", () => {
  const evil = [
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">',
    "<script>alert(2)</script>",
    '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>',
    '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi<img src="x" onerror="alert(3)"/></div></foreignObject>',
    '<a href="https://example.com"><rect width="5" height="5" fill="url(#g)" onclick="alert(4)"/></a>',
    '<use xlink:href="https://evil.example/x.svg#a"/><use href="#g"/>',
    '<rect width="1" height="1" style="fill: url(https://evil.example/t)" fill="url(&quot;https://e&quot;)"/>',
    '<image href="https://evil.example/track.png"/>',
    '<set attributeName="onmouseover" to="alert(5)"/><animate attributeName="href" to="javascript:alert(6)"/>',
    '<text x="1" y="8">Tom &amp; Co</text>',
    "</svg>",
  ].join("");

  it("keeps the drawing and removes script, handlers, foreignObject and every link out of the file", () => {
    const clean = sanitiseSvg(evil)!;
    expect(clean).toMatch(/^<svg /);
    expect(clean).toMatch(/<\/svg>$/);
    for (const gone of [
      "script",
      "alert",
      "onload",
      "onclick",
      "onerror",
      "foreignObject",
      "<div",
      "<img",
      "<image",
      "<a ",
      "<set",
      "<animate",
      "https://example.com",
      "evil.example",
      "https://e",
      "javascript:",
    ])
      expect(clean, gone).not.toContain(gone);
    expect(clean).toContain('viewBox="0 0 10 10"');
    expect(clean).toContain("<linearGradient");
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('<use href="#g"');
    expect(clean).toContain("Tom &amp; Co");
  });

  it("gives the root its namespace so it draws as an image", () => {
    expect(sanitiseSvg("<svg><rect/></svg>")).toContain('xmlns="http://www.w3.org/2000/svg"');
  });

  it("answers null for a file with no svg document in it", () => {
    expect(sanitiseSvg("<svg><rect width='1'")).toBeNull();
    expect(sanitiseSvg("<script>alert(1)</script>")).toBeNull();
  });
});

describe("prepareImage", () => {
  it("keeps a photo's bytes as uploaded, beside the variants the shop serves", async () => {
    const png = await transparentPng();
    const ok = await prepareImage(png);
    expect(ok).toMatchObject({ ok: true, kind: { ext: "png" }, photo: { width: 64, height: 48 } });
    expect(ok.ok && ok.bytes.equals(png)).toBe(true);
    expect(ok.ok && ok.photo?.variants.length).toBe(12);
  });

  it("stores a sanitised SVG, which has no variants", async () => {
    const ok = await prepareImage(text('<svg viewBox="0 0 1 1" onload="x()"><rect/></svg>'));
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.bytes.toString("utf-8")).not.toContain("onload");
    expect(ok.ok && ok.photo).toBeNull();
  });

  it("refuses an empty, too big, unknown or broken file with the page's words", async () => {
    expect(await prepareImage(bytes())).toEqual({ ok: false, message: IMAGE_MESSAGES.empty });
    const png = await transparentPng();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(png);
    expect(await prepareImage(big)).toEqual({ ok: false, message: IMAGE_MESSAGES.tooBig });
    // a PNG reader stops at the image's end: what follows is not read
    const justFits = new Uint8Array(MAX_IMAGE_BYTES);
    justFits.set(png);
    expect((await prepareImage(justFits)).ok).toBe(true);
    expect(await prepareImage(text("just some text"))).toEqual({
      ok: false,
      message: IMAGE_MESSAGES.wrongType,
    });
    expect(await prepareImage(text("<svg><rect width='1'"))).toEqual({
      ok: false,
      message: IMAGE_MESSAGES.brokenSvg,
    });
    // not UTF-8 text: not an SVG at all
    expect(await prepareImage(bytes(0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0xfe))).toEqual({
      ok: false,
      message: IMAGE_MESSAGES.wrongType,
    });
    // a PNG's signature and nothing that decodes: said so, never a 500
    expect(await prepareImage(PNG)).toEqual({ ok: false, message: IMAGE_MESSAGES.brokenPhoto });
  });
});
