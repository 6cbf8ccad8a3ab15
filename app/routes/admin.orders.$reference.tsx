// /admin/orders/{reference}: one order for staff. Its lines and invoice, payments (brand and last four
// only), credit used, delivery, the e-mails sent for it and its history; refund it (permission
// "refunds"), resend its confirmation or tax invoice.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { SentEmailsTable } from "~/admin/components/sent-emails-table";
import { OrderStatusBadge } from "~/admin/orders/components/order-status";
import {
  ConfirmingNotice,
  HistorySection,
  InvoiceSection,
  OrderFacts,
  OrderStatusNotice,
  PaymentsSection,
  RefundsSection,
} from "~/admin/orders/components/order-sections";
import { RefundSection, ResendSection } from "~/admin/orders/components/order-forms";
import { orderAction, statusMessage } from "~/admin/orders/order-actions.server";
import { loadAdminOrder } from "~/admin/orders/order-detail.server";
import { can, DAY_MONEY_LIMIT_CENTS, REFUND_LIMIT_CENTS } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import { pageMeta } from "~/utils/meta";
import adminOrdersHref from "~/styles/admin-orders.css";

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

export default function AdminOrder() {
  const { order, status, canRefund, giftCard, limitCents, dayLimitCents, idempotencyKey } =
    useLoaderData<typeof loader>();
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
      <OrderStatusNotice status={status} />
      <ConfirmingNotice refunds={order.refunds} />
      <div className="admin-orders__sections">
        <div>
          <OrderFacts order={order} />
          <InvoiceSection order={order} />
          <PaymentsSection order={order} />
        </div>
        <div>
          {canRefund ? (
            <RefundSection
              giftCard={giftCard}
              refund={order.refund}
              idempotencyKey={idempotencyKey}
              limitCents={limitCents}
              dayLimitCents={dayLimitCents}
            />
          ) : null}
          <ResendSection paid={order.status === "paid"} />
        </div>
      </div>
      <RefundsSection order={order} />
      <section className="admin-section" aria-labelledby="order-emails">
        <h2 id="order-emails">E-mails sent for this order</h2>
        <SentEmailsTable emails={order.emails} caption={`E-mails about order ${order.reference}`} />
      </section>
      <HistorySection order={order} />
    </AdminPage>
  );
}
