// Which compressed copy a client takes, read from its Accept-Encoding header with its q-values: the
// micro-cache's kept pages (decision 095) and the built assets' brotli copies (app/bin/precompress.mjs)
// both ask. The compression middleware negotiates for itself what it compresses per response.

/**
 * The encoding to send a precompressed or kept body in, for this Accept-Encoding header: "br" or
 * "gzip" when the client accepts it (q above 0, `*` included), the one it rates higher, brotli on a
 * tie; else undefined (the body as it is).
 * @param {string | string[] | undefined} header
 * @returns {"br" | "gzip" | undefined}
 */
export function preferredEncoding(header) {
  if (typeof header !== "string" || header === "") return undefined;
  /** @type {Record<string, number>} */
  const rated = {};
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (name) rated[name] = Number.isFinite(value) ? value : 0;
  }
  const rate = (name) => rated[name] ?? rated["*"] ?? 0;
  const br = rate("br");
  const gzip = rate("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : undefined;
}
