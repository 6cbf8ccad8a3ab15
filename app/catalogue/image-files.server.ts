// Uploaded images (issue 37, decision 055): what a file really is, from its first bytes and never
// from its name; an SVG made safe by an allowlist of drawing elements and attributes (no script, no
// foreignObject, no event handler, no link or url() that leaves the file); and a photo made in the
// sizes and formats the shop serves, without its EXIF (issue 48, decision 078).
import sanitizeHtml from "sanitize-html";
import { makeVariants, type Photo } from "./image-variants.server";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageKind = {
  ext: "png" | "jpg" | "webp" | "svg";
  contentType: string;
};

export const IMAGE_KINDS = {
  png: { ext: "png", contentType: "image/png" },
  jpg: { ext: "jpg", contentType: "image/jpeg" },
  webp: { ext: "webp", contentType: "image/webp" },
  svg: { ext: "svg", contentType: "image/svg+xml" },
} as const satisfies Record<string, ImageKind>;

export const IMAGE_MESSAGES = {
  empty: "Choose an image file to upload.",
  tooBig: "This image is larger than 2 MB. Please upload a smaller one.",
  wrongType: "This file is not a PNG, JPEG, WebP or SVG image.",
  brokenSvg: "This SVG could not be read. Please export it again and upload the new file.",
  brokenPhoto:
    "This image could not be read. Please save it again (as a JPEG or PNG) and upload the new file.",
  tooManyPixels:
    "This image has more pixels than any phone's camera takes. Please resize it and upload it again.",
} as const;

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What a file is by its magic bytes: PNG, JPEG, WebP, an SVG document, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_KINDS.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return IMAGE_KINDS.jpg;
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return IMAGE_KINDS.webp;
  return looksLikeSvg(bytes) ? IMAGE_KINDS.svg : null;
}

/** A text file (UTF-8, no NUL) whose first element is <svg>, after an XML declaration, comments or a doctype. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    // a multi-byte character cut at 4096 bytes is still text
    text = new TextDecoder("utf-8").decode(bytes.subarray(0, 4096));
    if (text.slice(0, -1).includes("\uFFFD")) return false;
  }
  let rest = text.replace(/^\uFEFF/, "").trimStart();
  for (;;) {
    const prolog = /^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>)\s*/i.exec(
      rest,
    );
    if (!prolog) break;
    rest = rest.slice(prolog[0].length);
  }
  return /^<svg[\s>/]/.test(rest);
}

const SVG_TAGS = [
  "svg",
  "g",
  "defs",
  "title",
  "desc",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "symbol",
  "use",
];

const SVG_ATTRIBUTES = [
  "xmlns",
  "xmlns:xlink",
  "version",
  "id",
  "class",
  "viewBox",
  "preserveAspectRatio",
  "width",
  "height",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "dx",
  "dy",
  "d",
  "points",
  "transform",
  "fill",
  "fill-opacity",
  "fill-rule",
  "clip-rule",
  "clip-path",
  "clipPathUnits",
  "mask",
  "maskUnits",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "color",
  "display",
  "visibility",
  "vector-effect",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternTransform",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "letter-spacing",
  "textLength",
  "lengthAdjust",
  "href",
  "xlink:href",
  "style",
  "role",
  "aria-label",
  "aria-hidden",
  "focusable",
];

/** A value that could fetch or run something: a url() to anywhere but the file itself, a script scheme, an @import. */
function unsafeValue(value: string): boolean {
  const v = value.replace(/\s+/g, "").toLowerCase();
  if (/javascript:|vbscript:|data:|@import|expression\(/.test(v)) return true;
  // url(#gradient) points inside the file; any other url() leaves it
  return v.replace(/url\(['"]?#[^()]*\)/g, "").includes("url(");
}

const SVG_NS = "http://www.w3.org/2000/svg";

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { "*": SVG_ATTRIBUTES },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  disallowedTagsMode: "discard",
  // everything inside a refused element goes with it (a foreignObject's HTML, a script's text)
  nonTextTags: ["script", "style", "foreignObject", "iframe", "noscript", "textarea", "option"],
  parser: { xmlMode: true, decodeEntities: true },
  transformTags: {
    "*": (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(tagName === "svg" ? { ...attribs, xmlns: SVG_NS } : attribs).filter(
          ([name, value]) => {
            if (/^on/i.test(name)) return false;
            if ((name === "href" || name === "xlink:href") && !value.trim().startsWith("#"))
              return false;
            return !unsafeValue(value);
          },
        ),
      ),
    }),
  },
};

/** The SVG with only drawing left in it, or null when there is no <svg> document to keep. */
export function sanitiseSvg(source: string): string | null {
  if (!/<svg[\s>/]/.test(source) || !source.includes("</svg")) return null;
  const clean = sanitizeHtml(source, SVG_OPTIONS).trim();
  if (!/^<svg[\s>/]/.test(clean) || !clean.endsWith("</svg>")) return null;
  return clean;
}

export type PreparedImage =
  | {
      ok: true;
      kind: ImageKind;
      /** the file as uploaded (an SVG: sanitised); a photo's is kept for re-encoding, never served */
      bytes: Buffer;
      /** a photo's upright size and what the shop serves of it; an SVG has none */
      photo: Photo | null;
    }
  | { ok: false; message: string };

/**
 * An upload checked and made ready to store: its size, its real type, an SVG sanitised, a photo
 * decoded and made in every size and format (before any transaction: it takes a second or more).
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  if (bytes.length === 0) return { ok: false, message: IMAGE_MESSAGES.empty };
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_MESSAGES.tooBig };
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, message: IMAGE_MESSAGES.wrongType };
  if (kind.ext !== "svg") {
    const made = await makeVariants(bytes);
    if (!made.ok)
      return {
        ok: false,
        message:
          made.reason === "tooManyPixels"
            ? IMAGE_MESSAGES.tooManyPixels
            : IMAGE_MESSAGES.brokenPhoto,
      };
    const { width, height, variants } = made;
    return { ok: true, kind, bytes: Buffer.from(bytes), photo: { width, height, variants } };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: IMAGE_MESSAGES.brokenSvg };
  }
  const clean = sanitiseSvg(text.replace(/^\uFEFF/, ""));
  if (!clean) return { ok: false, message: IMAGE_MESSAGES.brokenSvg };
  return { ok: true, kind, bytes: Buffer.from(clean, "utf-8"), photo: null };
}
