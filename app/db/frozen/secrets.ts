// What migrations 020 and 034 need of the app's secrets, frozen as they were when those migrations
// were written: a migration is history, so a later change to the app's key derivation, gift-code
// format or TOTP sealing must not change what an old migration writes. Only node:crypto and Kysely.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";

const META_KEY = "dev_session_secret";

/**
 * The secret the app uses with this database: SESSION_SECRET, or (outside production) the one
 * generated once and kept in its meta table, made here if there is none yet.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration's Kysely<any>
export async function sessionSecretOf(db: Kysely<any>): Promise<string> {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (process.env.APP_ENV === "production")
    throw new Error("SESSION_SECRET is required in production");
  const read = () =>
    db.selectFrom("meta").select("value").where("key", "=", META_KEY).executeTakeFirst() as Promise<
      { value: string } | undefined
    >;
  const row = await read();
  if (row) return row.value;
  await db
    .insertInto("meta")
    .values({ key: META_KEY, value: randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await read())!.value;
}

// --- gift-card codes before keys per purpose (decision 045): under the raw secret -------------

const normaliseCode = (raw: string) => raw.toUpperCase().replace(/[\s\-_.]/g, "");

/** The last four characters of a normalised code. */
export const lastFour = (code: string) => normaliseCode(code).slice(-4);

/** A code's look-up hash as migration 020 wrote it. */
export const legacyGiftCodeHash = (secret: string, code: string) =>
  createHmac("sha256", secret)
    .update(`gift-code:${normaliseCode(code)}`)
    .digest("hex");

/** A code sealed as migration 020 wrote it, for a card whose e-mail was not written yet. */
export function legacySealGiftCode(secret: string, code: string, hash: string): string {
  const key = createHmac("sha256", secret).update("key:gift-code-seal").digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(hash));
  const body = Buffer.concat([cipher.update(normaliseCode(code), "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

// --- keys per purpose and sealed TOTP secrets, as of migration 034 (decision 060) -------------

export const LEGACY_KEY_ID = "legacy";
const SALT = Buffer.from("paddock-tide/keys", "utf8");
const totpKey = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, SALT, "paddock-tide:totp-seal:v1", 32));
export const keyIdOf = (secret: string) =>
  `k${Buffer.from(hkdfSync("sha256", secret, SALT, "paddock-tide:key-id:v1", 6)).toString("hex")}`;

const SEALED = /^t1\.(k[0-9a-f]{12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;
const PLAIN = /^[A-Z2-7]+=*$/;

/** Whether a stored TOTP secret is still plain base32. */
export const isPlainTotpSecret = (stored: string) => !SEALED.test(stored) && PLAIN.test(stored);

/** A base32 TOTP secret sealed under `secret`'s TOTP key, its key id inside. */
export function sealTotpSecret(secret: string, base32: string): string {
  const id = keyIdOf(secret);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", totpKey(secret), iv);
  cipher.setAAD(Buffer.from(id));
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `t1.${id}.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

/** A stored TOTP secret's base32, plain or sealed under one of `secrets`. */
export function openTotpSecret(secrets: string[], stored: string): string {
  const m = SEALED.exec(stored);
  if (!m) {
    if (PLAIN.test(stored)) return stored;
    throw new Error("not a TOTP secret");
  }
  const secret = secrets.find((s) => keyIdOf(s) === m[1]);
  if (!secret) throw new Error(`TOTP secret sealed under key ${m[1]}, which no secret given opens`);
  const decipher = createDecipheriv("aes-256-gcm", totpKey(secret), Buffer.from(m[2], "base64url"));
  decipher.setAAD(Buffer.from(m[1]));
  decipher.setAuthTag(Buffer.from(m[4], "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(m[3], "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
