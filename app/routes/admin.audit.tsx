// /admin/audit (owner only): every change staff made, newest first, 50 a page, with filters.
// Read only: no page of the app edits or deletes an entry.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { NoValue } from "~/admin/components/no-value";
import { Pager } from "~/admin/components/pager";
import { auditChoices, auditFilters, listAudit } from "~/admin/audit/audit-log.server";
import { auditFilterValues, isFiltered } from "~/admin/audit/audit-filter-schema";
import { auditFilterBrowserValidator } from "~/admin/audit/form-validators";
import { FormSubmit, SelectField, TextField } from "~/components/forms";
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
  const filters = await auditFilters(url);
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

type AuditPage = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AuditLog() {
  const { filters, page, choices, entries, total } = useLoaderData<typeof loader>();
  const filtered = isFiltered(filters);
  return (
    <AdminPage
      title="Audit"
      lead="Every change made in the back office: who, what, which record, before and after."
    >
      <AuditFilterForm filters={filters} choices={choices} />
      {entries.length === 0 ? (
        <EmptyState>{filtered ? "No entries match these filters." : "No entries yet."}</EmptyState>
      ) : (
        <AuditTable entries={entries} />
      )}
      <Pager page={page} total={total} label="Audit" />
    </AdminPage>
  );
}

/** A GET form: a filtered log has a URL and works without JS. Drawn anew for each query. */
function AuditFilterForm({ filters, choices }: Pick<AuditPage, "filters" | "choices">) {
  return (
    <ValidatedForm
      key={JSON.stringify(filters)}
      validator={auditFilterBrowserValidator}
      method="get"
      defaultValues={auditFilterValues(filters)}
      className="admin-search audit-filters"
      aria-label="Filter the audit"
    >
      <SelectField
        name="staff"
        label="Staff member"
        placeholder="Anyone"
        options={choices.staff.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <SelectField
        name="action"
        label="Action"
        placeholder="Any action"
        options={choices.actions.map((a) => ({ value: a, label: a }))}
      />
      <SelectField
        name="entity"
        label="Record type"
        placeholder="Any type"
        options={choices.entities.map((e) => ({ value: e, label: e }))}
      />
      <TextField name="record" label="Record" maxLength={60} />
      <TextField name="from" label="From" type="date" />
      <TextField name="to" label="To" type="date" />
      <FormSubmit variant="secondary">Filter</FormSubmit>
      {isFiltered(filters) ? (
        <Link to="/admin/audit" className="button button--quiet">
          Clear
        </Link>
      ) : null}
    </ValidatedForm>
  );
}

function AuditTable({ entries }: Pick<AuditPage, "entries">) {
  return (
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
  );
}
