// /admin/discounts/{id}: a discount code's terms, its edit form (audited) and its usage report: the
// orders that used it (reference, date, customer, discount given), 50 a page, with the totals and a CSV.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { TableBox } from "~/admin/components/table-box";
import {
  datesLabel,
  deliveriesLabel,
  DiscountForm,
  offerLabel,
  StatusBadge,
} from "~/admin/discounts/components";
import {
  discountFormOptions,
  discountUsage,
  loadDiscount,
} from "~/admin/discounts/discounts.server";
import { discountFormAction } from "~/admin/discounts/discount-actions.server";
import { formatAud, formatStaffTime } from "~/admin/format";
import { pageOf } from "~/admin/pagination";
import { requireStaff } from "~/staff/staff-session.server";
import discountsHref from "~/styles/admin-discounts.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? data.discount.code : "Discount code"} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: discountsHref }];

function idOf(params: { id?: string }) {
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id)) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "discounts");
  const id = idOf(params);
  const url = new URL(request.url);
  const page = pageOf(url);
  const [discount, options, usage] = await Promise.all([
    loadDiscount(id),
    discountFormOptions(),
    discountUsage(id, page),
  ]);
  if (!discount) throw new Response("Not found", { status: 404 });
  const done = url.searchParams.get("done");
  return data(
    {
      discount,
      ...options,
      usage,
      page,
      done: done === "created" || done === "saved" ? done : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "discounts");
  return discountFormAction(request, staff, idOf(params));
}

type DiscountPageData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function DiscountPage() {
  const { discount: d, products, regions, usage, page, done } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title={d.code}
      lead={
        <>
          {offerLabel(d)} · {deliveriesLabel(d)} · <StatusBadge status={d.status} />
        </>
      }
      actions={
        <Link to="/admin/discounts" className="button button--quiet">
          All codes
        </Link>
      }
    >
      {done ? (
        <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
          {done === "created" ? `${d.code} created.` : `${d.code} saved.`}
        </p>
      ) : null}

      <Terms d={d} />
      <Usage d={d} usage={usage} page={page} />
      <section className="admin-section" aria-labelledby="edit-title">
        <h2 id="edit-title">Edit the code</h2>
        <p className="discount-edit-note">
          Changes apply to checkouts from now on. Renewals of subscriptions that used a recurring
          code follow its current terms.
        </p>
        <DiscountForm
          values={d.values}
          products={products}
          regions={regions}
          submitLabel="Save the code"
        />
      </section>
    </AdminPage>
  );
}

function Terms({ d }: { d: DiscountPageData["discount"] }) {
  return (
    <section className="admin-card" aria-labelledby="terms-title">
      <h2 id="terms-title">Terms</h2>
      <dl className="admin-facts discount-facts">
        <dt>Description</dt>
        <dd>{d.description}</dd>
        <dt>Active dates</dt>
        <dd>{datesLabel(d)} (Sydney time, last day included)</dd>
        <dt>Uses</dt>
        <dd>
          {d.usesCount} of {d.maxUses ?? "no limit"}; per customer:{" "}
          {d.maxUsesPerCustomer ?? "no limit"}
        </dd>
        <dt>Excluded regions</dt>
        <dd>{d.excludedRegionNames.length ? d.excludedRegionNames.join(", ") : "None"}</dd>
      </dl>
    </section>
  );
}

function Usage({
  d,
  usage,
  page,
}: Pick<DiscountPageData, "usage" | "page"> & { d: DiscountPageData["discount"] }) {
  return (
    <section className="admin-section" aria-labelledby="usage-title">
      <div className="discount-usage__head">
        <h2 id="usage-title">Usage</h2>
        <a href={`/admin/discounts/${d.id}/uses.csv`} className="button button--quiet" download>
          Download CSV
        </a>
      </div>
      <p className="discount-usage__totals">
        <strong>{usage.orders}</strong> {usage.orders === 1 ? "order" : "orders"}, discount given{" "}
        <strong>{formatAud(usage.discountedCents)}</strong>.
      </p>
      {usage.uses.length ? (
        <>
          <UsageTable code={d.code} uses={usage.uses} />
          <Pager page={page} total={usage.orders} label="Orders that used the code" />
        </>
      ) : (
        <EmptyState>No order has used this code yet.</EmptyState>
      )}
    </section>
  );
}

function UsageTable({ code, uses }: { code: string; uses: DiscountPageData["usage"]["uses"] }) {
  return (
    <TableBox label={`Orders that used ${code}`}>
      <table className="admin-table">
        <caption>Orders that used {code}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Delivery</th>
            <th scope="col" className="num">
              Discount given
            </th>
          </tr>
        </thead>
        <tbody>
          {uses.map((u) => (
            <tr key={`${u.reference}-${u.at}`}>
              <th scope="row">
                {u.reference ? (
                  <Link to={`/admin/orders/${u.reference}`}>{u.reference}</Link>
                ) : (
                  "None"
                )}
              </th>
              <td>{formatStaffTime(u.at)}</td>
              <td>
                {u.customer}
                <br />
                <span className="discount-email">{u.email}</span>
              </td>
              <td>
                {u.deliveryNumber === 1 ? "First order" : `Renewal (delivery ${u.deliveryNumber})`}
              </td>
              <td className="num">{formatAud(u.discountedCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
