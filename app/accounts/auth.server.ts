// Credential checks for sign-in. Every failure looks the same to the caller
// (InvalidCredentialsError), whether the e-mail is unknown, the account has
// no password yet, or the password is wrong.
import { db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { accountLimits, assertUnderLimits, recordHits } from "~/security/rate-limit.server";
import { hashPassword, verifyPassword } from "./password.server";

export const SIGN_IN_FAILED_MESSAGE = "Password or username is incorrect";

export class InvalidCredentialsError extends Error {
  constructor() {
    super(SIGN_IN_FAILED_MESSAGE);
    this.name = "InvalidCredentialsError";
  }
}

// A real hash to compare against when there is no user, so a missing account
// costs the same scrypt time as a wrong password.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword("not-a-real-password-for-timing-only"));

export async function findUserByEmail(email: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * Verifies e-mail and password, rate-limited per e-mail and per client IP
 * (failed attempts count). Throws RateLimitedError when a limit is used up
 * (even for the right password), InvalidCredentialsError on any mismatch.
 */
export async function verifyCredentials({ email, password, ip }: { email: string; password: string; ip: string }): Promise<User> {
  const limits = accountLimits("sign-in", email, ip);
  await assertUnderLimits(limits);
  const user = await findUserByEmail(email);
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await getDummyHash()), false);
  if (!user || !ok) {
    await recordHits(limits.map((l) => l.key));
    throw new InvalidCredentialsError();
  }
  return user;
}
