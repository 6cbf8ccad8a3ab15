// Staff authenticator (TOTP) secrets are kept sealed (decision 060): AES-256-GCM under the
// "totp-seal" key of the root secret, whose id the sealed value carries, so a copy of the
// database is not a copy of every member of staff's second factor, and a key rotation loses none:
// a secret sealed under SESSION_SECRET_PREVIOUS still opens, and the re-seal
// (app/security/rekey.server.ts) moves it to the current key.
//   t1.<key id>.<iv>.<ciphertext>.<tag>      (base64url; the key id is also the associated data)
// A plain base32 secret (stored before migration 034, or by a test fixture) is still read as it
// is; migration 034 and the re-seal seal every one they find. No database import: migration 034
// uses it with the secret it has.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import {
  deriveKey,
  LEGACY_KEY_ID,
  rootsOf,
  type KeyRing,
  type RootKey,
} from "~/security/keys.server";

const SEALED = /^t1\.(k[0-9a-f]{12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;
const PLAIN = /^[A-Z2-7]+=*$/;

/** `base32` sealed under `root`'s TOTP key. */
export function sealTotpSecret(root: RootKey, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(root.secret, "totp-seal"), iv);
  cipher.setAAD(Buffer.from(root.id));
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `t1.${root.id}.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

/** The id of the key a stored secret is sealed under; LEGACY_KEY_ID for a plain one. */
export function totpKeyIdOf(stored: string): string {
  const m = SEALED.exec(stored);
  if (m) return m[1];
  if (PLAIN.test(stored)) return LEGACY_KEY_ID;
  throw new Error("not a TOTP secret");
}

/**
 * The base32 secret of a stored value. Throws when it is sealed under a key that is neither
 * SESSION_SECRET's nor SESSION_SECRET_PREVIOUS's, or altered.
 */
export function openTotpSecret(ring: KeyRing, stored: string): string {
  const m = SEALED.exec(stored);
  if (!m) {
    if (PLAIN.test(stored)) return stored;
    throw new Error("not a TOTP secret");
  }
  const root = rootsOf(ring).find((r) => r.id === m[1]);
  if (!root)
    throw new Error(
      `TOTP secret sealed under key ${m[1]}, which is neither SESSION_SECRET's nor SESSION_SECRET_PREVIOUS's`,
    );
  const decipher = createDecipheriv(
    "aes-256-gcm",
    deriveKey(root.secret, "totp-seal"),
    Buffer.from(m[2], "base64url"),
  );
  decipher.setAAD(Buffer.from(root.id));
  decipher.setAuthTag(Buffer.from(m[4], "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(m[3], "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
