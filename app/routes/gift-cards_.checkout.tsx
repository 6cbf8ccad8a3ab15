// /gift-cards/checkout: pay for the card. Without an amount or personalisation
// the person goes back to /gift-cards or /gift-cards/personalise. The purchase
// is exactly-once (app/gift-cards/purchase.server.ts); success shows the order
// reference, when the card arrives and its expiry.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { useMemo } from "react";
import { validationError } from "remix-validated-form";
import { appOrigin } from "~/accounts/origin.server";
import { getUser } from "~/accounts/session.server";
import {
  GIFT_CARD_AMOUNT_COOKIE,
  GIFT_CARD_PERSONALISE_COOKIE,
  clearCookie,
  giftCardOrderReference,
  orderCookie,
} from "~/gift-cards/cookie.server";
import {
  GIFT_SIGN_IN_ID,
  GiftCheckoutForm,
  type GiftCheckoutDialog,
} from "~/gift-cards/components/checkout-form";
import { GiftFlowPage } from "~/gift-cards/components/gift-flow-page";
import { GiftOrderAside } from "~/gift-cards/components/order-aside";
import { GiftSuccess } from "~/gift-cards/components/success";
import { expiresLabel, requireAmount, requirePersonalisation } from "~/gift-cards/pages.server";
import {
  getClientIp,
  giftOrderSummary,
  purchaseGiftCard,
  repeatedPurchase,
  type PurchaseOutcome,
} from "~/gift-cards/purchase.server";
import { checkGiftQuote, signGiftQuote } from "~/gift-cards/quote.server";
import { GIFT_CHECKOUT_FORM_ID, sydneyToday } from "~/gift-cards/rules";
import { giftCheckoutValidator } from "~/gift-cards/validators.server";
import { signInHere } from "~/gift-cards/sign-in.server";
import { taxInvoicePath } from "~/orders/paths";
import { scrubCardData } from "~/payments/card-secrets";
import { cardRefusalAnswer, paymentFormAnswer } from "~/payments/form-answer.server";
import { listSavedCards } from "~/payments/payments.server";
import { readForm } from "~/security/csrf.server";
import { pageMeta } from "~/utils/meta";
import checkoutHref from "~/styles/checkout.css";
import giftCardsHref from "~/styles/gift-cards.css";

export const meta: MetaFunction = () =>
  pageMeta("Gift card checkout", "Pay for your Paddock & Tide gift card.");
export const links = () => [
  { rel: "stylesheet", href: checkoutHref },
  { rel: "stylesheet", href: giftCardsHref },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const reference = new URL(request.url).searchParams.get("order");
  if (reference) {
    const order = await giftOrderSummary(reference, {
      userId: user?.id ?? null,
      placedHere: giftCardOrderReference(request) === reference,
    });
    if (order)
      return {
        kind: "success" as const,
        order,
        today: sydneyToday(),
        invoicePath: user ? taxInvoicePath(order.reference) : null,
      };
  }
  const state = await requireAmount(request);
  const { values, input } = await requirePersonalisation(request, state);
  return {
    kind: "form" as const,
    key: randomUUID(),
    ctx: { needsEmail: !user },
    signedInEmail: user?.email ?? null,
    savedCards: user ? await listSavedCards({ userId: user.id }) : [],
    defaults: { email: values.senderEmail ?? "" },
    quote: signGiftQuote({
      amountCents: state.amountCents,
      bonusCents: state.bonusCents,
      personalise: input,
    }),
    summary: {
      amountCents: state.amountCents,
      bonusCents: state.bonusCents,
      senderName: input.sender.firstName,
      receiverName: input.receiver.firstName,
      receiverEmail: input.receiver.email,
      message: input.receiver.message,
      deliverOn: input.deliverOn,
      bonusReceiver: input.bonusReceiver
        ? {
            name: input.bonusReceiver.firstName,
            email: input.bonusReceiver.email,
            deliverOn: input.bonusReceiver.deliverOn,
          }
        : null,
      today: state.today,
      expiresLabel: expiresLabel(state.today),
    },
  };
}

