// Forgot and reset password. Tokens are random, stored only as a sha256 hash,
// expire after 60 minutes and work once; any change of the password retires
// the account's open ones. Asking for a reset never reveals whether an account
// exists: the same answer, in about the same time (the mail leaves after it).
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { sendEmail } from "~/email/mailer.server";
import { passwordResetEmail } from "~/email/templates/password-reset";
import { RATE_LIMIT, RateLimitedError, consume } from "~/security/rate-limit.server";
import { hashToken } from "~/security/token-hash.server";
import { waitText } from "~/utils/wait-text";
import { findUserByEmail } from "./auth.server";
import { hashPassword } from "./password.server";
import { endOtherSessions } from "./session.server";

export const RESET_TOKEN_MINUTES = 60;
export const RESET_FAILED_MESSAGE = "Password is incorrect";

export class InvalidResetTokenError extends Error {
  constructor() {
    super(RESET_FAILED_MESSAGE);
    this.name = "InvalidResetTokenError";
  }
}

export { hashToken };

export function resetUrl(origin: string, token: string, email: string): string {
  const url = new URL("/reset-password", origin);
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  return url.toString();
}

/** Creates a reset token for the user and returns the raw token (only ever sent by e-mail). */
export async function createResetToken(userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("passwordResets")
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      usedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/** Reset requests (so mails) per e-mail address in the window: enough for a lost mail or two, too few to flood an inbox. */
export const RESET_MAILS_PER_EMAIL = 3;

/** Past the per-e-mail cap: the links already sent still work, so say so (the same words whether or not there is an account). */
export function resetMailsCappedMessage(retryAfterSeconds: number) {
  return (
    `We have already sent ${RESET_MAILS_PER_EMAIL} reset links to that address in the last ${RATE_LIMIT.windowMinutes} minutes, if it has an account. ` +
    `Each works for ${RESET_TOKEN_MINUTES} minutes: use the newest one, or ask again in ${waitText(retryAfterSeconds)}.`
  );
}

/**
 * Rate-limited on its own budget, not sign-in's: per client address, and per
 * e-mail address at RESET_MAILS_PER_EMAIL (every request counts, whether or not
 * the account exists; past it, RateLimitedError with resetMailsCappedMessage).
 * When the e-mail has an account (with or without a password) a reset e-mail is
 * queued and relayed after the answer (sendEmail), so a slow or failing mail
 * server changes neither the answer nor its time.
 */
export async function requestPasswordReset({
  email,
  ip,
  origin,
  now = new Date(),
}: {
  email: string;
  ip: string;
  origin: string;
  now?: Date;
}): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const perEmail = `forgot-password:email:${normalised}`;
  await consume(
    [
      { key: `forgot-password:ip:${ip}`, max: RATE_LIMIT.ipMax },
      { key: perEmail, max: RESET_MAILS_PER_EMAIL },
    ],
    now,
  ).catch((error) => {
    if (error instanceof RateLimitedError && error.key === perEmail) {
      throw new RateLimitedError(
        error.key,
        error.retryAfterSeconds,
        resetMailsCappedMessage(error.retryAfterSeconds),
      );
    }
    throw error;
  });
  const user = await findUserByEmail(normalised);
  // a disabled account gets no link, with the same answer as an unknown address (decision 062)
  if (!user || user.disabledAt) return;
  const token = await createResetToken(user.id, now);
  await sendEmail(passwordResetEmail, user.email, {
    firstName: user.firstName,
    resetUrl: resetUrl(origin, token, user.email),
    expiresInMinutes: RESET_TOKEN_MINUTES,
  });
}

/**
 * Retires every open reset token of the user: a link sent before a password
 * change must not change it again. Every place that sets a password calls it,
 * in the transaction that sets it.
 */
export async function retireResetTokens(
  executor: Kysely<DB>,
  userId: number,
  now = new Date(),
): Promise<void> {
  await executor
    .updateTable("passwordResets")
    .set({ usedAt: now.toISOString() })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .execute();
}

/**
 * A new password ends the member of staff's back-office sessions too (issue 44), in the transaction
 * that sets it: whoever signed in with the old one is out. (The same as endStaffSessionsOf in
 * app/staff/staff-session.server.ts, which this module cannot import without a cycle.)
 */
export async function endStaffSessions(executor: Kysely<DB>, userId: number): Promise<void> {
  await executor.deleteFrom("staffSessions").where("userId", "=", userId).execute();
}

/**
 * Sets a new password when the token belongs to the e-mail's user, is unused
 * and unexpired. Uses the token (a conditional update, so two tabs cannot both
 * use it), retires the user's other open tokens and ends all their sessions
 * except `keepSessionId`, and all their staff sessions. Throws InvalidResetTokenError otherwise.
 */
export async function resetPassword({
  token,
  email,
  password,
  keepSessionId,
  now = new Date(),
}: {
  token: string;
  email: string;
  password: string;
  keepSessionId?: string;
  now?: Date;
}): Promise<{ userId: number }> {
  const row = await db
    .selectFrom("passwordResets")
    .innerJoin("users", "users.id", "passwordResets.userId")
    .select([
      "passwordResets.id as id",
      "passwordResets.expiresAt as expiresAt",
      "passwordResets.usedAt as usedAt",
      "users.id as userId",
      "users.email as email",
      "users.disabledAt as disabledAt",
    ])
    .where("passwordResets.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  if (
    !row ||
    row.usedAt ||
    row.disabledAt ||
    row.expiresAt <= now.toISOString() ||
    row.email !== email.trim().toLowerCase()
  ) {
    throw new InvalidResetTokenError();
  }
  const passwordHash = await hashPassword(password);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("passwordResets")
      .set({ usedAt: stamp })
      .where("id", "=", row.id)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new InvalidResetTokenError();
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: stamp })
      .where("id", "=", row.userId)
      .execute();
    await retireResetTokens(trx, row.userId, now);
    await endStaffSessions(trx, row.userId);
  });
  await endOtherSessions(row.userId, keepSessionId);
  return { userId: row.userId };
}
