// The side of /dashboard/my-deliveries: credit, orders awaiting payment,
// past orders with their tax invoices, and the activity list (who, what,
// when, reference) of every change to the subscription.
import { Link } from "@remix-run/react";
import { formatShortDate, ORDER_STATUS_LABEL } from "~/accounts/format";
import { NoValue } from "~/components/glyph";
import { payOrderPath, taxInvoicePath } from "~/orders/paths";
import { formatAud } from "~/utils/money";
import type { ActivityEntry } from "../subscriber-actions.server";
import type { OrderSummary } from "../deliveries-summary.server";
import { formatWhen } from "../subscriber-schedule";

/** A paid order on packing day: staff marked it packed, then dispatched. */
const PROGRESS_LABEL = { packed: "Packed", dispatched: "On its way" } as const;

export function OrderCard({ o }: { o: OrderSummary }) {
  return (
    <li className="card deliveries__order">
      <div className="card__body">
        <div className="deliveries__sub-head">
          <h3 className="deliveries__ref">
            <span className="visually-hidden">Order </span>
            {o.reference}
          </h3>
          <span
            className={`badge deliveries__status deliveries__status--${o.status}${o.progress ? ` deliveries__status--${o.progress}` : ""}`}
          >
            {o.progress ? PROGRESS_LABEL[o.progress] : ORDER_STATUS_LABEL[o.status]}
          </span>
        </div>
        <dl className="deliveries__facts deliveries__facts--row">
          <div>
            <dt>Delivery date</dt>
            <dd>{formatShortDate(o.deliveryDate)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd className="price">
              {o.totalCents === null ? "Not invoiced yet" : formatAud(o.totalCents)}
            </dd>
          </div>
        </dl>
        {o.note ? <p className="deliveries__order-note">{o.note}</p> : null}
        {o.status === "unpaid" || o.status === "failed" ? (
          <p className="deliveries__order-action">
            <Link to={payOrderPath(o.reference)} className="button button--primary">
              Pay now<span className="visually-hidden"> for order {o.reference}</span>
            </Link>
          </p>
        ) : null}
        {o.status === "paid" ? (
          <p className="deliveries__order-action">
            <Link to={taxInvoicePath(o.reference)} className="button button--secondary">
              Tax invoice<span className="visually-hidden"> for order {o.reference}</span>
            </Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function OrdersSection({
  id,
  title,
  orders,
  empty,
}: {
  id: string;
  title: string;
  orders: OrderSummary[];
  empty?: string;
}) {
  if (!orders.length && !empty) return null;
  return (
    <section aria-labelledby={id} className="dash-side__section">
      <h2 id={id} className="deliveries__heading">
        {title}
      </h2>
      {orders.length ? (
        <ol className="deliveries__orders dash-orders" role="list">
          {orders.map((o) => (
            <OrderCard key={o.id} o={o} />
          ))}
        </ol>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}

export function CreditPanel({ cents }: { cents: number }) {
  return (
    <section className="card dash-credit" aria-labelledby="credit-title">
      <div className="card__body">
        <h2 id="credit-title" className="dash-credit__title">
          Credit balance
        </h2>
        <p className="dash-credit__amount price">{formatAud(cents)}</p>
        <p className="field__hint">
          {cents > 0
            ? "Taken off your next orders automatically."
            : "Gift cards you activate add credit here."}
        </p>
      </div>
    </section>
  );
}

export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  return (
    <section className="dash-activity" aria-labelledby="activity-title">
      <h2 id="activity-title" className="deliveries__heading">
        Activity
      </h2>
      {entries.length === 0 ? (
        <p>Changes you make to your subscription appear here, each with its reference.</p>
      ) : (
        <div
          className="dash-activity__scroll"
          role="region"
          aria-labelledby="activity-title"
          tabIndex={0}
        >
          <table className="dash-activity__table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Who</th>
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => (
                <tr key={`${e.reference}-${i}`}>
                  <td data-label="When">
                    <time dateTime={e.at}>{formatWhen(e.at)}</time>
                  </td>
                  <td data-label="What">{e.what}</td>
                  <td data-label="Who">{e.who}</td>
                  <td data-label="Reference" className="dash-activity__ref">
                    {e.reference || <NoValue />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
