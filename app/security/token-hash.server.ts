// How a secret the shop hands out is kept, so that a copy of the database is
// not a copy of the secrets. No database import: migrations and test helpers
// use it with the secret they have.
import { createHash, createHmac } from "node:crypto";

/**
 * SHA-256 of a random token of 192 bits or more (reset and one-tap links): with that many bits
 * nobody can find the token from its hash, so no key is needed.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * HMAC-SHA-256 under a server secret, for one purpose: whoever holds the hash but not the secret
 * cannot even test a guess against it (gift-card codes, decision 045).
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("hex");
}

/** A 32-byte key for one purpose, derived from a server secret (so each use has its own key). */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`key:${purpose}`).digest();
}
