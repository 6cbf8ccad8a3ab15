// Staff managed by the owner (issue 44, decision 064): the first owner from the command line
// (app/bin/staff.ts), then /admin/staff for the owner: invite, change a role, disable and enable,
// reset a second factor, resend an invitation. Every change writes its audit entry in its own
// transaction, and ends the member's staff sessions where it changes what they may do.
//
// A member starts with no password: a one-time set-up link (24 hours; only its token's sha256 is
// kept; a newer link supersedes the older) lets them choose one, then enrol an authenticator.
// The last enabled owner can never be demoted or disabled: the change is a conditional update that
// counts the other enabled owners, after locking the owners' rows on PostgreSQL, so two owners
// demoting each other at once leave one.
import { randomBytes } from "node:crypto";
import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import { endOtherSessions } from "~/accounts/session.server";
import { hashPassword } from "~/accounts/password.server";
import { retireResetTokens } from "~/accounts/password-reset.server";
import { db } from "~/db/client.server";
import type { DB, StaffRole } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { staffInviteEmail } from "~/email/templates/staff-invite";
import { hashToken } from "~/security/token-hash.server";
import { writeAudit } from "~/staff/audit.server";
import { ROLE_LABELS } from "~/staff/permissions";
import { endStaffSessionsOf, type Staff } from "~/staff/staff-session.server";
import {
  deleteRecoveryCodes,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  RECOVERY_CODE_COUNT,
} from "~/staff/recovery-codes.server";
import type { InviteStaffInput } from "./staff-schema";

type Trx = Transaction<DB>;
type Actor = Pick<Staff, "id" | "role" | "ip"> & { firstName?: string | null };

export const SETUP_LINK_HOURS = 24;

export const LAST_OWNER_MESSAGE =
  "This is the last enabled owner: make another member an owner first. The shop always keeps one.";
export const CHANGED_MEANWHILE =
  "This member changed while you looked. Reload the page and try again.";
export const ALREADY_STAFF = "That e-mail already belongs to a member of staff.";
export const CUSTOMER_EMAIL =
  "That e-mail has a customer account. Use another address for the back office.";
export const SETUP_LINK_INVALID =
  "This set-up link is not valid any more: it was used, replaced by a newer one, or it is more than 24 hours old. Ask the owner for a new invitation.";

/** A refusal the page shows as it is (409), never a 500. */
export class StaffRuleError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
    this.name = "StaffRuleError";
  }
}

export class InvalidSetupLinkError extends Error {
  constructor() {
    super(SETUP_LINK_INVALID);
    this.name = "InvalidSetupLinkError";
  }
}

export type StaffStatus = "enabled" | "disabled" | "invited";

export type StaffMember = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** an authenticator is enrolled */
  enrolled: boolean;
  recoveryCodesLeft: number;
};

export const setupUrl = (origin: string, token: string) =>
  new URL(`/admin/set-up/${token}`, origin).toString();

const isPg = (executor: Kysely<DB>) => executor.getExecutor().adapter instanceof PostgresAdapter;

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(" ") : null };
}

const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/** A new set-up link for the member; the member's older open links stop working. */
async function newSetupLink(trx: Trx, userId: number, now: Date): Promise<string> {
  await trx
    .updateTable("staffSetupLinks")
    .set({ usedAt: now.toISOString() })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .execute();
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("staffSetupLinks")
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000).toISOString(),
      usedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

