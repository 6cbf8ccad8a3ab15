// /admin/payments: renewals that could not be charged, with their retry schedule; "Retry now" and
// "Send the pay link again" (app/admin/payments/failed-payments.server.ts). Owner and support.
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusMessage } from "~/admin/customers/components/status-message";
import { useFormError } from "~/admin/components/use-form-error";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { ActForm } from "~/admin/customers/components/act-form";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import { pageOf } from "~/admin/pagination";
import { PAYMENT_INTENTS } from "~/admin/payments/payment-actions.server";
import { PAYMENTS_FORM_ID, paymentDoneMessage } from "~/admin/payments/payment-schema";
import { failedPayments } from "~/admin/payments/failed-payments.server";
import { FormError } from "~/components/forms";
import { dispatchIntent } from "~/http/intents.server";
import { requireStaff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import careHref from "~/styles/admin-customers.css";
import { TableBox } from "~/admin/components/table-box";

export const meta: MetaFunction = () => [{ title: "Failed payments · Paddock & Tide back office" }];
export const links = () => [{ rel: "stylesheet", href: careHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "payments");
  const url = new URL(request.url);
  const page = pageOf(url);
  const { rows, total } = await failedPayments(page);
  return data(
    {
      page,
      rows,
      total,
      done: paymentDoneMessage(url.searchParams.get("done"), url.searchParams.get("ref")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "payments");
  const form = await readForm(request);
  return dispatchIntent(form, PAYMENT_INTENTS, staff, form, request);
}

export default function FailedPayments() {
  const { page, rows, total, done } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Failed payments"
      lead="Renewals whose card was declined. Each is tried again on its schedule until the boxes are packed."
    >
      <StatusMessage message={done} />
      <FormError message={useFormError(PAYMENTS_FORM_ID)} />
      {rows.length === 0 ? (
        <EmptyState>No renewal is waiting for payment.</EmptyState>
      ) : (
        <>
          <TableBox label={`Renewals awaiting payment, the soonest delivery first (${total})`}>
            <table className="admin-table care-payments">
              <caption>Renewals awaiting payment, the soonest delivery first ({total})</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Delivery</th>
                  <th scope="col" className="num">
                    Due
                  </th>
                  <th scope="col">Tries and decline</th>
                  <th scope="col">Retry schedule</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <PaymentRow key={r.deliveryId} r={r} />
                ))}
              </tbody>
            </table>
          </TableBox>
          <Pager page={page} total={total} label="Failed payments" />
        </>
      )}
    </AdminPage>
  );
}

function PaymentRow({ r }: { r: SerializeFrom<typeof loader>["rows"][number] }) {
  return (
    <tr>
      <th scope="row" className="care-nowrap">
        {r.orderReference}
      </th>
      <td>
        <Link to={`/admin/customers/${r.customerId}`}>{r.customerName}</Link>
        <br />
        <span className="care-email care-note">{r.email}</span>
      </td>
      <td className="care-nowrap">{formatStaffDay(r.deliveryDate)}</td>
      <td className="num">{formatAud(r.dueCents)}</td>
      <td>
        {r.attempts} {r.attempts === 1 ? "try" : "tries"}
        {r.failure ? <span className="care-note"> — {r.failure}</span> : null}
      </td>
      <td>
        {r.retries.length > 0 ? (
          <ul className="care-retries" role="list">
            {r.retries.map((t) => (
              <li key={t}>{formatStaffTime(t)}</li>
            ))}
          </ul>
        ) : (
          <span>No automatic tries left.</span>
        )}
        <span className="care-note">
          Not sent unless paid by {formatStaffTime(r.packingCutoffAt)}, when the boxes are packed.
        </span>
      </td>
      <td>
        <div className="care-payments__actions">
          <ActForm
            intent="retry"
            extra={{ deliveryId: String(r.deliveryId) }}
            label="Retry now"
            buttonLabel={`Retry now: ${r.orderReference}`}
            tone="primary"
          />
          <ActForm
            intent="pay_link"
            extra={{ deliveryId: String(r.deliveryId) }}
            label="Send the pay link again"
            buttonLabel={`Send the pay link again: ${r.orderReference}`}
          />
        </div>
      </td>
    </tr>
  );
}
