// /admin/orders: find an order by reference, e-mail, name or date; 50 a page, newest first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import { OrderStatusBadge } from "~/admin/orders/components/order-status";
import { TableBox } from "~/admin/components/table-box";
import { searchOrders } from "~/admin/orders/search.server";
import { orderSearchOf } from "~/admin/orders/order-search-schema";
import { orderSearchBrowserValidator } from "~/admin/orders/form-validators";
import { FormSubmit, TextField } from "~/components/forms";
import { pageOf } from "~/admin/pagination";
import { requireStaff } from "~/staff/staff-session.server";
import { pageMeta } from "~/utils/meta";
import adminOrdersHref from "~/styles/admin-orders.css";

export const meta: MetaFunction = () => pageMeta("Orders", "Find an order.");

export const links = () => [{ rel: "stylesheet", href: adminOrdersHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "orders");
  const url = new URL(request.url);
  const { q, date } = await orderSearchOf(url);
  const page = pageOf(url);
  const { rows, total } = await searchOrders({ q, date }, page);
  return { q, date, page, rows, total, searched: Boolean(q.trim() || date) };
}

type OrdersPage = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminOrders() {
  const { q, date, page, rows, total, searched } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Orders"
      lead="Find an order by its reference, the customer's e-mail or name, or a date."
    >
      <OrderSearchForm q={q} date={date} />
      {rows.length === 0 ? (
        <EmptyState>{searched ? "No orders match your search." : "No orders yet."}</EmptyState>
      ) : (
        <>
          <OrdersTable rows={rows} searched={searched} />
          <Pager page={page} total={total} label="Orders" />
        </>
      )}
    </AdminPage>
  );
}

/** A GET form (a search has a URL and works without JS), drawn anew for each query. */
function OrderSearchForm({ q, date }: Pick<OrdersPage, "q" | "date">) {
  return (
    <ValidatedForm
      key={`${q}|${date}`}
      validator={orderSearchBrowserValidator}
      method="get"
      defaultValues={{ q, date }}
      className="admin-search"
      role="search"
    >
      <TextField
        name="q"
        label="Reference, e-mail or name"
        hint="For example PT-7K3M-Q9XD, ava@example.com or Nguyen."
        type="search"
        maxLength={200}
        className="admin-search__field"
      />
      <TextField
        name="date"
        label="Placed or delivered on"
        type="date"
        className="admin-orders__date"
      />
      <FormSubmit variant="secondary" className="admin-search__submit">
        Search
      </FormSubmit>
    </ValidatedForm>
  );
}

function OrdersTable({ rows, searched }: Pick<OrdersPage, "rows" | "searched">) {
  return (
    <TableBox label={`${searched ? "Orders matching your search" : "All orders"}, newest first`}>
      <table className="admin-table">
        <caption>{searched ? "Orders matching your search" : "All orders"}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Customer</th>
            <th scope="col">Placed</th>
            <th scope="col">Delivery</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.reference}>
              <th scope="row" className="admin-orders__ref">
                <Link to={`/admin/orders/${encodeURIComponent(o.reference)}`}>{o.reference}</Link>
              </th>
              <td>
                {o.customerName}
                <br />
                <span className="admin-orders__muted">{o.email}</span>
              </td>
              <td>{formatStaffTime(o.createdAt)}</td>
              <td>
                {o.kind === "gift_card"
                  ? "Gift card"
                  : o.deliveryDate
                    ? formatStaffDay(o.deliveryDate)
                    : "None"}
              </td>
              <td>
                <OrderStatusBadge status={o.status} refundedCents={o.refundedCents} />
              </td>
              <td className="num">{o.totalCents === null ? "None" : formatAud(o.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