async function insertMember(trx: Trx, input: InviteStaffInput, now: Date): Promise<number> {
  const existing = await trx
    .selectFrom("users")
    .select(["id", "staffRole"])
    .where("email", "=", input.email)
    .executeTakeFirst();
  if (existing) throw new StaffRuleError(existing.staffRole ? ALREADY_STAFF : CUSTOMER_EMAIL);
  const row = await trx
    .insertInto("users")
    .values({
      email: input.email,
      passwordHash: null,
      ...splitName(input.name),
      phone: null,
      sms: null,
      newsletter: null,
      gatewayCustomerId: null,
      orderedAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      staffRole: input.role as StaffRole,
      totpSecret: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Runs `work` in a transaction; a unique-key clash of two adds of one e-mail reads as ALREADY_STAFF. */
async function addingMember<T>(email: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof StaffRuleError) throw error;
    const taken = await db
      .selectFrom("users")
      .select("staffRole")
      .where("email", "=", email)
      .executeTakeFirst();
    if (taken) throw new StaffRuleError(taken.staffRole ? ALREADY_STAFF : CUSTOMER_EMAIL);
    throw error;
  }
}

/**
 * `npm run staff -- add`: the member with no password, and their set-up link (printed, never
 * stored: only its hash). The audit names the new member as who did it, from "command line".
 */
export async function addStaffFromCommandLine(
  input: InviteStaffInput,
  origin: string,
  now = new Date(),
): Promise<{ userId: number; url: string }> {
  return addingMember(input.email, async (trx) => {
    const userId = await insertMember(trx, input, now);
    const token = await newSetupLink(trx, userId, now);
    await writeAudit(
      trx,
      { id: userId, role: input.role as StaffRole, ip: "command line" },
      {
        action: "staff.add",
        entityType: "user",
        entityId: userId,
        after: { email: input.email, role: input.role, via: "command line" },
      },
      now,
    );
    return { userId, url: setupUrl(origin, token) };
  });
}

async function queueInvite(
  trx: Trx,
  actor: Actor,
  member: { email: string; name: string; role: StaffRole },
  token: string,
  origin: string,
) {
  await queueEmail(trx, staffInviteEmail, member.email, {
    name: member.name,
    roleLabel: ROLE_LABELS[member.role].toLowerCase(),
    invitedBy: actor.firstName?.trim() || "The owner",
    setupUrl: setupUrl(origin, token),
    expiresInHours: SETUP_LINK_HOURS,
  });
}

/** The owner invites a member: the set-up link goes out by e-mail through the outbox. */
export async function inviteStaff(
  actor: Actor,
  input: InviteStaffInput,
  origin: string,
  now = new Date(),
): Promise<{ userId: number }> {
  return addingMember(input.email, async (trx) => {
    const userId = await insertMember(trx, input, now);
    const token = await newSetupLink(trx, userId, now);
    await writeAudit(
      trx,
      actor,
      {
        action: "staff.invite",
        entityType: "user",
        entityId: userId,
        after: { email: input.email, name: input.name, role: input.role },
      },
      now,
    );
    await queueInvite(
      trx,
      actor,
      { email: input.email, name: input.name, role: input.role as StaffRole },
      token,
      origin,
    );
    return { userId };
  });
}

async function memberRow(executor: Kysely<DB>, userId: number) {
  return executor
    .selectFrom("users")
    .select([
      "id",
      "email",
      "firstName",
      "lastName",
      "staffRole",
      "disabledAt",
      "passwordHash",
      "totpSecret",
    ])
    .where("id", "=", userId)
    .where("staffRole", "is not", null)
    .$if(isPg(executor), (q) => q.forUpdate())
    .executeTakeFirst();
}

async function requireMember(trx: Trx, userId: number) {
  const row = await memberRow(trx, userId);
  if (!row || !row.staffRole) throw new StaffRuleError("No such member of staff.", 404);
  return { ...row, staffRole: row.staffRole };
}

/** PostgreSQL: lock the enabled owners' rows, so two changes to owners run one after the other. */
async function lockOwners(trx: Trx) {
  if (!isPg(trx)) return;
  await trx
    .selectFrom("users")
    .select("id")
    .where("staffRole", "=", "owner")
    .where("disabledAt", "is", null)
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** SQL true when another enabled owner than `userId` is left. */
const anotherOwner = (userId: number) =>
  sql<boolean>`exists (select 1 from users o where o.staff_role = 'owner' and o.disabled_at is null and o.id <> ${userId})`;

/** Sends a new set-up link to an invited member (no password yet); older links stop working. */
export async function resendInvite(
  actor: Actor,
  userId: number,
  origin: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await requireMember(trx, userId);
    if (member.passwordHash || member.disabledAt)
      throw new StaffRuleError(
        member.disabledAt
          ? "Enable this member before sending an invitation."
          : "This member has already chosen a password.",
      );
    const token = await newSetupLink(trx, userId, now);
    await writeAudit(
      trx,
      actor,
      { action: "staff.resend_invite", entityType: "user", entityId: userId },
      now,
    );
    await queueInvite(
      trx,
      actor,
      { email: member.email, name: fullName(member), role: member.staffRole },
      token,
      origin,
    );
  });
}

