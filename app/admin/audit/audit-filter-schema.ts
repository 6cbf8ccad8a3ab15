// The audit log's filter form (/admin/audit, a GET form): who, what, which record, which days.
// The loader reads the query with it and the browser checks the form with it (decision 075).
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { queryDay, queryId, queryText } from "~/utils/query-fields";

export const AuditFilterSchema = z
  .object({
    staff: queryId(),
    action: queryText({ max: 60 }),
    entity: queryText({ max: 40 }),
    record: queryText({ max: 60 }),
    /** Sydney days */
    from: queryDay(),
    to: queryDay(),
  })
  .transform(({ staff, action, entity, record, from, to }) => ({
    staffId: staff,
    action,
    entityType: entity,
    entityId: record,
    from,
    to,
  }));

export type AuditFilters = z.output<typeof AuditFilterSchema>;

export const auditFilterValidator = withZod(AuditFilterSchema);

/** The form's fields for a set of filters (the query's names, as text). */
export const auditFilterValues = (f: AuditFilters) => ({
  staff: f.staffId === null ? "" : String(f.staffId),
  action: f.action,
  entity: f.entityType,
  record: f.entityId,
  from: f.from,
  to: f.to,
});

export const isFiltered = (f: AuditFilters) =>
  f.staffId !== null || Boolean(f.action || f.entityType || f.entityId || f.from || f.to);
