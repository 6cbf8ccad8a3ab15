// /admin/deliveries/{yyyy-MM-dd}: one packing day. The pick list (paid orders only, by region), the
// day's orders with packed and dispatched (one by one or all at once), the packing slips (one
// printed page each) and the courier manifest.
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formError } from "~/accounts/form-error";
import { useFormError } from "~/admin/components/use-form-error";
import { FormError } from "~/components/forms";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { formatStaffDay } from "~/admin/format";
import { TableBox } from "~/admin/components/table-box";
import {
  MarkButton,
  manifestPath,
  PackingSlips,
  PackingStateBadge,
  PickListTable,
  PrintSlipsButton,
} from "~/admin/packing/components";
import { markingFormAction } from "~/admin/packing/marking-actions.server";
import { packingDayPage, parseDay, slipView } from "~/admin/packing/packing-day.server";
import { packingState } from "~/admin/packing/packing-state";
import { markedMessage } from "~/admin/packing/packing-schema";
import { offsetOf, PAGE_SIZE, pageOf } from "~/admin/pagination";
import { requireStaff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import packingHref from "~/styles/admin-packing.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Packing ${data ? formatStaffDay(data.date) : "day"} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: packingHref }];

/** The mark buttons all answer to this form id: their refusal shows at the top of the page. */
const PACKING_FORM_ID = "packing";

function dayOf(params: { date?: string }) {
  const date = parseDay(params.date);
  if (!date) throw new Response("Not found", { status: 404 });
  return date;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "deliveries");
  const date = dayOf(params);
  const url = new URL(request.url);
  const page = pageOf(url);
  const { slips, ...day } = await packingDayPage(date, {
    offset: offsetOf(page),
    limit: PAGE_SIZE,
  });
  return data(
    {
      date,
      page,
      ...day,
      slips: slips.map(slipView),
      message: markedMessage(url.searchParams),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "deliveries");
  const date = dayOf(params);
  const outcome = await markingFormAction(staff, date, await readForm(request));
  if ("redirectTo" in outcome) return redirect(outcome.redirectTo, 303);
  return data(formError(PACKING_FORM_ID, outcome.message, {}), { status: outcome.status });
}

export default function PackingDay() {
  const d = useLoaderData<typeof loader>();
  const day = formatStaffDay(d.date);
  return (
    <AdminPage
      title={`Packing day: ${day}`}
      lead={`${d.paid} paid ${d.paid === 1 ? "order" : "orders"} to pack; ${d.unpaid} unpaid (not packed unless paid by the packing cut-off).`}
      actions={
        <>
          <Link to="/admin/deliveries" className="button button--quiet">
            All delivery days
          </Link>
          <a href={manifestPath(d.date)} className="button button--secondary" download>
            Courier manifest (CSV)
          </a>
          <PrintSlipsButton date={d.date} />
        </>
      }
    >
      {d.message ? (
        <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
          {d.message}
        </p>
      ) : null}
      <FormError message={useFormError(PACKING_FORM_ID)} />

      <section className="admin-section" aria-labelledby="pick-title">
        <h2 id="pick-title">Pick list</h2>
        <PickListTable date={d.date} pickList={d.pickList} />
      </section>

      <OrdersSection d={d} day={day} />

      <section className="admin-section packing-slips-section" aria-labelledby="slips-title">
        <h2 id="slips-title">Packing slips</h2>
        <PackingSlips date={d.date} slips={d.slips} />
      </section>
    </AdminPage>
  );
}

type Day = SerializeFrom<typeof loader>;

/** The day's orders, marked packed or dispatched one by one or all at once. */
function OrdersSection({ d, day }: { d: Day; day: string }) {
  return (
    <section className="admin-section" aria-labelledby="orders-title">
      <h2 id="orders-title">Orders</h2>
      {d.paid ? (
        <div className="packing-bulk">
          <MarkButton intent="pack_all" label="Mark all paid orders packed" />
          <MarkButton intent="dispatch_all" label="Mark all paid orders dispatched" primary />
        </div>
      ) : null}
      {d.orders.length ? (
        <>
          <TableBox label={`Orders for ${day}`}>
            <table className="admin-table packing-orders">
              <caption>Orders for {day}</caption>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Name</th>
                  <th scope="col">Suburb</th>
                  <th scope="col">Window</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.orders.map((o) => (
                  <OrderRow key={o.id} o={o} />
                ))}
              </tbody>
            </table>
          </TableBox>
          <Pager page={d.page} total={d.total} label="Orders" />
        </>
      ) : (
        <EmptyState>No orders for this day.</EmptyState>
      )}
    </section>
  );
}

function OrderRow({ o }: { o: Day["orders"][number] }) {
  const state = packingState(o);
  return (
    <tr>
      <th scope="row">{o.reference}</th>
      <td>{o.name}</td>
      <td>{o.suburb ?? "–"}</td>
      <td>{o.window ?? "–"}</td>
      <td>
        <PackingStateBadge state={state} />
      </td>
      <td className="packing-orders__actions">
        {state === "paid" ? (
          <MarkButton
            intent="pack"
            reference={o.reference}
            label="Mark packed"
            hiddenLabel={`order ${o.reference}`}
          />
        ) : null}
        {state === "paid" || state === "packed" ? (
          <MarkButton
            intent="dispatch"
            reference={o.reference}
            label="Mark dispatched"
            hiddenLabel={`order ${o.reference}`}
          />
        ) : null}
      </td>
    </tr>
  );
}
