// The audit log's reading side (/admin/audit, owner only): filters, 50 a page, newest first.
// There is no writing side here: entries come only from writeAudit (../audit.server.ts).
import { db } from "~/db/client.server";
import { sydneyDayRange } from "~/utils/sydney-time.server";
import { offsetOf, PAGE_SIZE } from "../pagination";
import { auditFilterValidator, type AuditFilters } from "./audit-filter-schema";

export type { AuditFilters } from "./audit-filter-schema";

/** The filters as the query gives them: one schema for the loader and the form (decision 075). */
export async function auditFilters(url: URL): Promise<AuditFilters> {
  const result = await auditFilterValidator.validate(url.searchParams);
  // every field reads anything as text, so the schema refuses no query; were it to, a 400
  if (!result.data) throw new Response("Bad request", { status: 400 });
  return result.data;
}

export type AuditRow = {
  id: number;
  createdAt: string;
  staffName: string;
  staffEmail: string;
  staffRole: string;
  action: string;
  entityType: string;
  entityId: string;
  before: string | null;
  after: string | null;
  ip: string;
};

export async function listAudit(filters: AuditFilters, page: number) {
  let q = db.selectFrom("auditEntries").innerJoin("users", "users.id", "auditEntries.staffUserId");
  if (filters.staffId !== null) q = q.where("auditEntries.staffUserId", "=", filters.staffId);
  if (filters.action) q = q.where("auditEntries.action", "=", filters.action);
  if (filters.entityType) q = q.where("auditEntries.entityType", "=", filters.entityType);
  if (filters.entityId) q = q.where("auditEntries.entityId", "=", filters.entityId);
  if (filters.from) q = q.where("auditEntries.createdAt", ">=", sydneyDayRange(filters.from)[0]);
  if (filters.to) q = q.where("auditEntries.createdAt", "<", sydneyDayRange(filters.to)[1]);
  const [rows, total] = await Promise.all([
    q
      .select([
        "auditEntries.id",
        "auditEntries.createdAt",
        "users.firstName",
        "users.lastName",
        "users.email",
        "auditEntries.staffRole",
        "auditEntries.action",
        "auditEntries.entityType",
        "auditEntries.entityId",
        "auditEntries.before",
        "auditEntries.after",
        "auditEntries.ip",
      ])
      .orderBy("auditEntries.createdAt", "desc")
      .orderBy("auditEntries.id", "desc")
      .limit(PAGE_SIZE)
      .offset(offsetOf(page))
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    entries: rows.map((r): AuditRow => ({
      id: r.id,
      createdAt: r.createdAt,
      staffName: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email,
      staffEmail: r.email,
      staffRole: r.staffRole,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
  };
}

/** The choices of the filters: every member of staff who has an entry or a role, and every action seen. */
export async function auditChoices() {
  const [staff, actions, entities] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "firstName", "lastName", "email"])
      .where((eb) =>
        eb.or([
          eb("staffRole", "is not", null),
          eb("id", "in", eb.selectFrom("auditEntries").select("staffUserId")),
        ]),
      )
      .orderBy("firstName")
      .execute(),
    db.selectFrom("auditEntries").select("action").distinct().orderBy("action").execute(),
    db.selectFrom("auditEntries").select("entityType").distinct().orderBy("entityType").execute(),
  ]);
  return {
    staff: staff.map((s) => ({
      id: s.id,
      name: [s.firstName, s.lastName].filter(Boolean).join(" ") || s.email,
    })),
    actions: actions.map((a) => a.action),
    entities: entities.map((e) => e.entityType),
  };
}
