// /admin/audit (owner only): every change staff made, newest first, 50 a page, with filters.
// Read only: no page of the app edits or deletes an entry.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { FilterInput, FilterSelect } from "~/admin/components/filter-fields";
import { NoValue } from "~/admin/components/no-value";
import { Pager } from "~/admin/components/pager";
import { auditChoices, auditFilters, listAudit } from "~/admin/audit/audit-log.server";
import { formatStaffTime } from "~/admin/format";
import { pageOf } from "~/admin/pagination";
import { ROLE_LABELS, isStaffRole } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import { pageMeta } from "~/utils/meta";
import { TableBox } from "~/admin/components/table-box";

export const meta: MetaFunction = () => pageMeta("Audit", "What staff changed, and when.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "audit");
  const url = new URL(request.url);
  const filters = auditFilters(url);
  const page = pageOf(url);
  const [list, choices] = await Promise.all([listAudit(filters, page), auditChoices()]);
  return { filters, page, choices, ...list };
}

/** A stored JSON value as short "field: value" lines. */
function Change({ json }: { json: string | null }) {
  if (!json) return <NoValue />;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return <code>{json}</code>;
  }
  if (value && typeof value === "object" && !Array.isArray(value))
    return (
      <dl className="audit-change">
        {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{typeof v === "string" ? v : JSON.stringify(v)}</dd>
          </div>
        ))}
      </dl>
    );
  return <code>{JSON.stringify(value)}</code>;
}

export default function AuditLog() {
  const { filters, page, choices, entries, total } = useLoaderData<typeof loader>();
  const filtered =
    filters.staffId !== null ||
    Boolean(filters.action || filters.entityType || filters.entityId || filters.from || filters.to);
  return (
    <AdminPage
      title="Audit"
      lead="Every change made in the back office: who, what, which record, before and after."
    >
      <Form method="get" className="admin-search audit-filters" aria-label="Filter the audit">
        <FilterSelect
          name="staff"
          label="Staff member"
          any="Anyone"
          value={filters.staffId === null ? "" : String(filters.staffId)}
          options={choices.staff.map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <FilterSelect
          name="action"
          label="Action"
          any="Any action"
          value={filters.action}
          options={choices.actions}
        />
        <FilterSelect
          name="entity"
          label="Record type"
          any="Any type"
          value={filters.entityType}
          options={choices.entities}
        />
        <FilterInput name="record" label="Record" value={filters.entityId} maxLength={60} />
        <FilterInput name="from" label="From" value={filters.from} type="date" />
        <FilterInput name="to" label="To" value={filters.to} type="date" />
        <button type="submit" className="button button--secondary">
          Filter
        </button>
        {filtered ? (
          <Link to="/admin/audit" className="button button--quiet">
            Clear
          </Link>
        ) : null}
      </Form>
      {entries.length === 0 ? (
        <EmptyState>{filtered ? "No entries match these filters." : "No entries yet."}</EmptyState>
      ) : (
        <TableBox label="Audit entries">
          <table className="admin-table">
            <caption>Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatStaffTime(e.createdAt)}</td>
                  <td>
                    {e.staffName}
                    <br />
                    <span className="admin-muted">
                      {isStaffRole(e.staffRole) ? ROLE_LABELS[e.staffRole] : e.staffRole}
                    </span>
                  </td>
                  <td>
                    <code>{e.action}</code>
                  </td>
                  <td>
                    {e.entityType} {e.entityId}
                  </td>
                  <td>
                    <Change json={e.before} />
                  </td>
                  <td>
                    <Change json={e.after} />
                  </td>
                  <td>{e.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager page={page} total={total} label="Audit" />
    </AdminPage>
  );
}
