import { randomFillSync } from "node:crypto";
import { isProduction } from "~/env.server";

const NONCE_BYTES = 16;
// Random bytes drawn 4 KB at a time, each 16-byte slice used for one nonce only: the same
// CSPRNG bytes as randomBytes(16), without its system call on every page (5.8 µs a nonce here,
// 0.12 µs from the pool; docs/performance.md, 2026-12-02). Node's randomUUID buffers the same way.
let pool = Buffer.alloc(0);
let next = 0;

/** A CSP nonce: 16 random bytes in base64, a new one for each response. */
export function createNonce() {
  if (next + NONCE_BYTES > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(256 * NONCE_BYTES));
    next = 0;
  }
  const nonce = pool.toString("base64", next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}

/** Referrer policies that send less than the default; a route's own one of these is kept. */
const STRICTER_REFERRER_POLICIES = new Set(["no-referrer", "same-origin", "strict-origin"]);

/**
 * Security headers for every HTML and data response. `base-uri 'none'`: the
 * app never uses <base>, so an injected one cannot re-point relative script
 * and form URLs. HSTS only in production, where the shop is served over HTTPS.
 */
export function applySecurityHeaders(headers: Headers, nonce?: string, production = isProduction) {
  const scriptSrc = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const connectSrc = production ? "'self'" : "'self' ws://localhost:* ws://127.0.0.1:*";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src ${connectSrc}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  // a route may ask to send less (the one-tap page's token is in its address: same-origin), never more
  if (!STRICTER_REFERRER_POLICIES.has(headers.get("Referrer-Policy") ?? ""))
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