/** A new role; the member's staff sessions end. Never leaves the shop without an enabled owner. */
export async function changeRole(
  actor: Actor,
  userId: number,
  role: StaffRole,
  now = new Date(),
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    const member = await requireMember(trx, userId);
    if (member.staffRole === role) return { changed: false };
    const demotesOwner = member.staffRole === "owner" && member.disabledAt === null;
    const done = await trx
      .updateTable("users")
      .set({ staffRole: role, updatedAt: now.toISOString() })
      .where("id", "=", userId)
      .where("staffRole", "=", member.staffRole)
      .$if(demotesOwner, (q) => q.where(anotherOwner(userId)))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw new StaffRuleError(demotesOwner ? LAST_OWNER_MESSAGE : CHANGED_MEANWHILE);
    await endStaffSessionsOf(trx, userId);
    await writeAudit(
      trx,
      actor,
      {
        action: "staff.change_role",
        entityType: "user",
        entityId: userId,
        before: { role: member.staffRole },
        after: { role },
      },
      now,
    );
    return { changed: true };
  });
}

/** Disables (or enables) a member; disabling ends their staff sessions. Never the last enabled owner. */
export async function setDisabled(
  actor: Actor,
  userId: number,
  disabled: boolean,
  now = new Date(),
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    const member = await requireMember(trx, userId);
    if ((member.disabledAt !== null) === disabled) return { changed: false };
    const isOwner = member.staffRole === "owner";
    const done = await trx
      .updateTable("users")
      .set({ disabledAt: disabled ? now.toISOString() : null, updatedAt: now.toISOString() })
      .where("id", "=", userId)
      .where("disabledAt", disabled ? "is" : "is not", null)
      .$if(disabled && isOwner, (q) => q.where(anotherOwner(userId)))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw new StaffRuleError(disabled && isOwner ? LAST_OWNER_MESSAGE : CHANGED_MEANWHILE);
    if (disabled) await endStaffSessionsOf(trx, userId);
    await writeAudit(
      trx,
      actor,
      {
        action: disabled ? "staff.disable" : "staff.enable",
        entityType: "user",
        entityId: userId,
        before: { disabled: !disabled },
        after: { disabled },
      },
      now,
    );
    return { changed: true };
  });
}

/**
 * Resets the member's second factor: the secret and the recovery codes go, their staff sessions
 * end, and their next sign-in enrols an authenticator again.
 */
export async function resetSecondFactor(
  actor: Actor,
  userId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await requireMember(trx, userId);
    await trx
      .updateTable("users")
      .set({
        totpSecret: null,
        totpLastStep: null,
        totpFailures: 0,
        totpLockedUntil: null,
        updatedAt: now.toISOString(),
      })
      .where("id", "=", userId)
      .execute();
    await deleteRecoveryCodes(trx, userId);
    await endStaffSessionsOf(trx, userId);
    await writeAudit(
      trx,
      actor,
      {
        action: "staff.reset_second_factor",
        entityType: "user",
        entityId: userId,
        before: { authenticator: member.totpSecret !== null },
        after: { authenticator: false },
      },
      now,
    );
  });
}

function toMember(
  u: {
    id: number;
    email: string;
    firstName: string | null;
    lastName: string | null;
    staffRole: StaffRole | null;
    disabledAt: string | null;
    passwordHash: string | null;
    totpSecret: string | null;
  },
  left: number,
): StaffMember {
  return {
    id: u.id,
    email: u.email,
    name: fullName(u),
    role: u.staffRole!,
    status: u.disabledAt ? "disabled" : u.passwordHash ? "enabled" : "invited",
    enrolled: u.totpSecret !== null,
    recoveryCodesLeft: left,
  };
}

const MEMBER_COLUMNS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "staffRole",
  "disabledAt",
  "passwordHash",
  "totpSecret",
] as const;

