// The back office's two-step sign-in (issue 36, decision 052):
//   1. e-mail and password, through the shop's credential check and its limits; a customer's
//      account fails exactly as a wrong password does, so the page tells no one who is staff;
//   2. a 6-digit authenticator code. A member of staff with no secret enrols here: the secret is
//      made at step 1, kept on the pending session, and saved on the account with its first right code.
// 5 wrong codes lock the staff member's sign-in for 15 minutes; each code is accepted once.
// Issue 44: a recovery code stands in for the authenticator code (once each); an enrolment is saved
// only while the account still has no secret (a conditional update), and makes 10 recovery codes.
import type { AppLoadContext } from "@remix-run/node";
import { InvalidCredentialsError, verifyCredentials } from "~/accounts/auth.server";
import { db } from "~/db/client.server";
import { getClientIp } from "~/security/rate-limit.server";
import { audit, writeAudit } from "~/staff/audit.server";
import { isStaffRole, type StaffRole } from "~/staff/permissions";
import {
  completeStaffSession,
  readStaffSession,
  startStaffSession,
  type StaffSessionRow,
} from "~/staff/staff-session.server";
import { keyRing } from "~/security/secrets.server";
import { codeStep, newTotpSecret } from "./totp.server";
import { openTotpSecret, sealTotpSecret } from "~/staff/totp-seal.server";
import { replaceRecoveryCodes, spendRecoveryCode } from "~/staff/recovery-codes.server";

export const MAX_WRONG_CODES = 5;
export const LOCK_MINUTES = 15;

export const CODE_WRONG = "That code is not right. Check your authenticator app and try again.";
export const SIGN_IN_EXPIRED = "Your sign-in took too long. Enter your e-mail and password again.";

export function lockedMessage(until: string, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 60_000));
  return `Too many wrong codes. This sign-in is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}.`;
}

const isLocked = (lockedUntil: string | null, now: Date) =>
  lockedUntil !== null && lockedUntil > now.toISOString();

/**
 * Step 1. Throws what the shop's credential check throws (InvalidCredentialsError, RateLimitedError);
 * a right password on an account without a staff role is an InvalidCredentialsError too.
 */
export async function passwordStep(
  request: Request,
  context: AppLoadContext,
  { email, password }: { email: string; password: string },
  now = new Date(),
): Promise<{ setCookie: string; locked: string | null }> {
  const ip = getClientIp(request, context);
  const user = await verifyCredentials({ email, password, ip, now });
  if (!isStaffRole(user.staffRole)) throw new InvalidCredentialsError();
  const setCookie = await startStaffSession(
    request,
    { userId: user.id, ip, enrolSecret: user.totpSecret ? null : newTotpSecret() },
    now,
  );
  return {
    setCookie,
    locked: isLocked(user.totpLockedUntil, now) ? lockedMessage(user.totpLockedUntil!, now) : null,
  };
}

/** What step 2 shows: the pending sign-in, and the secret to enrol when there is one. */
export type PendingSignIn = {
  session: StaffSessionRow;
  email: string;
  /** the new secret to add to an authenticator app; null: the account has one */
  enrolSecret: string | null;
  locked: string | null;
};

export async function pendingSignIn(
  request: Request,
  now = new Date(),
): Promise<PendingSignIn | null> {
  const session = await readStaffSession(request, now);
  if (!session || session.secondFactorAt) return null;
  const user = await db
    .selectFrom("users")
    .select(["email", "staffRole", "totpLockedUntil", "disabledAt"])
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!user || !isStaffRole(user.staffRole) || user.disabledAt) return null;
  return {
    session,
    email: user.email,
    enrolSecret: session.enrolSecret,
    locked: isLocked(user.totpLockedUntil, now) ? lockedMessage(user.totpLockedUntil!, now) : null,
  };
}

export type CodeStepResult =
  | { ok: true; setCookie: string; role: StaffRole; recoveryCodes: boolean }
  | { ok: false; reason: "expired" | "locked" | "wrong"; message: string };

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** What the code step works on: the pending sign-in and its account, or why there is none. */
type CodeStepContext = {
  request: Request;
  pending: StaffSessionRow;
  user: { id: number; role: StaffRole; totpSecret: string | null };
  staff: { id: number; role: StaffRole; ip: string };
  ip: string;
  now: Date;
};

const EXPIRED = { ok: false, reason: "expired", message: SIGN_IN_EXPIRED } as const;

/** The pending sign-in the code is for, unless it expired, its account changed or is locked. */
async function codeStepContext(
  request: Request,
  context: AppLoadContext,
  now: Date,
): Promise<CodeStepContext | Extract<CodeStepResult, { ok: false }>> {
  const pending = await readStaffSession(request, now);
  if (!pending || pending.secondFactorAt) return EXPIRED;
  const ip = getClientIp(request, context);
  const user = await db
    .selectFrom("users")
    .select(["id", "staffRole", "totpSecret", "totpLastStep", "totpLockedUntil", "disabledAt"])
    .where("id", "=", pending.userId)
    .executeTakeFirst();
  if (!user || !isStaffRole(user.staffRole) || user.disabledAt) return EXPIRED;
  // an enrolment begun before the account got a secret (its own enrolment elsewhere) is void
  if (pending.enrolSecret && user.totpSecret) return EXPIRED;
  if (isLocked(user.totpLockedUntil, now))
    return { ok: false, reason: "locked", message: lockedMessage(user.totpLockedUntil!, now) };
  return {
    request,
    pending,
    user: { id: user.id, role: user.staffRole, totpSecret: user.totpSecret },
    staff: { id: user.id, role: user.staffRole, ip },
    ip,
    now,
  };
}

