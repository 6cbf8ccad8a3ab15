import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FlowPage } from "~/box/components/flow-page";
import { deliverySummary, emailHasAccount, getCart, requireFlow } from "~/box/flow.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";

export const meta: MetaFunction = () => pageMeta("Review your box", "Check your box, add-ons and delivery details before you check out.");
export const links = () => [{ rel: "stylesheet", href: boxCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "checkout");
  const [cart, delivery, hasAccount] = await Promise.all([
    getCart(flow.draft, flow.pkg),
    deliverySummary(flow.draft),
    flow.user ? false : emailHasAccount(flow.draft.email),
  ]);
  const pkg = cart.pkg!;
  return {
    email: flow.user?.email ?? flow.draft.email,
    signedIn: Boolean(flow.user),
    // An existing account is shown nothing of itself until its owner signs in.
    needsSignIn: hasAccount,
    box: { fullName: pkg.fullName, priceCents: pkg.priceCents, people: pkg.people, weight: pkg.weight, customizable: pkg.selectionCustomizable, kind: pkg.kind },
    items: cart.items.map((i) => ({ id: i.productId, name: i.name, weight: i.weight, quantity: i.quantity })),
    addons: cart.addons.map((a) => ({ id: a.productId, name: a.name, quantity: a.quantity, lineCents: a.priceCents * a.quantity })),
    addonsCents: cart.addonsCents,
    totalCents: cart.totalCents,
    delivery,
  };
}

function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="review__edit">
      Edit<span className="visually-hidden"> {label}</span>
    </Link>
  );
}

export default function ReviewBox() {
  const d = useLoaderData<typeof loader>();
  return (
    <FlowPage
      step="checkout"
      customizable={d.box.customizable}
      eyebrow="Checkout"
      title="Review your box"
      intro={<p>Check everything below and edit any step before you pay.</p>}
      aside={
        <aside className="review__aside" aria-label="Order total">
          <section className="review__section review__totals" aria-labelledby="review-total">
            <h2 id="review-total" className="box-summary__title">Order summary</h2>
            <p className="review__line"><span>{d.box.fullName}</span><span>{formatAud(d.box.priceCents)}</span></p>
            <p className="review__line"><span>Add-ons</span><span>{formatAud(d.addonsCents)}</span></p>
            <p className="review__line"><span>Delivery</span><span>Free</span></p>
            <p className="review__line review__grand"><span>Total per delivery (AUD)</span><span className="price">{formatAud(d.totalCents)}</span></p>
          </section>
          <div className="form-alert form-alert--info review__next">
            <p>
              <strong>Next: delivery address and payment.</strong> The last part of checkout takes your address and card.
              Nothing has been charged yet.
            </p>
          </div>
        </aside>
      }
    >
      {d.needsSignIn ? (
        <div className="form-alert form-alert--info review__signin">
          <p>
            There is already an account for <strong>{d.email}</strong>. Sign in to use its saved cards, addresses and credit.{" "}
            <Link to="/sign-in?destination=/get-started/checkout">Sign in to continue</Link>
          </p>
        </div>
      ) : null}

      <div className="review">
        <section className="review__section" aria-labelledby="review-delivery">
          <div className="review__head">
            <h2 id="review-delivery">Delivery</h2>
            <EditLink to="/get-started" label="delivery details" />
          </div>
          <dl className="review__facts">
            {!d.signedIn ? (<><dt>Email</dt><dd>{d.email}</dd></>) : null}
            <dt>Postcode</dt><dd>{d.delivery.postcode}{d.delivery.place ? `, ${d.delivery.place}` : ""}</dd>
            <dt>First delivery</dt><dd>{d.delivery.dateLabel}</dd>
            <dt>Time</dt><dd>{d.delivery.windowLabel}</dd>
          </dl>
          {d.delivery.overnight ? <p className="review__note">Overnight silent delivery: no SMS or driver notification is sent.</p> : null}
        </section>

        <section className="review__section" aria-labelledby="review-box">
          <div className="review__head">
            <h2 id="review-box">Box</h2>
            <EditLink to="/get-started/your-box" label="box type" />
          </div>
          <p className="review__line">
            <span>{d.box.fullName}{d.box.people ? ` · ${d.box.people}` : ""}{d.box.weight ? ` · ${d.box.weight}` : ""}</span>
            <span className="price">{formatAud(d.box.priceCents)}</span>
          </p>
          <p className="review__line">
            <span>{d.delivery.frequencyLabel}</span>
            <EditLink to="/get-started/box-size" label="box size and frequency" />
          </p>
        </section>

        {d.box.customizable ? (
          <section className="review__section" aria-labelledby="review-items">
            <div className="review__head">
              <h2 id="review-items">Your cuts</h2>
              <EditLink to="/get-started/your-items" label="cuts" />
            </div>
            <ul className="review__list" role="list">
              {d.items.map((i) => (
                <li key={i.id} className="review__line"><span>{i.name}{i.weight ? ` (${i.weight})` : ""}</span><span>× {i.quantity}</span></li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className="review__section" aria-labelledby="review-addons">
          <div className="review__head">
            <h2 id="review-addons">Add-ons</h2>
            <EditLink to="/get-started/addons" label="add-ons" />
          </div>
          {d.addons.length ? (
            <ul className="review__list" role="list">
              {d.addons.map((a) => (
                <li key={a.id} className="review__line"><span>{a.name} × {a.quantity}</span><span>{formatAud(a.lineCents)}</span></li>
              ))}
            </ul>
          ) : (
            <p>No add-ons. <Link to="/get-started/addons">Add some</Link> anytime; they can be changed each order.</p>
          )}
        </section>

      </div>
    </FlowPage>
  );
}
