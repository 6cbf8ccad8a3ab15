// /admin/discounts: every discount code (code, offer, dates, uses and limit, status), newest first,
// 50 a page; find one by its code or description; create a new one.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { SearchForm } from "~/admin/components/search-form";
import { TableBox } from "~/admin/components/table-box";
import {
  datesLabel,
  deliveriesLabel,
  discountPath,
  offerLabel,
  StatusBadge,
} from "~/admin/discounts/components";
import { searchDiscounts } from "~/admin/discounts/discounts.server";
import { pageOf } from "~/admin/pagination";
import { requireStaff } from "~/staff/staff-session.server";
import discountsHref from "~/styles/admin-discounts.css";

export const meta: MetaFunction = () => [{ title: "Discount codes | Back office" }];
export const links = () => [{ rel: "stylesheet", href: discountsHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "discounts");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = pageOf(url);
  const found = await searchDiscounts(q, page);
  return data({ q, page, ...found }, { headers: { "Cache-Control": "no-store" } });
}

export default function Discounts() {
  const d = useLoaderData<typeof loader>();
  const caption = d.q ? `Discount codes matching “${d.q}”` : "Discount codes, newest first";
  return (
    <AdminPage
      title="Discount codes"
      lead="Codes shoppers type at checkout: what they give, when, how often and where."
      actions={
        <Link to="/admin/discounts/new" className="button button--primary">
          New code
        </Link>
      }
    >
      <SearchForm
        label="Code or description"
        hint="Part of a code (like WELCOME) or of its description."
        defaultValue={d.q}
      />
      {d.discounts.length ? (
        <>
          <TableBox label={caption}>
            <table className="admin-table">
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Offer</th>
                  <th scope="col">Deliveries</th>
                  <th scope="col">Active dates</th>
                  <th scope="col" className="num">
                    Uses / limit
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {d.discounts.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={discountPath(c.id)} className="discount-code">
                        {c.code}
                      </Link>
                    </th>
                    <td>{offerLabel(c)}</td>
                    <td>{deliveriesLabel(c)}</td>
                    <td>{datesLabel(c)}</td>
                    <td className="num">
                      {c.usesCount} / {c.maxUses ?? "no limit"}
                    </td>
                    <td>
                      <StatusBadge status={c.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          <Pager page={d.page} total={d.total} label="Discount codes" />
        </>
      ) : (
        <EmptyState>{d.q ? "No code matches that." : "No discount codes yet."}</EmptyState>
      )}
    </AdminPage>
  );
}
