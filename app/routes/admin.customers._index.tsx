// /admin/customers: find a customer by e-mail, name, phone or postcode; 50 a page.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { SearchForm } from "~/admin/components/search-form";
import { searchCustomers } from "~/admin/customers/customers.server";
import { formatStaffTime } from "~/admin/format";
import { pageOf } from "~/admin/pagination";
import { requireStaff } from "~/staff/staff-session.server";
import careHref from "~/styles/admin-customers.css";
import { TableBox } from "~/admin/components/table-box";

export const meta: MetaFunction = () => [{ title: "Customers · Paddock & Tide back office" }];
export const links = () => [{ rel: "stylesheet", href: careHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "customers");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const page = pageOf(url);
  const { rows, total } = await searchCustomers(q, page);
  return { q, page, rows, total };
}

export default function Customers() {
  const { q, page, rows, total } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Customers" lead="Find a customer to see their page and act for them.">
      <SearchForm
        label="E-mail, name, phone or postcode"
        hint="An e-mail can be its beginning (sam@ex); a name its first letters (Lee, Sam Lee)."
        defaultValue={q}
      />
      {rows.length === 0 ? (
        <EmptyState>{q ? `No customer matches “${q}”.` : "No customers yet."}</EmptyState>
      ) : (
        <>
          <TableBox
            label={`${q ? `Customers matching “${q}”` : "Customers, newest first"} (${total})`}
          >
            <table className="admin-table">
              <caption>
                {q ? `Customers matching “${q}”` : "Customers, newest first"} ({total})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={`/admin/customers/${c.id}`}>{c.name}</Link>
                    </th>
                    <td className="care-email">{c.email}</td>
                    <td>{c.phone ?? "—"}</td>
                    <td>{formatStaffTime(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          <Pager page={page} total={total} label="Customers" />
        </>
      )}
    </AdminPage>
  );
}
