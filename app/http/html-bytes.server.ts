// The rendered document as a "byte string": one character per byte of its UTF-8 (latin1).
//
// entry.server rewrites the whole page before sending it (script deferral, the nonce, the ETag).
// Decoding it as UTF-8 and encoding it again cost about 1 ms per request on a 74 KB form page:
// a single "✓" makes V8 decode every byte through its slow two-byte path (~80x the ASCII speed).
// latin1 maps bytes to characters and back unchanged, in V8's fast one-byte path. Every rewrite
// matches and inserts ASCII only (tags, attributes, base64 nonces), so the bytes of the text the
// page shows pass through untouched.

/** The document's bytes as a byte string. */
export const htmlByteString = (bytes: Buffer): string => bytes.toString("latin1");

/** A byte string back to the bytes it came from. */
export const htmlBytes = (byteString: string) => Buffer.from(byteString, "latin1");
