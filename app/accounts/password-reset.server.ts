// Forgot and reset password. Tokens are random, stored only as a sha256 hash,
// expire after 60 minutes and work once. Asking for a reset never reveals
// whether an account exists.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { sendEmail } from "~/email/mailer.server";
import { passwordResetEmail } from "~/email/templates/password-reset";
import { accountLimits, consume } from "~/security/rate-limit.server";
import { hashToken } from "~/security/token-hash.server";
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

/**
 * Rate-limited (every request counts, per e-mail and per IP). When the e-mail
 * has an account (with or without a password) a reset e-mail goes out; either
 * way the caller shows the same message.
 */
export async function requestPasswordReset({ email, ip, origin }: { email: string; ip: string; origin: string }): Promise<void> {
  await consume(accountLimits("forgot-password", email, ip));
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = await createResetToken(user.id);
  await sendEmail(passwordResetEmail, user.email, {
    firstName: user.firstName,
    resetUrl: resetUrl(origin, token, user.email),
    expiresInMinutes: RESET_TOKEN_MINUTES,
  });
}

/**
 * Sets a new password when the token belongs to the e-mail's user, is unused
 * and unexpired. Uses the token (a conditional update, so two tabs cannot both
 * use it), retires the user's other open tokens and ends all their sessions
 * except `keepSessionId`. Throws InvalidResetTokenError otherwise.
 */
export async function resetPassword({
  token, email, password, keepSessionId, now = new Date(),
}: { token: string; email: string; password: string; keepSessionId?: string; now?: Date }): Promise<{ userId: number }> {
  const row = await db
    .selectFrom("passwordResets")
    .innerJoin("users", "users.id", "passwordResets.userId")
    .select(["passwordResets.id as id", "passwordResets.expiresAt as expiresAt", "passwordResets.usedAt as usedAt", "users.id as userId", "users.email as email"])
    .where("passwordResets.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.usedAt || row.expiresAt <= now.toISOString() || row.email !== email.trim().toLowerCase()) {
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
    await trx.updateTable("users").set({ passwordHash, updatedAt: stamp }).where("id", "=", row.userId).execute();
    await trx
      .updateTable("passwordResets")
      .set({ usedAt: stamp })
      .where("userId", "=", row.userId)
      .where("usedAt", "is", null)
      .execute();
  });
  await endOtherSessions(row.userId, keepSessionId);
  return { userId: row.userId };
}
