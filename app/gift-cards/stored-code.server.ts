// What the database keeps of a gift-card code (decision 045): never the code.
//   code_hash    HMAC-SHA-256 of the normalised code under the server secret:
//                every look-up by code goes through it, and it is unique
//   code_last4   its last four characters, for support and for "•••• NPQR"
//   code_sealed  the code encrypted (AES-256-GCM, a key derived from the same
//                secret, the hash as associated data) only until the card's
//                e-mail is written on its delivery day; then null
//   code_key_id  the id of the root secret the hash and seal were made under (decision 060): a
//                rotation keeps every card findable while the previous secret is set, and the
//                re-seal (app/security/rekey.server.ts) knows what is left under it; "legacy" for
//                a card stored before migration 034, under the raw secret as decision 045 did
// Pure functions of the secret: the app binds them to its key ring (./codes.server.ts), migrations
// and the test helpers to theirs.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from "node:crypto";
import {
  deriveKey,
  keyIdOf,
  LEGACY_KEY_ID,
  rootsOf,
  type KeyRing,
  type RootKey,
} from "~/security/keys.server";
import { derivedKey, keyedHash } from "~/security/token-hash.server";
import { CODE_ALPHABET, CODE_LENGTH, normaliseCode } from "./rules";

export type StoredCode = {
  codeHash: string;
  codeLast4: string;
  codeSealed: string | null;
  codeKeyId: string;
};

/** A new code: 16 symbols of a 32-symbol alphabet without look-alikes, from the CSPRNG (80 bits). */
export function newGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/** The look-up key of a code, typed in any case, with or without spaces or dashes: HMAC under the secret's gift-code key. */
export function giftCodeHash(secret: string, code: string): string {
  return createHmac("sha256", deriveKey(secret, "gift-code-hmac"))
    .update(normaliseCode(code))
    .digest("hex");
}

/** The look-up key of a code as stored before migration 034 (decision 045): HMAC under the raw secret. */
export function legacyGiftCodeHash(secret: string, code: string): string {
  return keyedHash(secret, "gift-code", normaliseCode(code));
}

/** The last four characters of a normalised code. */
export const lastFour = (code: string) => normaliseCode(code).slice(-4);

function seal(key: Buffer, code: string, hash: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(hash));
  const body = Buffer.concat([cipher.update(normaliseCode(code), "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

function open(key: Buffer, sealed: string, hash: string): string {
  const m = SEALED.exec(sealed);
  if (!m) throw new Error("not a sealed gift-card code");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(m[1], "base64url"));
  decipher.setAAD(Buffer.from(hash));
  decipher.setAuthTag(Buffer.from(m[3], "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(m[2], "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

export const sealGiftCode = (secret: string, code: string, hash: string) =>
  seal(deriveKey(secret, "gift-code-seal"), code, hash);

/** The code a sealed value holds; throws when it was sealed under another secret, for another hash, or altered. */
export const openGiftCode = (secret: string, sealed: string, hash: string) =>
  open(deriveKey(secret, "gift-code-seal"), sealed, hash);

/** Sealed as before migration 034 (decision 045). */
export const legacySealGiftCode = (secret: string, code: string, hash: string) =>
  seal(derivedKey(secret, "gift-code-seal"), code, hash);

/** One root secret's way of hashing and sealing codes, under its id. */
export type GiftCodeKey = {
  id: string;
  hash: (code: string) => string;
  seal: (code: string, hash: string) => string;
  open: (sealed: string, hash: string) => string;
};

export const giftCodeKeyOf = (root: RootKey): GiftCodeKey => ({
  id: root.id,
  hash: (code) => giftCodeHash(root.secret, code),
  seal: (code, hash) => sealGiftCode(root.secret, code, hash),
  open: (sealed, hash) => openGiftCode(root.secret, sealed, hash),
});

/** The legacy scheme under one raw secret: cards stored before migration 034. */
export const legacyGiftCodeKeyOf = (secret: string): GiftCodeKey => ({
  id: LEGACY_KEY_ID,
  hash: (code) => legacyGiftCodeHash(secret, code),
  seal: (code, hash) => legacySealGiftCode(secret, code, hash),
  open: (sealed, hash) => open(derivedKey(secret, "gift-code-seal"), sealed, hash),
});

/**
 * Every way a live card may be stored under a ring, the current secret's first (the one new cards
 * use): the current and previous secrets' keys, then the legacy scheme under each.
 */
export const giftCodeKeysOf = (ring: KeyRing): GiftCodeKey[] => [
  ...rootsOf(ring).map(giftCodeKeyOf),
  ...rootsOf(ring).map((r) => legacyGiftCodeKeyOf(r.secret)),
];

/** The columns of a new card under `key`: sealed until its e-mail is written (`sealed: false` for a card already sent). */
export function storedGiftCodeUnder(
  key: GiftCodeKey,
  code: string,
  { sealed = true }: { sealed?: boolean } = {},
): StoredCode {
  const codeHash = key.hash(code);
  return {
    codeHash,
    codeLast4: lastFour(code),
    codeSealed: sealed ? key.seal(code, codeHash) : null,
    codeKeyId: key.id,
  };
}

/** The columns of a new card under `secret` (test helpers, with the secret of their server). */
export const storedGiftCode = (secret: string, code: string, options?: { sealed?: boolean }) =>
  storedGiftCodeUnder(giftCodeKeyOf({ id: keyIdOf(secret), secret }), code, options);

/**
 * The code of a card's sealed copy, opened with the key its id names; throws when no key of
 * `keys` has that id (sealed under a secret that is neither SESSION_SECRET nor
 * SESSION_SECRET_PREVIOUS) or none of them opens it.
 */
export function openStoredCode(
  keys: GiftCodeKey[],
  card: { codeSealed: string; codeHash: string; codeKeyId: string },
): string {
  const candidates = keys.filter((k) => k.id === card.codeKeyId);
  for (const key of candidates) {
    try {
      return key.open(card.codeSealed, card.codeHash);
    } catch {
      // the legacy id names each raw secret of the ring: the next one may open it
    }
  }
  throw new Error(
    candidates.length === 0
      ? `gift-card code sealed under key ${card.codeKeyId}, which is neither SESSION_SECRET's nor SESSION_SECRET_PREVIOUS's`
      : `gift-card code sealed under key ${card.codeKeyId} does not open (altered, or sealed under another secret)`,
  );
}