type ActionData = {
  fieldErrors: Record<string, string>;
  formId: string;
  repopulateFields: Record<string, unknown>;
  dialog?: GiftCheckoutDialog;
  nextKey?: string;
  formError?: string;
  /** the gift changed since the page was shown: it loads again (decision 036) */
  quoteChanged?: boolean;
};

// A refusal (4xx) leaves the loader alone, except when the gift shown is out of date.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || Boolean((actionResult as ActionData | undefined)?.quoteChanged);

const answer = (
  formData: FormData,
  extra: Partial<ActionData>,
  status: number,
  init?: { headers?: HeadersInit },
) => paymentFormAnswer<ActionData>(formData, GIFT_CHECKOUT_FORM_ID, ["quote"], extra, status, init);

function placed(reference: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", clearCookie(GIFT_CARD_AMOUNT_COOKIE));
  headers.append("Set-Cookie", clearCookie(GIFT_CARD_PERSONALISE_COOKIE));
  headers.append("Set-Cookie", orderCookie(reference));
  return redirect(`/gift-cards/checkout?order=${encodeURIComponent(reference)}`, {
    status: 303,
    headers,
  });
}

function respond(formData: FormData, outcome: Exclude<PurchaseOutcome, { kind: "placed" }>) {
  switch (outcome.kind) {
    case "email-taken":
      return answer(formData, { dialog: { kind: "email-taken", email: outcome.email } }, 409);
    case "card":
      return answer(
        formData,
        {
          fieldErrors: outcome.fieldErrors,
          dialog: { kind: "error", title: "Please check your card", message: outcome.message },
        },
        422,
      );
    case "card-limit":
    case "declined":
    case "error": {
      const refusal = cardRefusalAnswer(outcome);
      return answer(formData, refusal.extra, refusal.status, refusal.init);
    }
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") === "sign-in")
    return signInHere(request, context, formData, GIFT_SIGN_IN_ID, () => "/gift-cards/checkout");
  const repeat = await repeatedPurchase(String(formData.get("idempotencyKey") ?? ""));
  if (repeat?.kind === "placed") return placed(repeat.reference);
  if (repeat) return respond(formData, repeat);

  // what the page showed, still what the flow holds, before anything else is checked or charged
  const shown = await checkGiftQuote(request, formData.get("quote"));
  if (!shown.ok)
    return answer(
      formData,
      {
        quoteChanged: true,
        dialog: { kind: "error", title: "Your gift changed", message: shown.message },
      },
      409,
    );
  const user = await getUser(request);
  const result = await giftCheckoutValidator({ needsEmail: !user }).validate(formData);
  if (result.error) return validationError(result.error, scrubCardData(result.submittedData));
  const { amountCents, bonusCents, personalise } = shown.quote;
  const outcome = await purchaseGiftCard(
    { user, clientIp: getClientIp(request, context) },
    { amountCents, bonusCents, personalise, checkout: result.data },
    appOrigin(request),
  );
  return outcome.kind === "placed" ? placed(outcome.reference) : respond(formData, outcome);
}

export default function GiftCheckout() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const dialog = useMemo<GiftCheckoutDialog | null>(() => {
    if (a?.formId === GIFT_SIGN_IN_ID)
      return { kind: "email-taken", email: String(a.repopulateFields?.email ?? "") };
    return a?.dialog ?? null;
  }, [a]);
  if (d.kind === "success") {
    return (
      <GiftFlowPage step="payment" title="Thank you! Your gift is on its way">
        <GiftSuccess order={d.order} today={d.today} invoicePath={d.invoicePath} />
      </GiftFlowPage>
    );
  }
  return (
    <GiftFlowPage
      step="payment"
      title="Payment"
      intro={
        <p>
          Pay for your gift card. <Link to="/gift-cards/personalise">Change the details</Link>
        </p>
      }
      aside={<GiftOrderAside s={d.summary} />}
    >
      <GiftCheckoutForm
        ctx={d.ctx}
        idempotencyKey={a?.nextKey ?? d.key}
        signedInEmail={d.signedInEmail}
        savedCards={d.savedCards}
        defaults={d.defaults}
        amountCents={d.summary.amountCents}
        quote={d.quote}
        dialog={dialog}
        signInError={a?.formId === GIFT_SIGN_IN_ID ? (a.formError ?? null) : null}
      />
    </GiftFlowPage>
  );
}