/**
 * Step 2: the code, against the pending session's enrolment secret or the account's; or, for an
 * enrolled account, one of its recovery codes.
 */
export async function codeStepSignIn(
  request: Request,
  context: AppLoadContext,
  code: string,
  now = new Date(),
): Promise<CodeStepResult> {
  const step = await codeStepContext(request, context, now);
  if ("ok" in step) return step;
  return isTotpCode(code) ? authenticatorSignIn(step, code) : recoverySignIn(step, code);
}

/** A recovery code: only for an enrolled account, each once (a conditional update). */
async function recoverySignIn(c: CodeStepContext, code: string): Promise<CodeStepResult> {
  const { pending, user, now } = c;
  if (pending.enrolSecret || !user.totpSecret || !(await spendRecoveryCode(db, user.id, code, now)))
    return wrongCode(user.id, now);
  await db.updateTable("users").set({ totpFailures: 0 }).where("id", "=", user.id).execute();
  const setCookie = await completeStaffSession(c.request, pending, c.ip, now);
  await audit(c.staff, {
    action: "staff.sign_in",
    entityType: "user",
    entityId: user.id,
    after: { with: "recovery_code" },
  });
  return { ok: true, setCookie, role: user.role, recoveryCodes: false };
}

/** A 6-digit code from the authenticator: the enrolment's new secret, or the account's. */
async function authenticatorSignIn(c: CodeStepContext, code: string): Promise<CodeStepResult> {
  const { pending, user, now } = c;
  // the account's secret is kept sealed (decision 060)
  const secret =
    pending.enrolSecret ?? (user.totpSecret ? openTotpSecret(keyRing, user.totpSecret) : null);
  const step = secret ? codeStep(secret, code, now) : null;
  if (step === null) return wrongCode(user.id, now);
  if (await acceptCode(c, step)) return signedInWithCode(c);
  // a refused enrolment whose account meanwhile got a secret (enrolled elsewhere) starts over
  if (pending.enrolSecret && (await hasSecret(user.id))) return EXPIRED;
  return wrongCode(user.id, now);
}

/** Saves the code's step (and an enrolment's secret): true when this press is the one that counts. */
async function acceptCode({ pending, user, now }: CodeStepContext, step: number) {
  // the condition on the last step makes a code good once, even for two presses at the same moment
  const accepted = await db
    .updateTable("users")
    .set({
      totpLastStep: step,
      totpFailures: 0,
      totpLockedUntil: null,
      ...(pending.enrolSecret
        ? { totpSecret: sealTotpSecret(keyRing.current, pending.enrolSecret) }
        : {}),
    })
    .where("id", "=", user.id)
    .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
    .where((eb) =>
      eb.or([eb("totpLockedUntil", "is", null), eb("totpLockedUntil", "<=", now.toISOString())]),
    )
    // enrolment never replaces a secret: saved only while the account still has none
    .$if(Boolean(pending.enrolSecret), (q) => q.where("totpSecret", "is", null))
    .executeTakeFirst();
  return Number(accepted.numUpdatedRows) === 1;
}

/** The second factor is done: an enrolment gets its recovery codes; both are audited. */
async function signedInWithCode(c: CodeStepContext): Promise<CodeStepResult> {
  const { pending, user, staff, now } = c;
  const recoveryCodes = pending.enrolSecret ? await replaceRecoveryCodes(db, user.id, now) : null;
  const setCookie = await completeStaffSession(c.request, pending, c.ip, now, recoveryCodes);
  await db.transaction().execute(async (trx) => {
    if (pending.enrolSecret)
      await writeAudit(
        trx,
        staff,
        {
          action: "staff.enrol_authenticator",
          entityType: "user",
          entityId: user.id,
          before: { authenticator: false },
          after: { authenticator: true },
        },
        now,
      );
    await writeAudit(
      trx,
      staff,
      { action: "staff.sign_in", entityType: "user", entityId: user.id },
      now,
    );
  });
  return { ok: true, setCookie, role: user.role, recoveryCodes: recoveryCodes !== null };
}

async function hasSecret(userId: number) {
  const current = await db
    .selectFrom("users")
    .select("totpSecret")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(current?.totpSecret);
}

/** Counts a wrong (or reused) code in one statement; the fifth locks the sign-in. */
async function wrongCode(userId: number, now: Date): Promise<CodeStepResult> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ totpFailures: eb("totpFailures", "+", 1) }))
    .where("id", "=", userId)
    .returning(["totpFailures"])
    .executeTakeFirstOrThrow();
  if (row.totpFailures >= MAX_WRONG_CODES) {
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
    await db
      .updateTable("users")
      .set({ totpFailures: 0, totpLockedUntil: until })
      .where("id", "=", userId)
      .execute();
    return { ok: false, reason: "locked", message: lockedMessage(until, now) };
  }
  const left = MAX_WRONG_CODES - row.totpFailures;
  return {
    ok: false,
    reason: "wrong",
    message: `${CODE_WRONG} ${left} ${left === 1 ? "try" : "tries"} left before a ${LOCK_MINUTES}-minute lock.`,
  };
}
