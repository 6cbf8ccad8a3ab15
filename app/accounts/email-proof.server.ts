// Proving an e-mail before a box order is tied to its account (issue 33 item 8,
// decision 039). A 6-digit code goes to the account's e-mail for one browser
// session; only an HMAC of it (server secret, user and session mixed in) is
// stored, it expires after PROOF_MINUTES and allows PROOF_MAX_ATTEMPTS tries.
// The right code marks the session as proved for that account: checkout may
// then place the order on it (and, as for any new customer, sign the shopper
// in afterwards). Signing in with the password proves it too.
import { createHmac, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB, User } from "~/db/schema";
import { sendEmail } from "~/email/mailer.server";
import { emailProofEmail } from "~/email/templates/email-proof";
import { consume } from "~/security/rate-limit.server";
import { currentKey, matchesUnderLiveKey } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { accountHasHistory } from "./account-history.server";

export const PROOF_MINUTES = 20;
export const PROOF_MAX_ATTEMPTS = 5;
/** codes sent to one account per hour, whoever asks (a stranger can make us mail the owner, but not flood them) */
export const PROOF_SENDS_PER_HOUR = 5;
/** the window of that limit (the longest any rate limit counts over: the cleanup job keeps hits this long) */
export const PROOF_SENDS_WINDOW_MINUTES = 60;
/** how long a proved session may still order on the account */
const PROVED_FOR_HOURS = 24;

export type ProofFailure = "wrong" | "expired" | "too-many" | "none";
export type VerifyResult = { ok: true } | { ok: false; reason: ProofFailure };

export const PROOF_MESSAGES: Record<ProofFailure, string> = {
  wrong: "That code isn't right. Check the latest e-mail from us and try again.",
  expired: "That code has expired. Press “Send a new code” and we'll e-mail you another.",
  "too-many":
    "That code was entered wrongly too many times. Press “Send a new code” and we'll e-mail you another.",
  none: "Press “Send a new code” and we'll e-mail you a code.",
};

const hashUnder = (key: Buffer, userId: number, sessionId: string, code: string) =>
  createHmac("sha256", key).update(`${userId}:${sessionId}:${code}`).digest("hex");
const hashOf = (userId: number, sessionId: string, code: string) =>
  hashUnder(currentKey(keyRing, "email-proof"), userId, sessionId, code);

type Account = Pick<User, "id" | "email" | "firstName" | "passwordHash" | "disabledAt">;

/**
 * The account a visitor's e-mail names, when the visitor must prove it before
 * ordering on it: it has no password (one with a password asks to sign in) but
 * has history, and this session has not proved it yet. Null otherwise.
 */
export async function accountToProve(
  sessionId: string | null,
  account: Account | null,
  now = new Date(),
  executor: Kysely<DB> = db,
): Promise<Account | null> {
  // a disabled account is never proved (no code is sent): checkout refuses it outright (decision 062)
  if (!account || account.passwordHash || account.disabledAt) return null;
  if (!(await accountHasHistory(account.id, executor))) return null;
  if (sessionId && (await hasProvedEmail(sessionId, account.id, now, executor))) return null;
  return account;
}

export async function hasProvedEmail(
  sessionId: string,
  userId: number,
  now = new Date(),
  executor: Kysely<DB> = db,
): Promise<boolean> {
  const since = new Date(now.getTime() - PROVED_FOR_HOURS * 3600_000).toISOString();
  const row = await executor
    .selectFrom("emailProofs")
    .select("id")
    .where("sessionId", "=", sessionId)
    .where("userId", "=", userId)
    .where("provedAt", "is not", null)
    .where("provedAt", ">", since)
    .executeTakeFirst();
  return Boolean(row);
}

/** The session's newest code for the account that can still be used, or null. */
export async function liveEmailProof(sessionId: string, userId: number, now = new Date()) {
  const row = await latest(sessionId, userId);
  return row &&
    !row.provedAt &&
    row.expiresAt > now.toISOString() &&
    row.attempts < PROOF_MAX_ATTEMPTS
    ? row
    : null;
}

function latest(sessionId: string, userId: number) {
  return db
    .selectFrom("emailProofs")
    .select(["id", "codeHash", "expiresAt", "attempts", "provedAt"])
    .where("sessionId", "=", sessionId)
    .where("userId", "=", userId)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * E-mails a new code to the account for this session (an older one stops
 * working). Throws RateLimitedError past PROOF_SENDS_PER_HOUR for the account.
 */
export async function sendEmailProof({
  account,
  sessionId,
  now = new Date(),
}: {
  account: Account;
  sessionId: string;
  now?: Date;
}): Promise<void> {
  await consume(
    [
      {
        key: `email-proof:user:${account.id}`,
        max: PROOF_SENDS_PER_HOUR,
        windowMinutes: PROOF_SENDS_WINDOW_MINUTES,
      },
    ],
    now,
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("emailProofs")
      .set({ expiresAt: stamp })
      .where("sessionId", "=", sessionId)
      .where("userId", "=", account.id)
      .where("provedAt", "is", null)
      .where("expiresAt", ">", stamp)
      .execute();
    await trx
      .insertInto("emailProofs")
      .values({
        userId: account.id,
        sessionId,
        codeHash: hashOf(account.id, sessionId, code),
        expiresAt: new Date(now.getTime() + PROOF_MINUTES * 60_000).toISOString(),
        provedAt: null,
        createdAt: stamp,
      })
      .execute();
  });
  await sendEmail(emailProofEmail, account.email, {
    firstName: account.firstName,
    code,
    expiresInMinutes: PROOF_MINUTES,
  });
}

/**
 * Checks a typed code against the session's newest code for the account. Each
 * try is counted first by a conditional update, so concurrent guesses together
 * get at most PROOF_MAX_ATTEMPTS.
 */
export async function verifyEmailProof({
  userId,
  sessionId,
  code,
  now = new Date(),
}: {
  userId: number;
  sessionId: string;
  code: string;
  now?: Date;
}): Promise<VerifyResult> {
  const row = await latest(sessionId, userId);
  if (!row) return { ok: false, reason: "none" };
  if (row.provedAt) return { ok: true };
  if (row.expiresAt <= now.toISOString()) return { ok: false, reason: "expired" };
  const counted = await db
    .updateTable("emailProofs")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .where("provedAt", "is", null)
    .where("attempts", "<", PROOF_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return { ok: false, reason: "too-many" };
  // a code mailed just before a key rotation still proves (the previous key)
  if (
    !matchesUnderLiveKey(keyRing, "email-proof", row.codeHash, (key) =>
      hashUnder(key, userId, sessionId, code),
    )
  )
    return { ok: false, reason: "wrong" };
  await db
    .updateTable("emailProofs")
    .set({ provedAt: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
  return { ok: true };
}
