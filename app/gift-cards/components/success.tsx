// The purchase's success state: when each card arrives (SPEC §4: within 5
// minutes for today, within 15 minutes of the chosen day's start otherwise),
// the order reference and each card's expiry.
import { Link } from "@remix-run/react";
import { formatAud } from "~/utils/money";
import { arrivalNote, formatDay } from "../rules";

export type SuccessOrder = {
  reference: string;
  chargedCents: number;
  cards: {
    receiverName: string;
    valueCents: number;
    deliverOn: string;
    expiresOn: string | null;
    bonus: boolean;
  }[];
};

export function GiftSuccess({
  order,
  today,
  invoicePath,
}: {
  order: SuccessOrder;
  today: string;
  invoicePath: string | null;
}) {
  return (
    <div className="gift-success">
      <div className="form-alert form-alert--success gift-success__status" role="status">
        <p>Payment received: {formatAud(order.chargedCents)}. We've e-mailed your receipt.</p>
      </div>
      <p className="gift-success__ref">
        Order reference <strong data-testid="order-reference">{order.reference}</strong>
      </p>
      <ul role="list" className="gift-success__cards">
        {order.cards.map((c, i) => (
          <li key={i} className="gift-success__card">
            <p className="gift-success__what">
              <span className="price">{formatAud(c.valueCents)}</span>{" "}
              {c.bonus ? "bonus card" : "gift card"} for {c.receiverName}
            </p>
            <p>{arrivalNote(c.deliverOn, today)}</p>
            {c.expiresOn ? (
              <p className="gift-success__expiry">
                <strong>Valid until {formatDay(c.expiresOn)}</strong>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="gift-actions">
        {invoicePath ? (
          <Link className="button button--secondary" to={invoicePath}>
            View your tax invoice
          </Link>
        ) : null}
        <Link className="button button--primary" to="/gift-cards/give">
          Give another gift card
        </Link>
      </div>
    </div>
  );
}
