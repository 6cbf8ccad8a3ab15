// What the database keeps of a gift-card code (decision 045): never the code.
//   code_hash    HMAC-SHA-256 of the normalised code under the server secret:
//                every look-up by code goes through it, and it is unique
//   code_last4   its last four characters, for support and for "•••• NPQR"
//   code_sealed  the code encrypted (AES-256-GCM, a key derived from the same
//                secret, the hash as associated data) only until the card's
//                e-mail is written on its delivery day; then null
// Pure functions of the secret: the app binds them to its session secret
// (./codes.server.ts), migration 020 and the test helpers to theirs.
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from "node:crypto";
import { derivedKey, keyedHash } from "~/security/token-hash.server";
import { CODE_ALPHABET, CODE_LENGTH, normaliseCode } from "./rules";

export type StoredCode = { codeHash: string; codeLast4: string; codeSealed: string | null };

/** A new code: 16 symbols of a 32-symbol alphabet without look-alikes, from the CSPRNG (80 bits). */
export function newGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/** The look-up key of a code, typed in any case, with or without spaces or dashes. */
export function giftCodeHash(secret: string, code: string): string {
  return keyedHash(secret, "gift-code", normaliseCode(code));
}

/** The last four characters of a normalised code. */
export const lastFour = (code: string) => normaliseCode(code).slice(-4);

export function sealGiftCode(secret: string, code: string, hash: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(secret, "gift-code-seal"), iv);
  cipher.setAAD(Buffer.from(hash));
  const body = Buffer.concat([cipher.update(normaliseCode(code), "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

/** The code a sealed value holds; throws when it was sealed under another secret, for another hash, or altered. */
export function openGiftCode(secret: string, sealed: string, hash: string): string {
  const m = SEALED.exec(sealed);
  if (!m) throw new Error("not a sealed gift-card code");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    derivedKey(secret, "gift-code-seal"),
    Buffer.from(m[1], "base64url"),
  );
  decipher.setAAD(Buffer.from(hash));
  decipher.setAuthTag(Buffer.from(m[3], "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(m[2], "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

/** The columns of a new card: sealed until its e-mail is written (`sealed: false` for a card already sent). */
export function storedGiftCode(
  secret: string,
  code: string,
  { sealed = true }: { sealed?: boolean } = {},
): StoredCode {
  const codeHash = giftCodeHash(secret, code);
  return {
    codeHash,
    codeLast4: lastFour(code),
    codeSealed: sealed ? sealGiftCode(secret, code, codeHash) : null,
  };
}
