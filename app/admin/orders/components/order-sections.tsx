// The read-only parts of an order's page (/admin/orders/{reference}): its notices, facts, invoice,
// payments, refunds and history. The forms (refund, resend) are in order-forms.tsx.
import type { SerializeFrom } from "@remix-run/node";
import { EmptyState } from "~/admin/components/admin-page";
import { TableBox } from "~/admin/components/table-box";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import type { AdminOrder } from "~/admin/orders/order-detail.server";
import { TotalRow } from "~/orders/components/total-row";

type Order = SerializeFrom<AdminOrder>;

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

/** What the last action did (a refund made, an e-mail resent), after its redirect. */
export function OrderStatusNotice({ status }: { status: string | null }) {
  if (!status) return null;
  return (
    <div
      className="form-alert form-alert--success admin-orders__alert"
      role="status"
      id="order-status"
      tabIndex={-1}
    >
      <p>{status}</p>
    </div>
  );
}

/** Card refunds the gateway did not answer in time for (decision 072). */
export function ConfirmingNotice({ refunds }: { refunds: Order["refunds"] }) {
  const confirming = refunds.filter((r) => r.status === "unknown");
  if (confirming.length === 0) return null;
  return (
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
        . It stays counted as refunded, so that money cannot be refunded again, until the gateway
        confirms it in the next few minutes. If it was made, the customer is sent the adjustment
        note; if not, its amount can be refunded again.
      </p>
    </div>
  );
}

export function OrderFacts({ order }: { order: Order }) {
  return (
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
          <DeliveryFacts delivery={order.delivery} />
        )}
      </dl>
    </section>
  );
}

function DeliveryFacts({ delivery }: { delivery: Order["delivery"] }) {
  return (
    <>
      <dt>Delivery</dt>
      <dd>
        {delivery.date ? formatStaffDay(delivery.date) : "Not set"}
        {delivery.window ? `, ${delivery.window}` : ""}
      </dd>
      <dt>Address</dt>
      <dd>{delivery.address ?? "Not recorded"}</dd>
      <dt>Packed</dt>
      <dd>{delivery.packedAt ? formatStaffTime(delivery.packedAt) : "Not yet"}</dd>
      <dt>Dispatched</dt>
      <dd>{delivery.dispatchedAt ? formatStaffTime(delivery.dispatchedAt) : "Not yet"}</dd>
    </>
  );
}

export function InvoiceSection({ order }: { order: Order }) {
  const s = order.summary;
  return (
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
            <InvoiceTotals order={order} summary={s} />
          </table>
        </TableBox>
      ) : (
        <EmptyState>This order has no invoice.</EmptyState>
      )}
    </section>
  );
}

function InvoiceTotals({
  order,
  summary: s,
}: {
  order: Order;
  summary: NonNullable<Order["summary"]>;
}) {
  return (
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
  );
}

export function PaymentsSection({ order }: { order: Order }) {
  return (
    <section className="admin-section" aria-labelledby="order-payments">
      <h2 id="order-payments">Payments</h2>
      {order.payments.length === 0 ? (
        <EmptyState>
          No card payments{order.summary?.creditCents ? ": credit paid for it" : ""}.
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
  );
}

export function RefundsSection({ order }: { order: Order }) {
  return (
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
  );
}

export function HistorySection({ order }: { order: Order }) {
  return (
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
  );
}
