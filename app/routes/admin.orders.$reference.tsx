// /admin/orders/{reference}: one order for staff. Its lines and invoice, payments (brand and last four
// only), credit used, delivery, the e-mails sent for it and its history; refund it (permission
// "refunds"), resend its confirmation or tax invoice.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { SentEmailsTable } from "~/admin/components/sent-emails-table";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import { OrderStatusBadge } from "~/admin/orders/components/order-status";
import { TableBox } from "~/admin/components/table-box";
import { RefundForm } from "~/admin/orders/components/refund-form";
import {
  orderAction,
  statusMessage,
  type OrderActionData,
} from "~/admin/orders/order-actions.server";
import { loadAdminOrder } from "~/admin/orders/order-detail.server";
import { can, DAY_MONEY_LIMIT_CENTS, REFUND_LIMIT_CENTS } from "~/staff/permissions";
import { REFUND_MESSAGES } from "~/admin/refunds/refund-rules";
import { requireStaff } from "~/staff/staff-session.server";
import { CsrfInput } from "~/components/csrf-input";
import { pageMeta } from "~/utils/meta";
import adminOrdersHref from "~/styles/admin-orders.css";
import { TotalRow } from "~/orders/components/total-row";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Order ${data.order.reference}` : "Order", "An order in the back office.");

export const links = () => [{ rel: "stylesheet", href: adminOrdersHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "orders");
  const order = await loadAdminOrder(params.reference ?? "");
  if (!order) throw new Response("Not found", { status: 404 });
  const limit = REFUND_LIMIT_CENTS[staff.role];
  return {
    order,
    status: await statusMessage(order.id, new URL(request.url).searchParams, order.customer.email),
    canRefund: can(staff.role, "refunds") && order.status === "paid",
    giftCard: order.kind === "gift_card",
    limitCents: Number.isFinite(limit) ? limit : null,
    dayLimitCents: Number.isFinite(DAY_MONEY_LIMIT_CENTS[staff.role])
      ? DAY_MONEY_LIMIT_CENTS[staff.role]
      : null,
    // one per page view: a second press of the same page refunds nothing more
    idempotencyKey: randomUUID(),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return orderAction(request, context, params.reference ?? "");
}

const PAYMENT_LABELS: Record<string, [string, string]> = {
  succeeded: ["Paid", "status--good"],
  refunded: ["Refunded", "status--info"],
  declined: ["Declined", "status--bad"],
  pending: ["Being charged", "status--warn"],
  recovering: ["Being checked", "status--warn"],
};

const REFUND_LABELS: Record<string, [string, string]> = {
  succeeded: ["Refunded", "status--good"],
  pending: ["Being refunded", "status--warn"],
  unknown: ["Refund being confirmed", "status--warn"],
  failed: ["Not made", "status--bad"],
};

export default function AdminOrder() {
  const { order, status, canRefund, giftCard, limitCents, dayLimitCents, idempotencyKey } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as OrderActionData | undefined;
  const refundAnswer = actionData?.intent === "refund" ? actionData : undefined;
  const resendAnswer = actionData?.intent === "resend" ? actionData : undefined;
  const s = order.summary;
  const confirming = order.refunds.filter((r) => r.status === "unknown");
  return (
    <AdminPage
      title={`Order ${order.reference}`}
      lead={
        <>
          {order.customer.name} ({order.customer.email}) ·{" "}
          <OrderStatusBadge status={order.status} refundedCents={order.refund.refundedCents} />
        </>
      }
    >
      {status ? (
        <div
          className="form-alert form-alert--success admin-orders__alert"
          role="status"
          id="order-status"
          tabIndex={-1}
        >
          <p>{status}</p>
        </div>
      ) : null}
      {confirming.length > 0 ? (
        <div
          className="form-alert form-alert--info admin-orders__alert"
          role="status"
          id="refund-confirming"
          tabIndex={-1}
        >
          <p>
            <strong>Refund being confirmed.</strong> The payment gateway did not answer in time for{" "}
            {confirming
              .map((r) => `${r.noteNumber} (${formatAud(r.amountCents)} to the card)`)
              .join(", ")}
            . It stays counted as refunded, so that money cannot be refunded again, until the
            gateway confirms it in the next few minutes. If it was made, the customer is sent the
            adjustment note; if not, its amount can be refunded again.
          </p>
        </div>
      ) : null}

      <div className="admin-orders__sections">
        <div>
          <section className="admin-section" aria-labelledby="order-facts">
            <h2 id="order-facts">Order</h2>
            <dl className="admin-facts admin-card admin-orders__facts">
              <dt>Placed</dt>
              <dd>{formatStaffTime(order.createdAt)}</dd>
              <dt>Paid</dt>
              <dd>{order.paidAt ? formatStaffTime(order.paidAt) : "Not paid"}</dd>
              <dt>Customer</dt>
              <dd>
                {order.customer.name}, {order.customer.email}
              </dd>
              {order.kind === "gift_card" ? (
                <>
                  <dt>Kind</dt>
                  <dd>Gift card</dd>
                </>
              ) : (
                <>
                  <dt>Delivery</dt>
                  <dd>
                    {order.delivery.date ? formatStaffDay(order.delivery.date) : "Not set"}
                    {order.delivery.window ? `, ${order.delivery.window}` : ""}
                  </dd>
                  <dt>Address</dt>
                  <dd>{order.delivery.address ?? "Not recorded"}</dd>
                  <dt>Packed</dt>
                  <dd>
                    {order.delivery.packedAt ? formatStaffTime(order.delivery.packedAt) : "Not yet"}
                  </dd>
                  <dt>Dispatched</dt>
                  <dd>
                    {order.delivery.dispatchedAt
                      ? formatStaffTime(order.delivery.dispatchedAt)
                      : "Not yet"}
                  </dd>
                </>
              )}
            </dl>
          </section>

          <section className="admin-section" aria-labelledby="order-invoice">
            <h2 id="order-invoice">Lines and invoice</h2>
            {s ? (
              <TableBox label={`Invoice ${order.reference}`}>
                <table className="admin-table">
                  <caption>Invoice {order.reference}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Item</th>
                      <th scope="col" className="num">
                        Qty
                      </th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.lines.map((l, i) => (
                      <tr key={i}>
                        <td>
                          {l.name}
                          {l.taxable ? " (GST applies)" : ""}
                        </td>
                        <td className="num">{l.quantity}</td>
                        <td className="num">{formatAud(l.lineCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <TotalRow label="Subtotal" span={2}>
                      {formatAud(s.subtotalCents)}
                    </TotalRow>
                    <TotalRow label="Discount" span={2}>
                      {s.discountedCents ? `-${formatAud(s.discountedCents)}` : formatAud(0)}
                    </TotalRow>
                    <TotalRow label={`Total (GST included: ${formatAud(s.gstCents)})`} span={2}>
                      {formatAud(order.invoiceTotalCents ?? 0)}
                    </TotalRow>
                    <TotalRow label="Credit used" span={2}>
                      {s.creditCents ? `-${formatAud(s.creditCents)}` : formatAud(0)}
                    </TotalRow>
                    <TotalRow label="Paid by card" span={2}>
                      {formatAud(order.refund.cardPaidCents)}
                    </TotalRow>
                    <TotalRow label="Refunded" span={2}>
                      {formatAud(order.refund.refundedCents)}
                    </TotalRow>
                  </tfoot>
                </table>
              </TableBox>
            ) : (
              <EmptyState>This order has no invoice.</EmptyState>
            )}
          </section>

          <section className="admin-section" aria-labelledby="order-payments">
            <h2 id="order-payments">Payments</h2>
            {order.payments.length === 0 ? (
              <EmptyState>
                No card payments{s?.creditCents ? ": credit paid for it" : ""}.
              </EmptyState>
            ) : (
              <TableBox label={`Payments for order ${order.reference}`}>
                <table className="admin-table">
                  <caption>Payments for order {order.reference}</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Card</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.payments.map((p) => {
                      const [label, tone] = PAYMENT_LABELS[p.status] ?? [p.status, "status--info"];
                      return (
                        <tr key={p.id}>
                          <td>{formatStaffTime(p.createdAt)}</td>
                          <td>{p.card ?? "None"}</td>
                          <td className="num">{formatAud(p.amountCents)}</td>
                          <td>
                            <span className={`status ${tone}`}>{label}</span>
                            {p.failureMessage ? <> {p.failureMessage}</> : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableBox>
            )}
          </section>
        </div>

        <div>
          {canRefund ? (
            <section className="admin-section admin-card" aria-labelledby="refund-title">
              <h2 id="refund-title">Refund</h2>
              {refundAnswer?.errors?.form ? (
                <div className="form-alert form-alert--error admin-orders__alert" role="alert">
                  <p>{refundAnswer.errors.form}</p>
                </div>
              ) : refundAnswer?.errors ? (
                <div className="form-alert form-alert--error admin-orders__alert" role="alert">
                  <p>Nothing was refunded: check the fields marked below.</p>
                </div>
              ) : null}
              {giftCard ? (
                <p>{REFUND_MESSAGES.giftCard}</p>
              ) : order.refund.orderLeftCents > 0 ? (
                <RefundForm
                  // a new page view (after a refund, or any reload) starts with an empty form
                  key={idempotencyKey}
                  refund={order.refund}
                  idempotencyKey={idempotencyKey}
                  limitCents={limitCents}
                  dayLimitCents={dayLimitCents}
                  errors={refundAnswer?.errors ?? {}}
                  values={refundAnswer?.values ?? null}
                />
              ) : (
                <p>{REFUND_MESSAGES.nothingLeft}</p>
              )}
            </section>
          ) : null}

          <section className="admin-section" aria-labelledby="resend-title">
            <h2 id="resend-title">Resend an e-mail</h2>
            {resendAnswer?.message ? (
              <div className="form-alert form-alert--error admin-orders__alert" role="alert">
                <p>{resendAnswer.message}</p>
              </div>
            ) : null}
            <div className="admin-orders__resend">
              <Form method="post" action="?intent=resend">
                <CsrfInput />
                <input type="hidden" name="email" value="confirmation" />
                <button type="submit" className="button button--secondary">
                  Resend the confirmation
                </button>
              </Form>
              {order.status === "paid" ? (
                <Form method="post" action="?intent=resend">
                  <CsrfInput />
                  <input type="hidden" name="email" value="invoice" />
                  <button type="submit" className="button button--secondary">
                    Resend the tax invoice
                  </button>
                </Form>
              ) : null}
            </div>
          </section>
        </div>
      </div>

      <section className="admin-section" aria-labelledby="order-refunds">
        <h2 id="order-refunds">Refunds and adjustment notes</h2>
        {order.refunds.length === 0 ? (
          <EmptyState>No refunds.</EmptyState>
        ) : (
          <TableBox label={`Refunds of order ${order.reference}`}>
            <table className="admin-table">
              <caption>Refunds of order {order.reference}</caption>
              <thead>
                <tr>
                  <th scope="col">Adjustment note</th>
                  <th scope="col">When</th>
                  <th scope="col">By</th>
                  <th scope="col">To</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    GST adjusted
                  </th>
                  <th scope="col">Reason</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((r) => {
                  const [label, tone] = REFUND_LABELS[r.status];
                  return (
                    <tr key={r.noteNumber}>
                      <th scope="row">{r.noteNumber}</th>
                      <td>{formatStaffTime(r.createdAt)}</td>
                      <td>{r.staffName}</td>
                      <td>{r.method === "card" ? "Card" : "Account credit"}</td>
                      <td className="num">{formatAud(r.amountCents)}</td>
                      <td className="num">{formatAud(r.gstCents)}</td>
                      <td>{r.reason}</td>
                      <td>
                        <span className={`status ${tone}`}>{label}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableBox>
        )}
      </section>
      <section className="admin-section" aria-labelledby="order-emails">
        <h2 id="order-emails">E-mails sent for this order</h2>
        <SentEmailsTable emails={order.emails} caption={`E-mails about order ${order.reference}`} />
      </section>

      <section className="admin-section" aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        <TableBox label={`What happened to order ${order.reference}, oldest first`}>
          <table className="admin-table">
            <caption>What happened to order {order.reference}, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Who</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((h, i) => (
                <tr key={i}>
                  <td>{formatStaffTime(h.at)}</td>
                  <td>{h.what}</td>
                  <td>{h.who ?? "The shop"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </section>
    </AdminPage>
  );
}
