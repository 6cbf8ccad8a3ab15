// /dashboard/my-deliveries: the next delivery, upcoming deliveries (skip and
// unskip until the cut-off), pause/resume, cancel with one confirmation,
// orders (pay now, tax invoices), credit and the activity list. Each change
// answers with a redirect to its confirmation (?done={reference}) or the
// page with the reason it was refused.
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { requireUser } from "~/accounts/session.server";
import { BRAND } from "~/config";
import { readForm } from "~/security/csrf.server";
import {
  ActivityList,
  CreditPanel,
  OrdersSection,
} from "~/subscriptions/components/orders-and-activity";
import { useChangeFetcher, type RefusalData } from "~/subscriptions/components/change-form";
import { SubscriptionPanel } from "~/subscriptions/components/subscription-panel";
import { getDeliveriesPage, findOrderForWelcome } from "~/subscriptions/deliveries-summary.server";
import { changeOutcome, runChange } from "~/subscriptions/my-deliveries-actions.server";
import { pageMeta } from "~/utils/meta";
import dashboardHref from "~/styles/dashboard.css";
import { loaderAndActionHeaders } from "~/http/route-headers";

export const meta: MetaFunction = () =>
  pageMeta("My deliveries", `Your ${BRAND.name} subscription and orders.`);

export const links = () => [{ rel: "stylesheet", href: dashboardHref }];

// the loader's no-store reaches the response
export const headers = loaderAndActionHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const newuser = params.get("newuser");
  const page = await getDeliveriesPage({
    userId: user.id,
    hasPassword: Boolean(user.passwordHash),
  });
  const welcome =
    newuser && !["0", "false"].includes(newuser.toLowerCase())
      ? {
          reference: await findOrderForWelcome({ userId: user.id, reference: newuser }),
          email: user.email,
        }
      : null;
  const change = await changeOutcome({ userId: user.id, reference: params.get("done") });
  const done = change ? { ...change, email: user.email } : null;
  return data(
    {
      firstName: user.firstName,
      welcome,
      done,
      confirmCancel: Number(params.get("cancel")) || null,
      ...page,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const outcome = await runChange(
    { userId: user.id, email: user.email },
    formData,
    appOrigin(request),
  );
  if (outcome.kind === "not_found") throw new Response("Not found", { status: 404 });
  if (outcome.kind === "refused") {
    // a refused field of pause or cancel goes back to its form (by the form's id), with its values
    const { fieldErrors, values, ...refusal } = outcome.refusal;
    const formId = values?.__rvfInternalFormId;
    return data<RefusalData & { repopulateFields?: Record<string, string> }>(
      fieldErrors && formId
        ? { refusal, fieldErrors, formId, repopulateFields: values }
        : { refusal },
      { status: 409 },
    );
  }
  return redirect(
    `/dashboard/my-deliveries?done=${encodeURIComponent(outcome.reference)}#confirmation`,
    303,
  );
}

export default function MyDeliveries() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as RefusalData | undefined;
  const fetcher = useChangeFetcher();
  const answer = fetcher.state === "idle" && fetcher.data?.refusal ? fetcher.data : actionData;
  // a refused field shows under that field, in its form; anything else at the top
  const refusal = answer?.fieldErrors ? undefined : answer?.refusal;
  const empty =
    d.subscriptions.length === 0 && d.awaitingPayment.length === 0 && d.pastOrders.length === 0;
  return (
    <section className="section deliveries dash" aria-labelledby="deliveries-title">
      <div className="container">
        <h1 id="deliveries-title">{d.firstName ? `G'day, ${d.firstName}` : "G'day"}</h1>
        {d.welcome ? <Welcome {...d.welcome} /> : null}
        {d.done ? <ChangeConfirmation done={d.done} /> : null}
        {refusal ? (
          <div className="form-alert form-alert--error dash-notice" role="alert">
            <p>{refusal.message}</p>
          </div>
        ) : null}
        {empty ? <NoDeliveries /> : <Deliveries d={d} />}
      </div>
    </section>
  );
}

type Page = SerializeFrom<typeof loader>;

function Welcome({ reference, email }: NonNullable<Page["welcome"]>) {
  return (
    <div
      className="form-alert form-alert--success deliveries__welcome"
      role="status"
      id="welcome"
      tabIndex={-1}
    >
      <div>
        <p>
          <strong>Welcome to {BRAND.name}!</strong>{" "}
          {reference ? (
            <>
              Order <strong>{reference}</strong> is confirmed.
            </>
          ) : (
            "Your subscription is set up."
          )}{" "}
          Your first box is being prepared.
        </p>
        <p>
          We sent a confirmation e-mail to {email}. We'll e-mail you before each delivery, and you
          can skip, pause or cancel anytime.
        </p>
      </div>
    </div>
  );
}

function ChangeConfirmation({ done }: { done: NonNullable<Page["done"]> }) {
  return (
    <div
      className="form-alert form-alert--success dash-notice"
      role="status"
      id="confirmation"
      tabIndex={-1}
    >
      <div>
        <p>
          <strong>{done.title}.</strong> {done.what}. Reference{" "}
          <strong className="dash-ref">{done.reference}</strong>.
        </p>
        {done.note ? <p>{done.note}</p> : null}
        <p>We e-mailed a confirmation to {done.email}.</p>
      </div>
    </div>
  );
}

function NoDeliveries() {
  return (
    <div className="deliveries__empty card">
      <div className="card__body">
        <img src="/images/box-custom.svg" alt="" width={160} height={120} />
        <h2>You have no deliveries yet</h2>
        <p>
          Build a box of Australian meat and wild-caught seafood. Free delivery, no minimum order.
        </p>
        <Link to="/get-started" className="button button--primary">
          Build your first box
        </Link>
      </div>
    </div>
  );
}

function Deliveries({ d }: { d: Page }) {
  return (
    <div className="dash-layout">
      <div className="dash-main">
        {d.subscriptions.length === 0 ? (
          <p>
            You have no active subscription. <Link to="/get-started">Start a new box</Link>.
          </p>
        ) : (
          <ul className="dash-subs" role="list" aria-label="Your subscriptions">
            {d.subscriptions.map((s) => (
              <SubscriptionPanel key={s.id} s={s} confirmCancel={d.confirmCancel === s.id} />
            ))}
          </ul>
        )}
        <ActivityList entries={d.activity} />
      </div>
      <aside className="dash-side" aria-label="Orders and credit">
        {d.creditCents !== null ? <CreditPanel cents={d.creditCents} /> : null}
        <OrdersSection id="awaiting-title" title="Awaiting payment" orders={d.awaitingPayment} />
        <OrdersSection
          id="orders-title"
          title="Your orders"
          orders={d.pastOrders}
          empty="No orders yet. Your first order appears here once it is placed."
        />
      </aside>
    </div>
  );
}
