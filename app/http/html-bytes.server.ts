// The rendered document as a "byte string": one character per byte of its UTF-8 (latin1).
//
// entry.server rewrites the whole page before sending it (script deferral, the nonce, the ETag).
// Decoding it as UTF-8 and encoding it again cost about 1 ms per request on a 74 KB form page:
// a single "✓" makes V8 decode every byte through its slow two-byte path (~80x the ASCII speed).
// latin1 maps bytes to characters and back unchanged, in V8's fast one-byte path. Every rewrite
// matches and inserts ASCII only (tags, attributes, base64 nonces), so the bytes of the text the
// page shows pass through untouched.

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

/** Where the server finds a body's bytes (app/bin/request-body.mjs reads the same symbol). */
export const BODY_BYTES = Symbol.for("paddock.body-bytes");

/**
 * A Response of `bytes` that also carries them: the server writes them as they are rather than read
 * them back through the Response's web stream (a reader, a promise a chunk; docs/performance.md).
 */
export function bytesResponse(bytes: ReturnType<typeof htmlBytes>, init: ResponseInit): Response {
  return Object.assign(new Response(bytes, init), { [BODY_BYTES]: bytes });
}
