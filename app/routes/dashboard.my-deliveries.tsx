import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getMyDeliveries } from "~/accounts/deliveries.server";
import { formatDeliveryDate, formatFrequency, formatShortDate, ORDER_STATUS_LABEL, SUBSCRIPTION_STATUS_LABEL } from "~/accounts/format";
import { requireUser } from "~/accounts/session.server";
import { BRAND } from "~/config";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("My deliveries", `Your ${BRAND.name} subscription and orders.`);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const newuser = new URL(request.url).searchParams.get("newuser");
  const { subscriptions, orders } = await getMyDeliveries({ userId: user.id });
  return {
    firstName: user.firstName,
    isNewUser: Boolean(newuser && !["0", "false"].includes(newuser.toLowerCase())),
    subscriptions,
    orders,
  };
}

export default function MyDeliveries() {
  const { firstName, isNewUser, subscriptions, orders } = useLoaderData<typeof loader>();
  const empty = subscriptions.length === 0 && orders.length === 0;
  return (
    <section className="section deliveries" aria-labelledby="deliveries-title">
      <div className="container">
        <h1 id="deliveries-title">{firstName ? `G'day, ${firstName}` : "G'day"}</h1>
        {isNewUser ? (
          <div className="form-alert form-alert--success deliveries__welcome" role="status">
            <div>
              <p><strong>Welcome to {BRAND.name}!</strong> Your subscription is set up and your first box is being prepared.</p>
              <p>We'll e-mail you before each delivery. You can skip, pause or cancel anytime.</p>
            </div>
          </div>
        ) : null}
        {empty ? (
          <div className="deliveries__empty card">
            <div className="card__body">
              <img src="/images/box-custom.svg" alt="" width={160} height={120} />
              <h2>You have no deliveries yet</h2>
              <p>Build a box of Australian meat and wild-caught seafood. Free delivery, no minimum order.</p>
              <Link to="/get-started" className="button button--primary">Build your first box</Link>
            </div>
          </div>
        ) : (
          <>
            <h2 className="deliveries__heading">Your subscription</h2>
            {subscriptions.length === 0 ? (
              <p>You have no active subscription. <Link to="/get-started">Start a new box</Link>.</p>
            ) : (
              <ul className="deliveries__subs" role="list">
                {subscriptions.map((s) => (
                  <li key={s.id} className="card deliveries__sub">
                    <div className="card__body">
                      <div className="deliveries__sub-head">
                        <h3>{s.boxName}</h3>
                        <span className={`badge deliveries__status deliveries__status--${s.status}`}>{SUBSCRIPTION_STATUS_LABEL[s.status]}</span>
                      </div>
                      <dl className="deliveries__facts">
                        <div><dt>Delivery frequency</dt><dd>{formatFrequency(s.frequencyDays)}</dd></div>
                        <div><dt>Next delivery</dt><dd>{s.nextDeliveryDate ? formatDeliveryDate(s.nextDeliveryDate) : "None scheduled"}</dd></div>
                      </dl>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <h2 className="deliveries__heading">Your orders</h2>
            {orders.length === 0 ? (
              <p>No orders yet. Your first order appears here once it is placed.</p>
            ) : (
              <ol className="deliveries__orders" role="list">
                {orders.map((o) => (
                  <li key={o.id} className="card deliveries__order">
                    <div className="card__body">
                      <div className="deliveries__sub-head">
                        <h3 className="deliveries__ref">
                          <span className="visually-hidden">Order </span>
                          {o.reference}
                        </h3>
                        <span className={`badge deliveries__status deliveries__status--${o.status}`}>{ORDER_STATUS_LABEL[o.status]}</span>
                      </div>
                      <dl className="deliveries__facts deliveries__facts--row">
                        <div><dt>Delivery date</dt><dd>{formatShortDate(o.deliveryDate)}</dd></div>
                        <div><dt>Total</dt><dd className="price">{o.totalCents === null ? "Not invoiced yet" : formatAud(o.totalCents)}</dd></div>
                      </dl>
                      {o.status === "unpaid" || o.status === "failed" ? (
                        <p className="deliveries__order-action">
                          <Link to={`/checkout/${encodeURIComponent(o.reference)}`} className="button button--primary">
                            Pay now<span className="visually-hidden"> for order {o.reference}</span>
                          </Link>
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </section>
  );
}
