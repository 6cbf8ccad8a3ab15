// The order summary panel of the pay page (SPEC §2): invoice lines, subtotal,
// discounted, credit and total. A <details> so it collapses on small screens
// without JS; on wide screens the stylesheet always shows its content.
import { formatAud, gstSentence } from "~/utils/money";
import type { PaymentSummary } from "../breakdown";

export function OrderSummary({
  reference,
  summary,
}: {
  reference: string;
  summary: PaymentSummary;
}) {
  return (
    <details className="order-summary">
      <summary className="order-summary__toggle">
        <h2 className="order-summary__title">Order summary</h2>
        <span className="order-summary__due">
          <span className="visually-hidden">Total to pay </span>
          <span className="price">{formatAud(summary.totalCents)}</span>
        </span>
      </summary>
      <div className="order-summary__body">
        <p className="order-summary__ref">Order {reference}</p>
        <ul className="order-summary__lines" role="list">
          {summary.lines.map((l, i) => (
            <li key={i} className="order-summary__line">
              <span>
                {l.name}
                {l.quantity > 1 ? (
                  <span className="order-summary__qty"> × {l.quantity}</span>
                ) : null}
              </span>
              <span>{formatAud(l.lineCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="order-summary__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatAud(summary.subtotalCents)}</dd>
          </div>
          <div>
            <dt>Discounted</dt>
            <dd>
              {summary.discountedCents ? `-${formatAud(summary.discountedCents)}` : formatAud(0)}
            </dd>
          </div>
          <div>
            <dt>Credit</dt>
            <dd>{summary.creditCents ? `-${formatAud(summary.creditCents)}` : formatAud(0)}</dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>Free</dd>
          </div>
          <div className="order-summary__grand">
            <dt>Total</dt>
            <dd className="price">{formatAud(summary.totalCents)}</dd>
          </div>
        </dl>
        <p className="order-summary__note">{gstSentence(summary.gstCents)}</p>
      </div>
    </details>
  );
}
