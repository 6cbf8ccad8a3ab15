// One key per purpose, derived with HKDF-SHA-256 from the root secret (SESSION_SECRET), and a key
// ring of the current root secret and, during a rotation, the previous one (SESSION_SECRET_PREVIOUS)
// (issue 44 item 5, decision 060). Signing and sealing always use the current secret's keys; checking
// a signature and opening sealed data also try the previous one. Data kept at rest under a key
// (gift codes, staff authenticator secrets) records the key's id, so it opens under the right key
// and a rotation can tell what is left to re-seal. No database import: migrations use it too.
import { hkdfSync, timingSafeEqual } from "node:crypto";

/** Every use of the root secret. Each gets its own key; none of them is the root secret itself. */
export type Purpose =
  | "cookie" // the signed cookies (createCookie's secrets): __session, __staff, __csrf, __device, next-box
  | "csrf" // the CSRF token's own signature, inside the __csrf cookie and the form's hidden field
  | "gift-code-hmac" // gift_cards.code_hash, the look-up key of a code (decision 045)
  | "gift-code-seal" // gift_cards.code_sealed, AES-256-GCM until the card's e-mail is written
  | "totp-seal" // users.totp_secret, AES-256-GCM
  | "recovery-code" // staff_recovery_codes.code_hash, HMAC
  | "gift-quote" // the gift-card checkout's signed quote (decision 036)
  | "gift-order" // the gift-card order cookie's MAC
  | "email-proof" // the e-mailed code's HMAC (email_proofs.code_hash, minutes)
  | "checkout-session" // the session id a checkout signs its new customer into
  | "page-nonce"; // the cached pages' nonces

const SALT = Buffer.from("paddock-tide/keys", "utf8");

/** The 32-byte key of `purpose` under `secret`: HKDF-SHA-256 (RFC 5869), the purpose in `info`. */
export function deriveKey(secret: string, purpose: Purpose): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, `paddock-tide:${purpose}:v1`, 32));
}

/**
 * The id of a root secret, recorded beside what was sealed or hashed under it: "k" and 12 hex
 * digits of its own HKDF output (so it reveals nothing usable about the secret, and the same
 * secret has the same id on every server, with no numbering to keep).
 */
export function keyIdOf(secret: string): string {
  return `k${Buffer.from(hkdfSync("sha256", secret, SALT, "paddock-tide:key-id:v1", 6)).toString("hex")}`;
}

/**
 * The id of data written before migration 034 (decision 060): hashed or sealed as the app did
 * until then, under the raw root secret (whichever of the ring's it was).
 */
export const LEGACY_KEY_ID = "legacy";

export type RootKey = { id: string; secret: string };
export type KeyRing = { current: RootKey; previous: RootKey | null };

/** The ring of `current` and, during a rotation, `previous` (ignored when it is the same secret). */
export function keyRingOf(current: string, previous?: string | null): KeyRing {
  return {
    current: { id: keyIdOf(current), secret: current },
    previous: previous && previous !== current ? { id: keyIdOf(previous), secret: previous } : null,
  };
}

/** The ring's root keys, current first. */
export const rootsOf = (ring: KeyRing): RootKey[] =>
  ring.previous ? [ring.current, ring.previous] : [ring.current];

/** The key of `purpose` under the current secret: the one that signs and seals. */
export const currentKey = (ring: KeyRing, purpose: Purpose): Buffer =>
  deriveKey(ring.current.secret, purpose);

/** The keys of `purpose` a signature may have been made with, current first, with their ids. */
export const liveKeys = (ring: KeyRing, purpose: Purpose): { id: string; key: Buffer }[] =>
  rootsOf(ring).map((r) => ({ id: r.id, key: deriveKey(r.secret, purpose) }));

/**
 * createCookie's `secrets`: the first signs, every one verifies. The current and previous secrets'
 * cookie keys, then the raw secrets themselves, which signed every cookie before this change, so
 * the upgrade signs nobody out (verify only: nothing is signed with a raw secret any more).
 */
export const cookieSecrets = (ring: KeyRing): string[] => [
  ...liveKeys(ring, "cookie").map((k) => k.key.toString("hex")),
  ...rootsOf(ring).map((r) => r.secret),
];

/** Whether `id` names a key this ring can open: the current or previous secret, or legacy data. */
export const isLiveKeyId = (ring: KeyRing, id: string): boolean =>
  id === LEGACY_KEY_ID || rootsOf(ring).some((r) => r.id === id);

/**
 * Whether `given` is what `expected` computes under a live key of `purpose` (the current secret's,
 * or the previous one's during a rotation), compared in constant time.
 */
export function matchesUnderLiveKey(
  ring: KeyRing,
  purpose: Purpose,
  given: string,
  expected: (key: Buffer) => string,
): boolean {
  const g = Buffer.from(given);
  return liveKeys(ring, purpose).some(({ key }) => {
    const e = Buffer.from(expected(key));
    return e.length === g.length && timingSafeEqual(e, g);
  });
}
