// Brotli copies of the fingerprinted build assets (`x.js` → `x.js.br`), made
// once at start by the primary process at the highest quality: about a sixth
// smaller than gzip for a slow phone, and no per-request compression work.
// The server sends them to browsers that accept br (app/bin/server.mjs).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { rootLogger } from "../log/logger.mjs";
import { preferredEncoding } from "./accept-encoding.mjs";

const COMPRESSIBLE = /\.(js|css)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes missing or stale `.br` files; returns how many were written. A read-only disk only loses the optimisation. */
export function precompress(dir) {
  let written = 0;
  if (!fs.existsSync(dir)) return written;
  try {
    for (const file of files(dir)) {
      const target = `${file}.br`;
      const source = fs.statSync(file);
      if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= source.mtimeMs) continue;
      const body = zlib.brotliCompressSync(fs.readFileSync(file), {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.size,
        },
      });
      fs.writeFileSync(`${target}.tmp-${process.pid}`, body);
      fs.renameSync(`${target}.tmp-${process.pid}`, target);
      written++;
    }
  } catch (error) {
    rootLogger().warn({ type: "precompress" }, error.message);
  }
  return written;
}

const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };

/** Express middleware for `dir` (mounted at the assets' public path): the `.br` copy when the browser takes br. */
export function brotliAssets(dir, headers) {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !COMPRESSIBLE.test(req.path))
      return next();
    // "br;q=0" refuses brotli: the compression middleware then sends gzip
    if (preferredEncoding(req.headers["accept-encoding"]) !== "br") return next();
    const file = path.join(dir, path.normalize(req.path));
    if (!file.startsWith(dir + path.sep)) return next();
    fs.stat(`${file}.br`, (error, stat) => {
      if (error || !stat.isFile()) return next();
      res.setHeader("Content-Type", TYPES[path.extname(file)] ?? "application/octet-stream");
      res.setHeader("Content-Encoding", "br");
      res.setHeader("Vary", "Accept-Encoding");
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      // dotfiles allowed: BUILD_NAME builds live under .builds/ (the path is already confined to `dir`)
      res.sendFile(
        `${file}.br`,
        {
          etag: false,
          lastModified: false,
          acceptRanges: false,
          cacheControl: false,
          dotfiles: "allow",
        },
        (sendError) => {
          if (!sendError || res.headersSent) return;
          for (const name of ["Content-Type", "Content-Encoding", ...Object.keys(headers)])
            res.removeHeader(name);
          next();
        },
      );
    });
  };
}