/** Every member of staff, owners first, then by name. */
export async function listStaff(): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("users")
    .select([...MEMBER_COLUMNS])
    .where("staffRole", "is not", null)
    .orderBy("firstName")
    .orderBy("id")
    .execute();
  const left = await recoveryCodesLeft(
    db,
    rows.map((r) => r.id),
  );
  const order: Record<StaffRole, number> = { owner: 0, support: 1, packer: 2, editor: 3 };
  return rows
    .map((r) => toMember(r, left.get(r.id) ?? 0))
    .sort((a, b) => order[a.role] - order[b.role]);
}

export async function staffMember(userId: number): Promise<StaffMember | null> {
  const row = await db
    .selectFrom("users")
    .select([...MEMBER_COLUMNS])
    .where("id", "=", userId)
    .where("staffRole", "is not", null)
    .executeTakeFirst();
  if (!row) return null;
  const left = await recoveryCodesLeft(db, [row.id]);
  return toMember(row, left.get(row.id) ?? 0);
}

/** The member a set-up link opens, while it is unused, unexpired and the member enabled; else null. */
export async function findSetupLink(
  token: string,
  now = new Date(),
): Promise<{ linkId: number; userId: number; email: string; name: string } | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const row = await db
    .selectFrom("staffSetupLinks")
    .innerJoin("users", "users.id", "staffSetupLinks.userId")
    .select([
      "staffSetupLinks.id as linkId",
      "users.id as userId",
      "users.email as email",
      "users.firstName as firstName",
      "users.lastName as lastName",
    ])
    .where("staffSetupLinks.tokenHash", "=", hashToken(token))
    .where("staffSetupLinks.usedAt", "is", null)
    .where("staffSetupLinks.expiresAt", ">", now.toISOString())
    .where("users.disabledAt", "is", null)
    .where("users.staffRole", "is not", null)
    .executeTakeFirst();
  return row
    ? { linkId: row.linkId, userId: row.userId, email: row.email, name: fullName(row) }
    : null;
}

/**
 * The member chose a password at their set-up link: the link is used (once: a conditional update),
 * the password set, their other links and reset links retired, every session of theirs ended.
 */
export async function completeSetup(
  token: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<{ userId: number; enrolled: boolean }> {
  const link = await findSetupLink(token, now);
  if (!link) throw new InvalidSetupLinkError();
  const passwordHash = await hashPassword(password);
  const enrolled = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("staffSetupLinks")
      .set({ usedAt: now.toISOString() })
      .where("id", "=", link.linkId)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now.toISOString())
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new InvalidSetupLinkError();
    const member = await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: now.toISOString() })
      .where("id", "=", link.userId)
      .where("disabledAt", "is", null)
      .where("staffRole", "is not", null)
      .returning(["staffRole", "totpSecret"])
      .executeTakeFirst();
    if (!member?.staffRole) throw new InvalidSetupLinkError();
    await trx
      .updateTable("staffSetupLinks")
      .set({ usedAt: now.toISOString() })
      .where("userId", "=", link.userId)
      .where("usedAt", "is", null)
      .execute();
    await retireResetTokens(trx, link.userId, now);
    await endStaffSessionsOf(trx, link.userId);
    await writeAudit(
      trx,
      { id: link.userId, role: member.staffRole, ip },
      { action: "staff.set_password", entityType: "user", entityId: link.userId },
      now,
    );
    return Boolean(member.totpSecret);
  });
  await endOtherSessions(link.userId);
  // enrolled: an authenticator is already set up (the sign-in then asks for its code)
  return { userId: link.userId, enrolled };
}

/** How many unused recovery codes the member has left. */
export async function recoveryCodesLeftOf(userId: number): Promise<number> {
  return (await recoveryCodesLeft(db, [userId])).get(userId) ?? 0;
}

/** A new set of 10 recovery codes for the member (the old ones stop working), audited; answers them. */
export async function makeNewRecoveryCodes(
  staff: Pick<Staff, "id" | "role" | "ip">,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const made = await replaceRecoveryCodes(trx, staff.id);
    await writeAudit(trx, staff, {
      action: "staff.new_recovery_codes",
      entityType: "user",
      entityId: staff.id,
      after: { recoveryCodes: RECOVERY_CODE_COUNT },
    });
    return made;
  });
}
