// The rendered document as a "byte string": one character per byte of its UTF-8 (latin1).
//
// entry.server rewrites the whole page before sending it (script deferral, the nonce, the ETag).
// Decoding it as UTF-8 and encoding it again cost about 1 ms per request on a 74 KB form page:
// a single "✓" makes V8 decode every byte through its slow two-byte path (~80x the ASCII speed).
// latin1 maps bytes to characters and back unchanged, in V8's fast one-byte path. Every rewrite
// matches and inserts ASCII only (tags, attributes, base64 nonces), so the bytes of the text the
// page shows pass through untouched.
import type { Piece } from "./deferred-scripts.server";

/**
 * The document's bytes as a byte string, without NUL bytes. React 18.3's Node stream writer, when a
 * character of several bytes does not fit in what is left of its 2 KB buffer, writes the whole
 * buffer, unfilled end included (`writeToDestination(destination, currentView)` in
 * `writeStringChunk`; React 19 writes only the filled part): one or two zero bytes before the
 * character ("\0\0✓" in the box flow's steps, which the Nu checker rejects). A zero byte in UTF-8
 * is only U+0000, which HTML does not allow anywhere, so every one of them is such padding.
 */
export const htmlByteString = (bytes: Buffer): string => {
  const byteString = bytes.toString("latin1");
  return byteString.includes("\0") ? byteString.replaceAll("\0", "") : byteString;
};

/** A byte string back to the bytes it came from. */
export const htmlBytes = (byteString: string) => Buffer.from(byteString, "latin1");

/** A rendered document: its byte string and the bytes it reads (the same length, offset for offset). */
export type HtmlDocument = { html: string; bytes: PageBytes };
/** Bytes a Response can carry (an ArrayBuffer's, not a SharedArrayBuffer's). */
export type PageBytes = ReturnType<typeof htmlBytes>;

/** The document of React's bytes, without the padding `htmlByteString` drops. */
export function htmlDocument(bytes: PageBytes): HtmlDocument {
  const html = htmlByteString(bytes);
  return { html, bytes: html.length === bytes.length ? bytes : htmlBytes(html) };
}

/**
 * The bytes of a page rewritten as pieces (deferred-scripts.server.ts): spans of the document's own
 * bytes and the ASCII put between them, copied once into one buffer. Joining the pieces into a string
 * first costs far more on a page over 128 KB: V8 builds such a string in its large-object space, and
 * that copy took 0.9-1 ms a request on the 133 KB change page where this takes 0.17 ms
 * (decision 101).
 */
export function piecesBytes({ bytes }: HtmlDocument, pieces: readonly Piece[]): PageBytes {
  return Buffer.concat(
    pieces.map((p) =>
      typeof p === "string" ? Buffer.from(p, "latin1") : bytes.subarray(p[0], p[1]),
    ),
  );
}

/** Where the server finds a body's bytes (app/bin/request-body.mjs reads the same symbol). */
export const BODY_BYTES = Symbol.for("paddock.body-bytes");

/**
 * A Response of `bytes` that also carries them: the server writes them as they are rather than read
 * them back through the Response's web stream (a reader, a promise a chunk; docs/performance.md).
 */
export function bytesResponse(bytes: PageBytes, init: ResponseInit): Response {
  return Object.assign(new Response(bytes, init), { [BODY_BYTES]: bytes });
}
