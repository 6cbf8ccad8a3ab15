// The order summary beside the checkout form: what is in the box (with edit
// links back to each step), then the money. Folds into a <details> on phones.
import { Link } from "@remix-run/react";
import { formatAud, gstSentence } from "~/utils/money";
import { AmountOff } from "~/components/glyph";
import type { DeliverySummary } from "~/box/delivery-step.server";

export type SummaryQuote = {
  lines: { name: string; quantity: number; lineCents: number; free: boolean; type: string }[];
  subtotalCents: number;
  discountedCents: number;
  creditCents: number;
  totalCents: number;
  gstCents: number;
  recurringCents: number;
  discount: { code: string; needsChoice?: boolean } | null;
};

function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="review__edit">
      Edit<span className="visually-hidden"> {label}</span>
    </Link>
  );
}

type SummaryBox = {
  fullName: string;
  priceCents: number;
  people: string | null;
  weight: string | null;
  customizable: boolean;
};

export function OrderSummary({
  box,
  items,
  addons,
  delivery,
  quote,
}: {
  box: SummaryBox;
  items: { id: number; name: string; weight: string | null; quantity: number }[];
  addons: { id: number; name: string; quantity: number; lineCents: number }[];
  delivery: DeliverySummary;
  quote: SummaryQuote;
}) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="box-summary__title">
        Order summary
      </h2>
      <details className="checkout-summary__details" open>
        <summary className="checkout-summary__toggle">
          <span>Your box and delivery</span>
          <span className="price">{formatAud(quote.totalCents)}</span>
        </summary>
        <BoxSection box={box} delivery={delivery} />
        {box.customizable ? <CutsSection items={items} /> : null}
        <AddonsSection addons={addons} quote={quote} />
        <DeliverySection delivery={delivery} />
      </details>
      <Money quote={quote} />
    </aside>
  );
}

function BoxSection({ box, delivery }: { box: SummaryBox; delivery: DeliverySummary }) {
  return (
    <section className="review__section" aria-labelledby="sum-box">
      <div className="review__head">
        <h3 id="sum-box">Box</h3>
        <EditLink to="/get-started/your-box" label="box type" />
      </div>
      <p className="review__line">
        <span>
          {box.fullName}
          {box.people ? ` · ${box.people}` : ""}
          {box.weight ? ` · ${box.weight}` : ""}
        </span>
        <span className="price">{formatAud(box.priceCents)}</span>
      </p>
      <p className="review__line">
        <span>{delivery.frequencyLabel ?? "Frequency chosen below"}</span>
        <EditLink to="/get-started/box-size" label="box size and frequency" />
      </p>
    </section>
  );
}

function CutsSection({
  items,
}: {
  items: { id: number; name: string; weight: string | null; quantity: number }[];
}) {
  return (
    <section className="review__section" aria-labelledby="sum-items">
      <div className="review__head">
        <h3 id="sum-items">Your cuts</h3>
        <EditLink to="/get-started/your-items" label="cuts" />
      </div>
      <ul className="review__list" role="list">
        {items.map((i) => (
          <li key={i.id} className="review__line">
            <span>
              {i.name}
              {i.weight ? ` (${i.weight})` : ""}
            </span>
            <span>× {i.quantity}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddonsSection({
  addons,
  quote,
}: {
  addons: { id: number; name: string; quantity: number; lineCents: number }[];
  quote: SummaryQuote;
}) {
  const free = quote.lines.filter((l) => l.free);
  // a code whose free product is chosen in the form: named here before the choice is posted
  const choiceToCome = Boolean(quote.discount?.needsChoice) && free.length === 0;
  return (
    <section className="review__section" aria-labelledby="sum-addons">
      <div className="review__head">
        <h3 id="sum-addons">Add-ons</h3>
        <EditLink to="/get-started/addons" label="add-ons" />
      </div>
      {addons.length || free.length || choiceToCome ? (
        <ul className="review__list" role="list">
          {addons.map((a) => (
            <li key={a.id} className="review__line">
              <span>
                {a.name} × {a.quantity}
              </span>
              <span>{formatAud(a.lineCents)}</span>
            </li>
          ))}
          {free.map((f) => (
            <li key={`free-${f.name}`} className="review__line">
              <span>
                {f.name} × {f.quantity} <span className="badge badge--gum">Free</span>
              </span>
              <span>{formatAud(f.lineCents)}</span>
            </li>
          ))}
          {choiceToCome ? (
            <li className="review__line">
              <span>
                A free product with {quote.discount?.code}{" "}
                <span className="badge badge--gum">Free</span>
              </span>
              <span>Choose below</span>
            </li>
          ) : null}
        </ul>
      ) : (
        <p>
          No add-ons. <Link to="/get-started/addons">Add some</Link>; they can be changed each
          order.
        </p>
      )}
    </section>
  );
}

function DeliverySection({ delivery }: { delivery: DeliverySummary }) {
  return (
    <section className="review__section" aria-labelledby="sum-delivery">
      <div className="review__head">
        <h3 id="sum-delivery">First delivery</h3>
        <EditLink to="/get-started" label="delivery details" />
      </div>
      <p>
        {delivery.dateLabel}
        {delivery.windowLabel ? `, ${delivery.windowLabel}` : ""}
        <br />
        {delivery.postcode}
        {delivery.place ? ` ${delivery.place}` : ""}
      </p>
    </section>
  );
}

function Money({ quote }: { quote: SummaryQuote }) {
  return (
    <>
      <dl className="checkout-summary__money">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatAud(quote.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>Free</dd>
        </div>
        {quote.discountedCents ? (
          <div>
            <dt>Discount{quote.discount ? ` (${quote.discount.code})` : ""}</dt>
            <dd>
              <AmountOff cents={quote.discountedCents} />
            </dd>
          </div>
        ) : null}
        {quote.creditCents ? (
          <div>
            <dt>Credit</dt>
            <dd>
              <AmountOff cents={quote.creditCents} />
            </dd>
          </div>
        ) : null}
        <div className="checkout-summary__total">
          <dt>Total today (AUD)</dt>
          <dd className="price">{formatAud(quote.totalCents)}</dd>
        </div>
      </dl>
      <p className="checkout-summary__gst">
        {gstSentence(quote.gstCents)} Then {formatAud(quote.recurringCents)} per delivery.
      </p>
    </>
  );
}
