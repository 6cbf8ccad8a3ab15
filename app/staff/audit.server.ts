// The audit (issue 36): every change a member of staff makes writes one entry, in the same
// transaction as the change, so there is no change without its entry. Entries are only ever
// inserted: no page or service updates or deletes one.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import type { Staff } from "~/staff/staff-session.server";

export type AuditChange = {
  /** what was done, as "area.verb": "order.refund", "subscription.skip", "staff.sign_in" */
  action: string;
  /** the kind of record: "order", "subscription", "delivery", "user", "gift_card", "refund" */
  entityType: string;
  entityId: string | number;
  /** the record's fields that changed, before and after (JSON-safe values); null when there was none */
  before?: unknown;
  after?: unknown;
};

const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);

export async function writeAudit(
  executor: Kysely<DB> | Transaction<DB>,
  staff: Pick<Staff, "id" | "role" | "ip">,
  change: AuditChange,
  now = new Date(),
): Promise<void> {
  await executor
    .insertInto("auditEntries")
    .values({
      staffUserId: staff.id,
      staffRole: staff.role,
      action: change.action,
      entityType: change.entityType,
      entityId: String(change.entityId),
      before: json(change.before),
      after: json(change.after),
      ip: staff.ip,
      createdAt: now.toISOString(),
    })
    .execute();
}

/** writeAudit outside a change's own transaction (sign-in, a resent e-mail). */
export const audit = (staff: Pick<Staff, "id" | "role" | "ip">, change: AuditChange) =>
  writeAudit(db, staff, change);
