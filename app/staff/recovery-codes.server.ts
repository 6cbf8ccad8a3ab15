// Recovery codes (issue 44, decision 064): 10 one-time codes made at each enrolment of an
// authenticator, shown once, kept only as keyed hashes. One stands in for the authenticator code at
// sign-in, once: its use is a conditional update, so two presses of the same code accept one.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { currentKey, liveKeys } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { derivedKey } from "~/security/token-hash.server";
import {
  normaliseRecoveryCode,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
} from "./recovery-code-format";

export { normaliseRecoveryCode };

type Executor = Kysely<DB> | Transaction<DB>;

export { RECOVERY_CODE_COUNT };

/** "k7m2-qx4p": 8 characters of a 32-letter alphabet (40 random bits), in two groups. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(8);
  let code = "";
  for (const b of bytes) code += RECOVERY_ALPHABET[b & 31];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The stored form: HMAC under the recovery-code key (decision 060), so a copy of the table cannot be
 * tried offline. Made under the current key; during a rotation a code made under the previous one
 * still matches. Once the previous secret is dropped, its codes no longer do: the member makes a new
 * set (a code cannot be re-hashed without its clear text).
 */
const hashUnder = (key: Buffer, code: string) =>
  createHmac("sha256", key)
    .update(normaliseRecoveryCode(code) ?? code)
    .digest("hex");
export const recoveryCodeHash = (code: string) =>
  hashUnder(currentKey(keyRing, "recovery-code"), code);
const liveRecoveryCodeHashes = (code: string) =>
  liveKeys(keyRing, "recovery-code").map(({ key }) => hashUnder(key, code));

/** Replaces the member's codes with 10 new ones; answers them (the only time they exist in clear). */
export async function replaceRecoveryCodes(
  executor: Executor,
  userId: number,
  now = new Date(),
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executor.deleteFrom("staffRecoveryCodes").where("userId", "=", userId).execute();
  await executor
    .insertInto("staffRecoveryCodes")
    .values(
      codes.map((code) => ({
        userId,
        codeHash: recoveryCodeHash(code),
        usedAt: null,
        createdAt: now.toISOString(),
      })),
    )
    .execute();
  return codes;
}

export async function deleteRecoveryCodes(executor: Executor, userId: number): Promise<void> {
  await executor.deleteFrom("staffRecoveryCodes").where("userId", "=", userId).execute();
}

/** Uses one code of the member: true once per code, false for a wrong, used or another's code. */
export async function spendRecoveryCode(
  executor: Executor,
  userId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!normalised) return false;
  const used = await executor
    .updateTable("staffRecoveryCodes")
    .set({ usedAt: now.toISOString() })
    .where("userId", "=", userId)
    .where("codeHash", "in", liveRecoveryCodeHashes(normalised))
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** How many unused codes each of `userIds` has left. */
export async function recoveryCodesLeft(
  executor: Executor,
  userIds: number[],
): Promise<Map<number, number>> {
  const left = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return left;
  const rows = await executor
    .selectFrom("staffRecoveryCodes")
    .select(["userId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("userId", "in", userIds)
    .where("usedAt", "is", null)
    .groupBy("userId")
    .execute();
  for (const r of rows) left.set(r.userId, Number(r.n));
  return left;
}

/**
 * The codes to show once, sealed under the staff session's own cookie token: the database holds only
 * the token's hash, so the sealed codes in staff_sessions are no use to a copy of the database.
 */
export function sealReveal(token: string, codes: string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(token, "staff-recovery-reveal"), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(codes), "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function openReveal(token: string, sealed: string): string[] | null {
  try {
    const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
    const decipher = createDecipheriv(
      "aes-256-gcm",
      derivedKey(token, "staff-recovery-reveal"),
      iv,
    );
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    const codes: unknown = JSON.parse(text);
    return Array.isArray(codes) && codes.every((c) => typeof c === "string") ? codes : null;
  } catch {
    return null;
  }
}
