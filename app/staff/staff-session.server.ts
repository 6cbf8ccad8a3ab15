// Staff sessions (issue 36, decision 052): apart from the shop's sessions, in their own cookie that
// only /admin URLs receive. A staff session starts at the password step and is usable only once the
// authenticator code was right (second_factor_at). It ends after 30 minutes idle and 12 hours after
// it began. The cookie holds a random id; the table keeps only its hash.
import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { createCookie, redirect } from "@remix-run/node";
import { getUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import type { StaffRole } from "~/db/schema";
import { secureCookies } from "~/env.server";
import { getClientIp } from "~/security/rate-limit.server";
import { cookieSecrets } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { hashToken } from "~/security/token-hash.server";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { can, isStaffRole, type Permission } from "./permissions";
import { openReveal, sealReveal } from "./recovery-codes.server";

import { SECOND_STEP_MINUTES, STAFF_IDLE_MINUTES, STAFF_MAX_HOURS } from "./staff-session-times";

export { SECOND_STEP_MINUTES, STAFF_IDLE_MINUTES, STAFF_MAX_HOURS };
/** the idle clock is written at most this often (one write a minute, not one per request) */
const RECORD_USE_EVERY_MS = 60_000;

// Path=/: the data requests of the back office's pages include `/admin.data` (the overview), which a
// cookie scoped to /admin never reaches (decision 065)
export const staffCookie = createCookie("__staff", {
  path: "/",
  httpOnly: true,
  secure: secureCookies,
  sameSite: "lax",
  secrets: cookieSecrets(keyRing),
  maxAge: STAFF_MAX_HOURS * 60 * 60,
});

/** A signed-in member of staff, as every /admin loader and action sees them. */
export type Staff = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: StaffRole;
  /** the client's address, for the audit */
  ip: string;
};

export type StaffSessionRow = {
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  secondFactorAt: string | null;
  enrolSecret: string | null;
};

const minutesAgo = (now: Date, minutes: number) =>
  new Date(now.getTime() - minutes * 60_000).toISOString();

/** A session is live while it is within 12 hours of its start and used in the last 30 minutes. */
export function isStaffSessionLive(row: StaffSessionRow, now: Date): boolean {
  if (row.expiresAt <= now.toISOString()) return false;
  if (!row.secondFactorAt) return row.createdAt > minutesAgo(now, SECOND_STEP_MINUTES);
  return row.lastSeenAt > minutesAgo(now, STAFF_IDLE_MINUTES);
}

/**
 * The tokens of every signed `__staff` cookie the browser sent. One set with Path=/admin before
 * decision 065 can sit beside today's Path=/ one until it expires (12 hours at most), and a browser
 * sends it first: each is tried, so neither hides the other.
 */
async function rawCookieTokens(request: Request): Promise<string[]> {
  const pairs = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .filter((pair) => pair.startsWith("__staff="));
  const tokens: string[] = [];
  for (const pair of pairs) {
    const value = await staffCookie.parse(pair);
    if (typeof value === "string" && value.length > 0) tokens.push(value);
  }
  return tokens;
}
const cookieTokens = async (request: Request) => (await rawCookieTokens(request)).map(hashToken);

/** The cookie token of this request's live session, for what is sealed under it. */
async function cookieToken(request: Request): Promise<string | null> {
  const row = await readStaffSession(request);
  if (!row) return null;
  return (await rawCookieTokens(request)).find((token) => hashToken(token) === row.id) ?? null;
}

/** The live staff session row of this request (either step), or null. */
export async function readStaffSession(
  request: Request,
  now = new Date(),
): Promise<StaffSessionRow | null> {
  const ids = await cookieTokens(request);
  if (!ids.length) return null;
  const rows = await db
    .selectFrom("staffSessions")
    .select([
      "id",
      "userId",
      "createdAt",
      "lastSeenAt",
      "expiresAt",
      "secondFactorAt",
      "enrolSecret",
    ])
    .where("id", "in", ids)
    .execute();
  return rows.find((row) => isStaffSessionLive(row, now)) ?? null;
}

/** Starts a session at the password step; answers its Set-Cookie. Any earlier staff session of this browser ends. */
export async function startStaffSession(
  request: Request,
  values: { userId: number; ip: string; enrolSecret: string | null },
  now = new Date(),
): Promise<string> {
  await endStaffSessionRow(request);
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("staffSessions")
    .values({
      id: hashToken(token),
      userId: values.userId,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + STAFF_MAX_HOURS * 3_600_000).toISOString(),
      secondFactorAt: null,
      enrolSecret: values.enrolSecret,
      ip: values.ip,
    })
    .execute();
  return staffCookie.serialize(token);
}

