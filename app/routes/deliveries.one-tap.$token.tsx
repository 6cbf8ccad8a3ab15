// /deliveries/one-tap/{token}: the "Skip this delivery" and "Keep it" links of
// the reminder e-mail. Works without signing in and without JavaScript; the
// GET only shows the question, the change is a POST (CSRF-checked) that works
// once, until the delivery's cut-off. See app/subscriptions/one-tap.server.ts.
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/accounts/components/auth-layout";
import { appOrigin } from "~/accounts/origin.server";
import { CsrfInput } from "~/components/csrf-input";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import { readForm } from "~/security/csrf.server";
import type { OneTapAction } from "~/subscriptions/one-tap.server";
import { oneTapPageView, redeemOneTapLink } from "~/subscriptions/one-tap-page.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import accountsHref from "~/styles/accounts.css";
import { loaderAndActionHeaders } from "~/http/route-headers";

export const meta: MetaFunction = () => [
  ...pageMeta("Your delivery", "Skip or keep your next delivery."),
  { name: "robots", content: "noindex" },
];

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

// the no-store and same-origin referrer policy of the loader and the action reach the response
export const headers = loaderAndActionHeaders;

// The token is in the address: never cached, never sent on to another site. Not no-referrer: under
// it a browser posts the page's form with `Origin: null`, which the server refuses as cross-site;
// same-origin keeps the Origin and sends the address to this shop alone (whose log redacts it).
const HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
const STATUS = { invalid: 404, expired: 410, cancelled: 409, used: 200, valid: 200 } as const;

const asAction = (v: string | null): OneTapAction => (v === "keep" ? "keep" : "skip");

export async function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = await oneTapPageView(params.token ?? "");
  return data(
    {
      view,
      action: asAction(url.searchParams.get("action")),
      done: url.searchParams.get("done") === "1",
    },
    { status: STATUS[view.state], headers: HEADERS },
  );
}

export async function action({ params, request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = params.token ?? "";
  const result = await redeemOneTapLink(
    token,
    asAction(String(form.get("intent"))),
    appOrigin(request),
  );
  const path = `/deliveries/one-tap/${encodeURIComponent(token)}`;
  return redirect(result.state === "done" ? `${path}?done=1` : path, {
    status: 303,
    headers: HEADERS,
  });
}

type Page = SerializeFrom<typeof loader>;

export default function OneTap() {
  const { view, action, done } = useLoaderData<typeof loader>();
  if (view.state === "valid") return <SkipOrKeep view={view} action={action} />;
  return <LinkAnswered view={view} done={done} />;
}

/** A link already used, expired, for a cancelled subscription, or not a link at all. */
function LinkAnswered({
  view,
  done,
}: {
  view: Exclude<Page["view"], { state: "valid" }>;
  done: boolean;
}) {
  const manage = (
    <p>
      <Link to={MY_DELIVERIES_PATH}>Manage your deliveries</Link> (sign-in needed).
    </p>
  );
  if (view.state === "used" && done) {
    return (
      <AuthLayout
        eyebrow="Done"
        title={view.action === "skip" ? "Delivery skipped" : "Delivery kept"}
      >
        <div className="form-alert form-alert--success" role="status">
          <p>
            {view.action === "skip"
              ? `The delivery on ${view.deliveryDate} is skipped. Nothing is delivered or charged for it.`
              : `The delivery on ${view.deliveryDate} stays on and arrives as planned.`}
          </p>
          <p>
            Reference: <strong data-testid="one-tap-reference">{view.reference}</strong>. We've
            e-mailed you a confirmation.
          </p>
        </div>
        {manage}
      </AuthLayout>
    );
  }
  if (view.state === "used") {
    return (
      <AuthLayout eyebrow="Your delivery" title="This link has already been used">
        <p>
          The delivery on {view.deliveryDate} was {view.action === "skip" ? "skipped" : "kept"} with
          it (reference <strong>{view.reference}</strong>). Each link works once.
        </p>
        {manage}
      </AuthLayout>
    );
  }
  if (view.state === "expired") {
    return (
      <AuthLayout eyebrow="Your delivery" title="This link has expired">
        <p>
          The change cut-off for the delivery on {view.deliveryDate} was {view.cutoff}, so it can no
          longer be changed. It is being packed and charged as it stands.
        </p>
        {manage}
      </AuthLayout>
    );
  }
  if (view.state === "cancelled") {
    return (
      <AuthLayout eyebrow="Your delivery" title="This subscription is cancelled">
        <p>
          There is nothing left to skip or keep: no delivery after the cancellation is made or
          charged.
        </p>
        {manage}
      </AuthLayout>
    );
  }
  // "invalid": not a link we sent, or cut short
  return (
    <AuthLayout eyebrow="Your delivery" title="This link is not valid">
      <p>
        Check that you opened the whole link from the e-mail, or sign in to manage your deliveries.
      </p>
      {manage}
    </AuthLayout>
  );
}

/** The question: skip (or keep) the delivery, with the other choice beside it. */
function SkipOrKeep({
  view,
  action,
}: {
  view: Extract<Page["view"], { state: "valid" }>;
  action: OneTapAction;
}) {
  return (
    <AuthLayout
      eyebrow="Your delivery"
      title={
        action === "skip"
          ? `Skip your delivery on ${view.deliveryDate}?`
          : `Keep your delivery on ${view.deliveryDate}?`
      }
    >
      <p>
        {view.boxName}. {view.skipped ? "This delivery is skipped at the moment. " : ""}You can
        change it until {view.cutoff}.
      </p>
      <p id="one-tap-amount">
        {view.skipped ? "If you keep it, it is charged" : "It is charged"}{" "}
        <strong>{formatAud(view.owedCents)}</strong> at the cut-off, less any credit.
      </p>
      <Form method="post" className="form">
        <CsrfInput />
        <div className="auth__actions">
          <button type="submit" name="intent" value={action} className="button button--primary">
            {action === "skip" ? "Skip this delivery" : "Keep it"}
          </button>
          <button
            type="submit"
            name="intent"
            value={action === "skip" ? "keep" : "skip"}
            className="button button--secondary"
          >
            {action === "skip" ? "Keep it" : "Skip this delivery"}
          </button>
        </div>
      </Form>
    </AuthLayout>
  );
}
