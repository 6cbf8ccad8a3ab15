// One subscription on /dashboard/my-deliveries: the next delivery (date,
// window, box, items, add-ons, total, change cut-off), the upcoming deliveries
// with skip/unskip until their cut-off, pause/resume and cancel with one
// confirmation step.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  formatDeliveryDate,
  formatFrequency,
  formatShortDate,
  SUBSCRIPTION_STATUS_LABEL,
} from "~/accounts/format";
import { formatAud } from "~/utils/money";
import { AmountOff } from "~/components/glyph";
import type { Sub } from "./subscription-view";
import { COMING_STATES, DELIVERY_STATE_LABEL } from "../subscriber-schedule";
import { ChangeForm } from "./change-form";
import { ManagePanel } from "./manage-subscription";

const STATE_LABEL = DELIVERY_STATE_LABEL;
/** The badge of a delivery that was not sent (its `outcome` says why). */
const NOT_DELIVERED = "Not delivered";

export function SubscriptionPanel({ s, confirmCancel }: { s: Sub; confirmCancel: boolean }) {
  const next = s.upcoming.find((d) => COMING_STATES.has(d.status));
  const live = s.status === "active" || s.status === "paused";
  return (
    <li className="card deliveries__sub dash-sub" aria-labelledby={`sub-${s.id}-title`}>
      <div className="card__body">
        <div className="deliveries__sub-head">
          <h2 id={`sub-${s.id}-title`} className="dash-sub__title">
            {s.boxName}
          </h2>
          <span className={`badge deliveries__status deliveries__status--${s.status}`}>
            {SUBSCRIPTION_STATUS_LABEL[s.status]}
          </span>
        </div>
        <dl className="deliveries__facts deliveries__facts--row">
          <div>
            <dt>Delivery frequency</dt>
            <dd>{formatFrequency(s.frequencyDays)}</dd>
          </div>
          <div>
            <dt>{s.status === "paused" ? "Paused until" : "Next delivery"}</dt>
            <dd>
              {s.status === "paused"
                ? formatDeliveryDate(s.pausedUntil)
                : s.status === "cancelled"
                  ? "None scheduled"
                  : formatDeliveryDate(next?.date ?? s.nextDeliveryDate)}
            </dd>
          </div>
        </dl>

        {next && s.status !== "cancelled" ? <NextDelivery s={s} next={next} /> : null}
        {s.status === "cancelled" ? (
          <p className="dash-sub__note">
            Cancelled{s.endedAt ? ` on ${formatShortDate(s.endedAt.slice(0, 10))}` : ""}. No further
            deliveries are made or charged. <Link to="/get-started">Start a new box</Link>
          </p>
        ) : null}

        {s.upcoming.length ? <UpcomingDeliveries s={s} live={live} /> : null}

        {live ? <ManagePanel s={s} confirmCancel={confirmCancel} /> : null}
      </div>
    </li>
  );
}

