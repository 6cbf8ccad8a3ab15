import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { lazy, Suspense } from "react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FlowPage } from "~/box/components/flow-page";
import {
  GIFT_CARD_ACTIVATION_COOKIE,
  accountStepForPage,
  claimWaitingGiftCard,
  clearCookie,
  getClientIp,
  loadCheckout,
  promoCookie,
  promoLinkLimit,
  requireFlow,
} from "~/checkout/checkout-route.server";
import type { CheckoutAnswer } from "~/checkout/checkout-answer";
import { CheckoutForm, type CheckoutFormProps } from "~/checkout/components/checkout-form";
import { OrderSummary } from "~/checkout/components/order-summary";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";
import checkoutCss from "~/styles/checkout.css";

// Asked of few shoppers: loaded only when on the page, out of the checkout's first download.
const EmailProofPanel = lazy(() => import("~/checkout/components/email-proof-panel"));
const SecondBoxQuestion = lazy(() => import("~/checkout/components/second-box-question"));

// the action maps placeOrder's outcome (and every refusal before it) to a response
export { checkoutAction as action } from "~/checkout/checkout-route.server";

export const meta: MetaFunction = () =>
  pageMeta("Checkout", "Your delivery address and payment: place your box order.");
export const links = () => [
  { rel: "stylesheet", href: boxCss },
  { rel: "stylesheet", href: checkoutCss },
];

// A refusal (4xx) leaves the loaders alone, except when the total moved: the page must show the new one.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  defaultShouldRevalidate || Boolean((actionResult as CheckoutAnswer | undefined)?.totalChanged);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "checkout");
  const headers = new Headers();
  // A gift card waiting in the activation cookie becomes credit before the total is shown (SPEC §4).
  const gift = await claimWaitingGiftCard(request, context, flow.user);
  if (gift.clearCookie) headers.append("Set-Cookie", clearCookie(GIFT_CARD_ACTIVATION_COOKIE));
  const promoLimited = await promoLinkLimit(flow, request, getClientIp(request, context));
  const page = {
    ...(await loadCheckout(
      flow,
      request,
      new URL(request.url).searchParams.get("postcode"),
      promoLimited,
    )),
    giftNotice: gift.notice,
    account: await accountStepForPage(flow),
  };
  const promo = new URL(request.url).searchParams.get("promo");
  // The promo cookie is kept while the code can be used and cleared once it can't.
  if (page.promoUnusable)
    headers.append("Set-Cookie", await promoCookie.serialize("", { maxAge: 0 }));
  else if (promo && page.quote.discount)
    headers.append("Set-Cookie", await promoCookie.serialize(page.quote.discount.code));
  // Past the look-up limit the page still works, without the link's code, and says why.
  return data(page, { headers, status: promoLimited ? 429 : 200 });
}

export default function Checkout() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData() as CheckoutAnswer | undefined;
  return (
    <FlowPage
      step="checkout"
      customizable={d.box.customizable}
      eyebrow="Checkout"
      title="Delivery and payment"
      intro={<p>Free delivery, no minimum order. Skip, pause or cancel anytime.</p>}
      aside={
        <OrderSummary
          box={d.box}
          items={d.items}
          addons={d.addons}
          delivery={d.delivery}
          quote={d.quote}
        />
      }
    >
      {d.account.secondBox && !d.needsSignIn ? (
        <Suspense fallback={null}>
          <SecondBoxQuestion current={d.account.secondBox} />
        </Suspense>
      ) : d.needsSignIn ? (
        <SignInFirst email={d.email} />
      ) : (
        <>
          {d.giftNotice ? (
            <p
              className={`form-alert ${d.giftNotice.ok ? "form-alert--success" : "form-alert--error"} checkout__gift`}
              role="status"
            >
              {d.giftNotice.message}
            </p>
          ) : null}
          <CheckoutForm {...formProps(d, a)} />
        </>
      )}
    </FlowPage>
  );
}

function SignInFirst({ email }: { email: string }) {
  return (
    <div className="form-alert form-alert--info checkout__signin">
      <div>
        <p>
          There is already an account for <strong>{email}</strong>. Sign in to use its saved cards,
          addresses and credit; your box is kept.
        </p>
        <p>
          <Link className="button button--primary" to="/sign-in?destination=/get-started/checkout">
            Sign in to continue
          </Link>
        </p>
      </div>
    </div>
  );
}

/** The form's props: the loader's page, with the last answer's values and messages over it. */
function formProps(
  d: SerializeFrom<typeof loader>,
  a: CheckoutAnswer | undefined,
): CheckoutFormProps {
  const defaults = a?.repopulateFields
    ? {
        ...d.defaults,
        ...a.repopulateFields,
        billingSameAsShipping: a.repopulateFields.billingSameAsShipping !== undefined,
      }
    : d.defaults;
  return {
    idempotencyKey: a?.nextKey ?? d.key,
    email: d.email,
    signedIn: d.signedIn,
    ctx: d.ctx,
    showSms: d.showSms,
    showNewsletter: d.showNewsletter,
    savedCards: d.savedCards,
    lookup: (a?.lookup ?? d.lookup) as PostcodeLookup,
    draftPostcode: d.delivery.postcode,
    frequencies: d.frequencies,
    discount: d.quote.discount
      ? { ...d.quote.discount, description: d.quote.discount.description }
      : null,
    discountNotice:
      a?.discountNotice ??
      (d.quote.discountMessage ? { ok: false, message: d.quote.discountMessage } : null),
    totalCents: d.quote.totalCents,
    shownQuote: d.shownQuote,
    recurringCents: d.quote.recurringCents,
    boxName: d.box.fullName,
    defaults,
    dialog: a?.dialog ?? null,
    confirmedAddress: String(a?.repopulateFields?.addressConfirmed ?? ""),
    overnightAccepted: a?.repopulateFields?.overnightAccepted === "true",
    emailProof:
      d.account.proof || a?.emailProof ? (
        <Suspense fallback={null}>
          <EmailProofPanel
            view={d.account.proof}
            answer={a?.emailProof ?? null}
            typed={a?.emailProof?.ok ? "" : String(a?.repopulateFields?.emailCode ?? "")}
          />
        </Suspense>
      ) : null,
  };
}
