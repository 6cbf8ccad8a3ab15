// Credential checks for sign-in. Every failure looks the same to the caller
// (InvalidCredentialsError), whether the e-mail is unknown, the account has
// no password yet, or the password is wrong.
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { User } from "~/db/schema";
import type { KnownDevice } from "./known-device.server";
import { hashPassword, verifyPassword } from "./password.server";
import { admitSignIn } from "./sign-in-limits.server";

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

/** The account of an e-mail exactly as given (a prepared query: the checkout reads it on every view). */
export const usersOfEmail = preparedQuery(
  () => db,
  (q, email: string) => q.selectFrom("users").selectAll().where("email", "=", email),
);

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const [user] = await usersOfEmail(email.trim().toLowerCase());
  return user;
}

/**
 * Verifies e-mail and password within the sign-in limits (sign-in-limits.server.ts):
 * the try is counted before the password is hashed. Throws RateLimitedError
 * when the try must wait (its message says how long), InvalidCredentialsError
 * on any mismatch. `device`: the browser's known-device cookie, if any.
 */
export async function verifyCredentials({
  email,
  password,
  ip,
  device = null,
  now = new Date(),
}: {
  email: string;
  password: string;
  ip: string;
  device?: KnownDevice | null;
  now?: Date;
}): Promise<User> {
  const user = await findUserByEmail(email);
  const knownDeviceId = user && device?.userIds.includes(user.id) ? device.id : null;
  const signInTry = await admitSignIn({ email, ip, knownDeviceId, now });
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await getDummyHash()), false);
  // a disabled account (migration 033) answers like a wrong password: nothing to learn from it
  if (!user || !ok || user.disabledAt) throw new InvalidCredentialsError();
  await signInTry.succeeded();
  return user;
}