function NextDelivery({ s, next }: { s: Sub; next: Sub["upcoming"][number] }) {
  if (s.nextOrder) return <OrderedDelivery s={s} next={next} order={s.nextOrder} />;
  return (
    <section className="dash-next" aria-labelledby={`sub-${s.id}-next`}>
      <NextDeliveryHead s={s} date={next.date} />
      <p className={`dash-next__cutoff${next.locked ? " dash-next__cutoff--locked" : ""}`}>
        {next.locked ? (
          <>
            The change cut-off was {next.cutoffLabel}: this box is being packed and is charged as it
            stands.
          </>
        ) : (
          <>
            Change, skip or pause by <strong>{next.cutoffLabel}</strong>.
          </>
        )}
      </p>
      <NextBoxLines s={s} />
      <NextTotals s={s} />
      {next.notes.length ? (
        <ul className="dash-next__notes">
          {next.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <p className="field__hint">
        Delivery is free. Any credit is taken off when the order is made at the cut-off.
      </p>
      <p>
        <ChangeNextLink subscriptionId={s.id} />
      </p>
    </section>
  );
}

/** The heading, the day, the window and the address of the next delivery. */
function NextDeliveryHead({
  s,
  date,
  windowLabel = s.windowLabel,
  address = s.address,
}: {
  s: Sub;
  date: string;
  windowLabel?: string | null;
  address?: string | null;
}) {
  return (
    <>
      <h3 id={`sub-${s.id}-next`} className="dash-sub__heading">
        Your next delivery
      </h3>
      <p className="dash-next__date">{formatDeliveryDate(date)}</p>
      <DeliveryWhereWhen windowLabel={windowLabel} address={address} />
    </>
  );
}

function ChangeNextLink({ subscriptionId }: { subscriptionId: number }) {
  return (
    <Link
      to={`/dashboard/my-deliveries/change?subscription=${subscriptionId}`}
      className="button button--secondary"
    >
      Change what comes next
    </Link>
  );
}

function DeliveryWhereWhen({
  windowLabel,
  address,
}: {
  windowLabel: string | null;
  address: string | null;
}) {
  return (
    <p className="dash-next__window">
      {windowLabel ?? "8am to 6pm"}
      {address ? <> · {address}</> : null}
    </p>
  );
}

/** The next delivery is already an order: it comes as ordered, so the panel shows the order, not the subscription's box. */
function OrderedDelivery({
  s,
  next,
  order,
}: {
  s: Sub;
  next: Sub["upcoming"][number];
  order: NonNullable<Sub["nextOrder"]>;
}) {
  const unpaid = order.status === "unpaid" || order.status === "failed";
  return (
    <section className="dash-next" aria-labelledby={`sub-${s.id}-next`}>
      <NextDeliveryHead
        s={s}
        date={next.date}
        windowLabel={order.windowLabel ?? s.windowLabel}
        address={order.address ?? s.address}
      />
      <p className="dash-next__cutoff dash-next__cutoff--locked">
        This box is order <strong>{order.reference}</strong> and comes as ordered.
        {unpaid ? " It is waiting for payment." : ""} Changes you make now apply from the delivery
        after it.
      </p>
      <div className="dash-next__box dash-next__box--single">
        <LineList label="In this order">
          {order.lines.map((l, i) => (
            <li key={`${l.type}-${l.name}-${i}`}>
              <span>
                {l.quantity} × {l.name}
              </span>
              {l.lineCents !== 0 ? <span className="price">{formatAud(l.lineCents)}</span> : null}
            </li>
          ))}
        </LineList>
      </div>
      <OrderTotals order={order} unpaid={unpaid} />
      {unpaid ? (
        <p className="field__hint">Any credit on your account is taken off when you pay.</p>
      ) : null}
      <p className="dash-next__actions">
        {unpaid ? (
          <Link to={`/checkout/${order.reference}`} className="button button--primary">
            Pay order {order.reference}
          </Link>
        ) : (
          <Link to={`/dashboard/orders/${order.reference}`} className="button button--secondary">
            View order {order.reference}
          </Link>
        )}
        <ChangeNextLink subscriptionId={s.id} />
      </p>
    </section>
  );
}

/** The upcoming deliveries, each skippable or unskippable until its change cut-off. */
function UpcomingDeliveries({ s, live }: { s: Sub; live: boolean }) {
  return (
    <section className="dash-sub__section" aria-labelledby={`sub-${s.id}-upcoming`}>
      <h3 id={`sub-${s.id}-upcoming`} className="dash-sub__heading">
        Upcoming deliveries
      </h3>
      <ol className="dash-upcoming" role="list">
        {s.upcoming.map((d) => (
          <li
            key={d.date}
            className={`dash-upcoming__item dash-upcoming__item--${d.status}`}
            aria-label={`${formatDeliveryDate(d.date)}: ${d.outcome ? NOT_DELIVERED : STATE_LABEL[d.status]}`}
          >
            <div className="dash-upcoming__when">
              <p className="dash-upcoming__date">{formatDeliveryDate(d.date)}</p>
              <p className="dash-upcoming__cutoff">
                {d.orderReference ? (
                  <>
                    Order{" "}
                    <Link to={`/dashboard/orders/${d.orderReference}`}>{d.orderReference}</Link>
                  </>
                ) : d.locked ? (
                  "Past its change cut-off"
                ) : (
                  <>Change by {d.cutoffLabel}</>
                )}
              </p>
              {d.outcome ? (
                <p className="dash-upcoming__cutoff dash-upcoming__outcome">{d.outcome}</p>
              ) : null}
            </div>
            <span className={`badge dash-state dash-state--${d.status}`}>
              {d.outcome ? NOT_DELIVERED : STATE_LABEL[d.status]}
            </span>
            {d.changeable && live && (d.status === "scheduled" || d.status === "skipped") ? (
              <SkipButton subscriptionId={s.id} date={d.date} skipped={d.status === "skipped"} />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Skip a scheduled delivery, or unskip a skipped one. Keyed by what it does: a press replaces the
 * button (its focus then goes to the confirmation), it does not relabel it.
 */
function SkipButton({
  subscriptionId,
  date,
  skipped,
}: {
  subscriptionId: number;
  date: string;
  skipped: boolean;
}) {
  return (
    <ChangeForm
      key={skipped ? "unskip" : "skip"}
      intent={skipped ? "unskip" : "skip"}
      subscriptionId={subscriptionId}
      fields={{ deliveryDate: date }}
      variant="secondary"
      label={
        <>
          {skipped ? "Unskip" : "Skip"}
          <span className="visually-hidden"> the delivery on {formatDeliveryDate(date)}</span>
        </>
      }
    />
  );
}

/** What the next box holds: its chosen cuts or this month's contents, and the add-ons. */
function NextBoxLines({ s }: { s: Sub }) {
  return (
    <div className="dash-next__box">
      {s.items.length ? (
        <LineList label="In your box">
          {s.items.map((i) => (
            <li key={i.name}>
              <span>
                {i.quantity} × {i.name}
              </span>
            </li>
          ))}
        </LineList>
      ) : s.contents.length ? (
        <LineList label="In this month's box">
          {s.contents.map((c) => (
            <li key={c.item}>
              <span>
                {c.quantity} {c.item}
              </span>
            </li>
          ))}
        </LineList>
      ) : null}
      <div>
        <h4 className="dash-next__label">Add-ons</h4>
        {s.addons.length ? (
          <ul className="dash-next__lines">
            {s.addons.map((a) => (
              <li key={a.name}>
                <span>
                  {a.quantity} × {a.name}
                </span>
                <span className="price">{formatAud(a.lineCents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dash-next__none">No add-ons this time.</p>
        )}
      </div>
    </div>
  );
}

/** A labelled list of a box's lines. */
function LineList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="dash-next__label">{label}</h4>
      <ul className="dash-next__lines">{children}</ul>
    </div>
  );
}

/** The next box's price, discount and total. */
function NextTotals({ s }: { s: Sub }) {
  return (
    <dl className="dash-next__totals">
      <div>
        <dt>{s.boxName}</dt>
        <dd>{formatAud(s.boxPriceCents)}</dd>
      </div>
      {s.discountedCents > 0 ? (
        <div>
          <dt>Discount</dt>
          <dd>
            <AmountOff cents={s.discountedCents} />
          </dd>
        </div>
      ) : null}
      <div className="dash-next__total">
        <dt>Total</dt>
        <dd className="price">{formatAud(s.chargeCents)}</dd>
      </div>
    </dl>
  );
}

/** An ordered delivery's subtotal, discount, credit and total. */
function OrderTotals({ order, unpaid }: { order: NonNullable<Sub["nextOrder"]>; unpaid: boolean }) {
  return (
    <dl className="dash-next__totals">
      {order.discountedCents || order.creditCents ? (
        <div>
          <dt>Subtotal</dt>
          <dd>{formatAud(order.subtotalCents)}</dd>
        </div>
      ) : null}
      {order.discountedCents ? (
        <div>
          <dt>Discount</dt>
          <dd>-{formatAud(order.discountedCents)}</dd>
        </div>
      ) : null}
      {order.creditCents ? (
        <div>
          <dt>Credit</dt>
          <dd>-{formatAud(order.creditCents)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Delivery</dt>
        <dd>Free</dd>
      </div>
      <div className="dash-next__total">
        <dt>{unpaid ? "Total" : "Total paid"}</dt>
        <dd className="price">{formatAud(order.totalCents)}</dd>
      </div>
    </dl>
  );
}
