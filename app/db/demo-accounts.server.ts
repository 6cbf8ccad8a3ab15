// A production database that holds a README demo account (a copy of a development database, or one
// seeded before issue 44) keeps nothing usable from it: at start the server disables each one, ends
// its sessions (shop and back office), retires its open reset links and writes an audit entry, and
// says so in one log line (decision 062). Nothing is deleted: the rows, their orders and their audit
// trail stay. Data layer only (decision 050): plain queries, no domain module.
import type { Kysely } from "kysely";
import type { DB } from "./schema";
import { DEMO_ACCOUNT_EMAILS } from "./seed/demo-accounts";

export type DisabledDemoAccount = { id: number; email: string; staffRole: string | null };

/** What the audit's `ip` column holds for a change the server made itself, at start. */
export const SYSTEM_AUDIT_IP = "system (start-up)";

/**
 * Disables every demo account not yet disabled, each exactly once (a conditional update, so two
 * instances starting together disable and audit it once between them). Returns the ones it disabled.
 */
export async function disableDemoAccounts(
  db: Kysely<DB>,
  now = new Date(),
): Promise<DisabledDemoAccount[]> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("users")
      .select(["id", "email", "staffRole"])
      .where("email", "in", [...DEMO_ACCOUNT_EMAILS])
      .where("disabledAt", "is", null)
      .orderBy("id")
      .execute();
    const disabled: DisabledDemoAccount[] = [];
    for (const user of found) {
      const done = await trx
        .updateTable("users")
        .set({ disabledAt: stamp, updatedAt: stamp })
        .where("id", "=", user.id)
        .where("disabledAt", "is", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) continue;
      await trx.deleteFrom("sessions").where("userId", "=", user.id).execute();
      await trx.deleteFrom("staffSessions").where("userId", "=", user.id).execute();
      await trx
        .updateTable("passwordResets")
        .set({ usedAt: stamp })
        .where("userId", "=", user.id)
        .where("usedAt", "is", null)
        .execute();
      // audit_entries.staff_user_id must name a user: no member of staff did this, so the entry names
      // the account itself, with the role "system" and the reason in `after` (decision 062)
      await trx
        .insertInto("auditEntries")
        .values({
          staffUserId: user.id,
          staffRole: "system",
          action: "user.disable",
          entityType: "user",
          entityId: String(user.id),
          before: JSON.stringify({ disabledAt: null }),
          after: JSON.stringify({
            disabledAt: stamp,
            reason: "README demo account found at start with APP_ENV=production",
          }),
          ip: SYSTEM_AUDIT_IP,
          createdAt: stamp,
        })
        .execute();
      disabled.push(user);
    }
    return disabled;
  });
}

/**
 * The one log line's fields for the accounts disabled at this start (the README's public demo
 * addresses, not a customer's).
 */
export function disabledDemoAccountsLine(disabled: DisabledDemoAccount[]) {
  return {
    type: "demo_accounts.disabled",
    message: `Disabled ${disabled.length} README demo account(s) found in this production database; they can no longer sign in (docs/decisions/062)`,
    accounts: disabled.map((d) => d.email),
    at: new Date().toISOString(),
  };
}