/**
 * The code was right: the session is replaced by a new one (a new id after the rise in privilege,
 * against fixation) that is signed in from now for 12 hours. Answers its Set-Cookie.
 */
export async function completeStaffSession(
  request: Request,
  pending: StaffSessionRow,
  ip: string,
  now = new Date(),
  /** recovery codes just made, for /admin/recovery-codes to show once */
  recoveryCodes: string[] | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staffSessions").where("id", "=", pending.id).execute();
    await trx
      .insertInto("staffSessions")
      .values({
        id: hashToken(token),
        userId: pending.userId,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + STAFF_MAX_HOURS * 3_600_000).toISOString(),
        secondFactorAt: now.toISOString(),
        enrolSecret: null,
        ip,
        recoveryReveal: recoveryCodes ? sealReveal(token, recoveryCodes) : null,
      })
      .execute();
  });
  return staffCookie.serialize(token);
}

async function endStaffSessionRow(request: Request) {
  const ids = await cookieTokens(request);
  if (ids.length) await db.deleteFrom("staffSessions").where("id", "in", ids).execute();
}

/**
 * Ends every staff session of the member, either step (issue 44): their password changed, their role
 * changed, they were disabled, or their second factor was reset. Runs in the change's transaction.
 */
export async function endStaffSessionsOf(
  executor: Kysely<DB> | Transaction<DB>,
  userId: number,
): Promise<void> {
  await executor.deleteFrom("staffSessions").where("userId", "=", userId).execute();
}

/**
 * Sets recovery codes to show once on this browser's signed-in session (codes made anew from the
 * recovery-codes page); the page takes them with takeRecoveryReveal.
 */
export async function setRecoveryReveal(request: Request, codes: string[]): Promise<void> {
  const token = await cookieToken(request);
  if (!token) return;
  await db
    .updateTable("staffSessions")
    .set({ recoveryReveal: sealReveal(token, codes) })
    .where("id", "=", hashToken(token))
    .execute();
}

/** The recovery codes this session holds to show, taken once: a reload shows them no more. */
export async function takeRecoveryReveal(request: Request): Promise<string[] | null> {
  const token = await cookieToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom("staffSessions")
    .select("recoveryReveal")
    .where("id", "=", id)
    .where("secondFactorAt", "is not", null)
    .executeTakeFirst();
  if (!row?.recoveryReveal) return null;
  // taken once: of two loads at the same moment, one shows them
  const taken = await db
    .updateTable("staffSessions")
    .set({ recoveryReveal: null })
    .where("id", "=", id)
    .where("recoveryReveal", "=", row.recoveryReveal)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  return openReveal(token, row.recoveryReveal);
}

/** Signs the member of staff out of this browser; answers the Set-Cookie that clears the cookie. */
export async function endStaffSession(request: Request): Promise<string> {
  await endStaffSessionRow(request);
  return staffCookie.serialize("", { maxAge: 0 });
}

async function recordUse(row: StaffSessionRow, now: Date) {
  if (Date.parse(row.lastSeenAt) > now.getTime() - RECORD_USE_EVERY_MS) return;
  await db
    .updateTable("staffSessions")
    .set({ lastSeenAt: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
}

function here(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The signed-in member of staff of this request (both steps done), or null. */
export async function getStaff(
  request: Request,
  context: AppLoadContext,
  now = new Date(),
): Promise<Staff | null> {
  const row = await readStaffSession(request, now);
  if (!row?.secondFactorAt) return null;
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstName", "lastName", "staffRole", "disabledAt"])
    .where("id", "=", row.userId)
    .executeTakeFirst();
  // a member of staff whose role was taken away, or who was disabled, is no longer signed in
  if (!user || !isStaffRole(user.staffRole) || user.disabledAt) return null;
  await recordUse(row, now);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.staffRole,
    ip: getClientIp(request, context),
  };
}

/** The 403 every /admin check answers: a plain page, no detail. */
export function forbidden(): Response {
  return new Response("Forbidden", { status: 403 });
}

/**
 * Every /admin loader and action starts here (layouts do not guard their children: loaders run
 * in parallel, and actions alone). A visitor goes to /admin/sign-in; a signed-in customer without a
 * staff role gets a 404, as if there were no back office; a member of staff without `permission` a 403.
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  permission?: Permission,
): Promise<Staff> {
  const staff = await getStaff(request, context);
  if (!staff) {
    const customer = await getUser(request);
    if (customer && !isStaffRole(customer.staffRole))
      throw new Response("Not found", { status: 404 });
    throw redirect(`/admin/sign-in?redirectTo=${encodeURIComponent(here(request))}`);
  }
  if (permission && !can(staff.role, permission)) throw forbidden();
  return staff;
}
