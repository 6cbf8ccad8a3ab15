// What is being bought, beside the payment form: amount, bonus, who and when,
// and the expiry (shown wherever a card's value is).
import { formatAud } from "~/utils/money";
import { formatDay } from "../rules";

export type GiftSummaryView = {
  amountCents: number;
  bonusCents: number;
  senderName: string;
  receiverName: string;
  receiverEmail: string;
  /** the receiver's message as it will be printed on the card, or null */
  message: string | null;
  deliverOn: string;
  bonusReceiver: { name: string; email: string; deliverOn: string } | null;
  today: string;
  expiresLabel: string;
};

const when = (day: string, today: string) => (day <= today ? "Today" : formatDay(day));

export function GiftOrderAside({ s }: { s: GiftSummaryView }) {
  return (
    <section className="gift-summary" aria-labelledby="gift-summary-title">
      <h2 id="gift-summary-title" className="gift-summary__title">
        Your gift
      </h2>
      <dl className="gift-summary__list">
        <div>
          <dt>Gift card</dt>
          <dd className="price">{formatAud(s.amountCents)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            {s.receiverName} <span className="gift-summary__muted">({s.receiverEmail})</span>
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{s.senderName}</dd>
        </div>
        {s.message ? (
          <div>
            <dt>Message</dt>
            <dd className="gift-summary__message">{s.message}</dd>
          </div>
        ) : null}
        <div>
          <dt>E-mailed</dt>
          <dd>{when(s.deliverOn, s.today)}</dd>
        </div>
        {s.bonusCents > 0 ? (
          <div>
            <dt>Bonus card</dt>
            <dd>
              {formatAud(s.bonusCents)} for {s.bonusReceiver ? s.bonusReceiver.name : "you"}
              {s.bonusReceiver
                ? `, e-mailed ${when(s.bonusReceiver.deliverOn, s.today).toLowerCase() === "today" ? "today" : `on ${when(s.bonusReceiver.deliverOn, s.today)}`}`
                : ", e-mailed today"}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="gift-summary__expiry">
        <strong>{s.expiresLabel}</strong>
      </p>
      <p className="gift-summary__total">
        <span>Total</span> <span className="price">{formatAud(s.amountCents)}</span>
      </p>
      <p>
        <a href="/gift-cards/personalise" className="gift-summary__edit">
          Change the details
        </a>
      </p>
    </section>
  );
}
