// "What you're agreeing to": drawn from the date and frequency the form holds
// (posted, or as picked with JS) and the delivery region's schedule, never from
// what was saved before checkout (app/checkout/agreement.ts).
import type { RegionSchedule } from "~/delivery/schedule";
import { formatAud } from "~/utils/money";
import { agreementTerms } from "../agreement";

export function AgreementBox(p: {
  boxName: string;
  recurringCents: number;
  totalCents: number;
  schedule: RegionSchedule | null;
  firstDate: string | null;
  frequencyDays: number | null;
}) {
  const terms = agreementTerms(p.schedule, p.firstDate, p.frequencyDays);
  return (
    <section className="checkout-agreement" aria-labelledby="co-agree">
      <h2 id="co-agree" className="checkout-section__title">
        What you're agreeing to
      </h2>
      {/* announced as the shopper changes the date or the frequency */}
      <ul className="checkout-agreement__list" aria-live="polite">
        <li>
          A subscription to the <strong>{p.boxName}</strong> at{" "}
          <strong>{formatAud(p.recurringCents)} per delivery</strong>
          {terms ? (
            <>
              , <strong>{terms.frequency.toLowerCase()}</strong>
            </>
          ) : null}
          , with free delivery.
        </li>
        {terms ? (
          <>
            <li>
              Your first delivery is on <strong>{terms.firstDelivery}</strong>; today we charge{" "}
              <strong>{formatAud(p.totalCents)}</strong>.
            </li>
            <li>
              Your next delivery is on <strong>{terms.nextDelivery}</strong>. It is charged at its
              change cut-off, <strong>{terms.nextCharge}</strong>, and we e-mail you a reminder
              before every charge.
            </li>
          </>
        ) : (
          <li>
            Today we charge <strong>{formatAud(p.totalCents)}</strong>. Choose your first delivery
            date and how often we deliver to see when your next delivery and charge come.
          </li>
        )}
        <li>
          You can skip, pause or cancel online at any time in My deliveries: no phone call needed.
        </li>
      </ul>
    </section>
  );
}
