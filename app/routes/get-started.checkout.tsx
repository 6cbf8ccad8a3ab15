import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { FlowPage } from "~/box/components/flow-page";
import { MY_DELIVERIES } from "~/box/guards";
import {
  ADDRESS_DOUBT, GIFT_CARD_ACTIVATION_COOKIE, OUT_OF_STOCK, RateLimitedError, appOrigin, applyDiscountCode, checkoutValidator, claimWaitingGiftCard,
  clearCookie, currentQuote, emailHasAccount, getClientIp, giftCardActivationCode, loadCheckout, parseExpectedTotal, placeOrder, postcodeLookup, promoCookie,
  promoLinkLimit, readFlow, readForm, readPromo, repeatedSubmit, requireFlow, shownTotalCheck, trimDraftToStock, type CheckoutOutcome,
  accountStepAction, accountStepForPage, errorFocus, waitingGiftCardProblem,
} from "~/checkout/checkout-route.server";
import { EmailProofPanel } from "~/checkout/components/email-proof-panel";
import { SecondBoxQuestion } from "~/checkout/components/second-box-question";
import { CHECKOUT_FORM_ID } from "~/checkout/form-ids";
import { CheckoutForm } from "~/checkout/components/checkout-form";
import type { CheckoutDialogState } from "~/checkout/components/checkout-dialogs";
import { OVERNIGHT_DIALOG } from "~/checkout/components/checkout-dialogs";
import { OrderSummary } from "~/checkout/components/order-summary";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import { normalisePostcode } from "~/delivery/postcode";
import { scrubCardData } from "~/payments/card-secrets";
import { postedIdempotencyKey } from "~/payments/idempotency-key";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";
import checkoutCss from "~/styles/checkout.css";

export const meta: MetaFunction = () => pageMeta("Checkout", "Your delivery address and payment: place your box order.");
export const links = () => [{ rel: "stylesheet", href: boxCss }, { rel: "stylesheet", href: checkoutCss }];

/** The welcome panel: with JS it takes focus after the redirect, as a new page would give it a start point. */
const WELCOME = "#welcome";

type ActionData = {
  fieldErrors: Record<string, string>;
  formId: string;
  repopulateFields: Record<string, unknown>;
  dialog?: CheckoutDialogState;
  nextKey?: string;
  lookup?: PostcodeLookup;
  discountNotice?: { ok: boolean; message: string };
  /** the refused code was taken out of the field (see clearRefusedCode) */
  discountCleared?: boolean;
  /** the total differs from the one shown: the summary and the button are loaded again (decision 036) */
  totalChanged?: boolean;
  /** the answer to "Confirm code" / "Send a new code" (decision 039) */
  emailProof?: { ok: boolean; message: string };
};

// A refusal (4xx) leaves the loaders alone, except when the total moved: the page must show the new one.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || Boolean((actionResult as ActionData | undefined)?.totalChanged);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "checkout");
  const headers = new Headers();
  // A gift card waiting in the activation cookie becomes credit before the total is shown (SPEC §4).
  const gift = await claimWaitingGiftCard(request, context, flow.user);
  if (gift.clearCookie) headers.append("Set-Cookie", clearCookie(GIFT_CARD_ACTIVATION_COOKIE));
  const promoLimited = await promoLinkLimit(flow, request, getClientIp(request, context));
  const page = { ...(await loadCheckout(flow, request, new URL(request.url).searchParams.get("postcode"), promoLimited)), giftNotice: gift.notice, account: await accountStepForPage(flow) };
  const promo = new URL(request.url).searchParams.get("promo");
  // The promo cookie is kept while the code can be used and cleared once it can't.
  if (page.promoUnusable) headers.append("Set-Cookie", await promoCookie.serialize("", { maxAge: 0 }));
  else if (promo && page.quote.discount) headers.append("Set-Cookie", await promoCookie.serialize(page.quote.discount.code));
  // Past the look-up limit the page still works, without the link's code, and says why.
  return data(page, { headers, status: promoLimited ? 429 : 200 });
}

function answer(formData: FormData, extra: Partial<ActionData>, status: number, init?: { headers?: HeadersInit }) {
  const repopulateFields = scrubCardData(Object.fromEntries(formData) as Record<string, unknown>);
  for (const shown of ["idempotencyKey", "expectedTotalCents", "shownQuote"]) delete repopulateFields[shown];
  // the posted key stays unless `extra` brings a new one (see app/payments/idempotency-key.ts)
  const nextKey = extra.nextKey ?? postedIdempotencyKey(formData);
  return data<ActionData>({ fieldErrors: {}, formId: CHECKOUT_FORM_ID, repopulateFields: unflatten(repopulateFields), ...extra, nextKey }, { status, ...init });
}

/** "shipping.line1" → { shipping: { line1 } }, as the form's defaults expect. */
function unflatten(values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const parts = k.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = v;
  }
  return out;
}

/**
 * A refused code the shopper typed and applied stays in the field, so a typo can be corrected. One
 * refused while placing the order (a code that no longer applies, or was typed and never applied)
 * is emptied: the next "Place order" then places the order without it.
 */
function clearRefusedCode(formData: FormData, intent: FormDataEntryValue | null): Pick<ActionData, "discountCleared"> {
  if (intent === "discount") return {};
  formData.set("discountCode", "");
  return { discountCleared: true };
}

function outcomeResponse(formData: FormData, outcome: Exclude<CheckoutOutcome, { kind: "placed" } | { kind: "already-ordered" }>) {
  switch (outcome.kind) {
    case "fields":
      return answer(formData, { fieldErrors: outcome.fieldErrors }, 422);
    case "card":
      return answer(formData, { fieldErrors: outcome.fieldErrors, dialog: { kind: "error", title: "Please check your card", message: outcome.message } }, 422);
    case "address-doubt":
      return answer(formData, { dialog: { kind: "address-doubt", signature: outcome.signature, message: ADDRESS_DOUBT } }, 409);
    case "overnight":
      return answer(formData, { dialog: { kind: "overnight", message: OVERNIGHT_DIALOG } }, 409);
    case "out-of-stock":
      return answer(formData, { dialog: { kind: "out-of-stock", message: OUT_OF_STOCK, items: outcome.items } }, 409);
    case "card-limit":
      // nothing reached the gateway under this key: it stays for the next try
      return answer(formData, { fieldErrors: { "card.number": outcome.message }, dialog: { kind: "error", title: "Too many card attempts", message: outcome.message } }, 429, { headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
    case "declined":
      // A new key for the next try: the declined one keeps its answer.
      return answer(formData, { nextKey: randomUUID(), fieldErrors: { "card.number": outcome.message }, dialog: { kind: "error", title: "Payment declined", message: outcome.message } }, 402);
    case "error":
      // "still being placed" keeps the key (pressing again waits for that payment); a refunded one is finished
      return answer(formData, { ...(outcome.newKey ? { nextKey: randomUUID() } : {}), dialog: { kind: "error", title: "We couldn't place your order", message: outcome.message, ...errorFocus(outcome.message) } }, 409);
    case "total-changed":
      // nothing was charged under this key, but the next press is for another amount: a new key
      return answer(formData, { nextKey: randomUUID(), totalChanged: true, fieldErrors: outcome.fieldErrors ?? {}, dialog: { kind: "error", title: "Your order changed", message: outcome.message } }, 409);
  }
}

/**
 * Without JS a refused post draws the page again: with the schedule (or the refusal) of the postcode
 * typed, not the draft's, so the date picked from it stays picked and the agreement follows it.
 */
async function typedLookup(formData: FormData, draftPostcode: string | null): Promise<PostcodeLookup | undefined> {
  const posted = normalisePostcode(String(formData.get("shipping.postcode") ?? ""));
  return posted && posted.display !== draftPostcode ? postcodeLookup(posted.display) : undefined;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // What a dialog confirmed ("Continue", "Accept") is kept until the order is placed, also when
  // this post is refused for another reason (without JS the card number is then typed again).
  if (formData.get("confirmAddress")) formData.set("addressConfirmed", String(formData.get("confirmAddress")));
  if (formData.get("acceptOvernight") === "true") formData.set("overnightAccepted", "true");
  const before = await readFlow(request);
  const key = String(formData.get("idempotencyKey") ?? "");
  if (before.session) {
    const repeat = await repeatedSubmit({ session: before.session, user: before.user }, key);
    if (repeat?.kind === "placed") {
      return redirect(`${MY_DELIVERIES}?newuser=${encodeURIComponent(repeat.reference)}${WELCOME}`, { status: 303, headers: repeat.setCookie ? { "Set-Cookie": repeat.setCookie } : undefined });
    }
    if (repeat && repeat.kind !== "already-ordered") return outcomeResponse(formData, repeat);
  }

  const flow = await requireFlow(request, "checkout");
  // the e-mail code and the second-box question (decision 039)
  const account = await accountStepAction(flow, formData);
  if (account?.kind === "redirect") return redirect(account.to, { status: 303, headers: account.setCookie ? { "Set-Cookie": account.setCookie } : undefined });
  if (account) return answer(formData, { emailProof: account.notice }, account.status);
  if (!flow.user && (await emailHasAccount(flow.draft.email))) {
    return answer(formData, { dialog: { kind: "error", title: "Please sign in", message: "There is already an account for this e-mail. Please sign in to continue." } }, 403);
  }
  const intent = formData.get("intent");
  const postedCode = String(formData.get("discountCode") ?? "").trim().toUpperCase() || null;

  // Apply (or a new code typed before "Place order"): show the new total before anything is charged.
  const activeCode = flow.draft.discountCode ?? (await readPromo(request));
  if (intent === "discount" || (intent !== "postcode" && postedCode !== activeCode)) {
    let result;
    try {
      result = await applyDiscountCode(flow.draft, postedCode, String(formData.get("shipping.postcode") ?? "") || null, getClientIp(request, context));
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      return answer(formData, { discountNotice: { ok: false, message: error.message }, ...clearRefusedCode(formData, intent) }, 429, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    const notice = intent === "discount" || !result.ok ? result : { ok: true, message: `${result.message} Check your new total, then place your order.` };
    return answer(formData, { discountNotice: notice, ...(result.ok ? {} : clearRefusedCode(formData, intent)) }, result.ok ? 200 : 422, { headers: { "Set-Cookie": await promoCookie.serialize("", { maxAge: 0 }) } });
  }
  if (intent === "postcode") {
    const lookup = await postcodeLookup(String(formData.get("shipping.postcode") ?? ""));
    return answer(formData, { lookup }, 200);
  }

  const { ctx, quote } = await currentQuote(flow, postedCode, null);
  // Before the form is checked against what the order needs now (a knife added elsewhere asks for the age check):
  // a total that moved is said first. A code that no longer applies is placeOrder's to remove and explain.
  const changed = quote.discountMessage ? null : shownTotalCheck({ expectedTotalCents: parseExpectedTotal(formData.get("expectedTotalCents")), shownQuote: String(formData.get("shownQuote") ?? "") }, quote);
  if (changed) return outcomeResponse(formData, changed);
  const result = await checkoutValidator(ctx).validate(formData);
  if (result.error) {
    return answer(formData, { fieldErrors: result.error.fieldErrors, lookup: await typedLookup(formData, flow.draft.postcode) }, 422);
  }
  const input = {
    ...result.data,
    addressConfirmed: String(formData.get("confirmAddress") ?? "") || result.data.addressConfirmed,
    overnightAccepted: formData.get("acceptOvernight") === "true" || result.data.overnightAccepted,
  };
  const { session } = flow;
  if (!session) throw redirect("/get-started");
  const giftCode = flow.user ? null : giftCardActivationCode(request);
  // A waiting gift card that can't be used is said so before anything is charged; the cookie goes with that answer.
  const giftProblem = giftCode ? await waitingGiftCardProblem(giftCode) : null;
  if (giftProblem) {
    return answer(formData, { dialog: { kind: "error", title: "Your gift card couldn't be used", message: giftProblem } }, 409, { headers: { "Set-Cookie": clearCookie(GIFT_CARD_ACTIVATION_COOKIE) } });
  }
  const outcome = await placeOrder({ session, user: flow.user, draft: flow.draft, clientIp: getClientIp(request, context) }, { ...input, giftCode }, appOrigin(request));
  if (outcome.kind === "placed") {
    const headers = new Headers();
    if (giftCardActivationCode(request)) headers.append("Set-Cookie", clearCookie(GIFT_CARD_ACTIVATION_COOKIE));
    if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
    headers.append("Set-Cookie", await promoCookie.serialize("", { maxAge: 0 }));
    return redirect(`${MY_DELIVERIES}?newuser=${encodeURIComponent(outcome.reference)}${WELCOME}`, { status: 303, headers });
  }
  if (outcome.kind === "already-ordered") return redirect(MY_DELIVERIES, 303);
  if (outcome.kind === "out-of-stock") await trimDraftToStock(flow.draft.id, input.shipping.postcode);
  const cleared = (outcome.kind === "fields" || outcome.kind === "total-changed") && outcome.fieldErrors?.discountCode ? clearRefusedCode(formData, "place") : {};
  const response = outcomeResponse(formData, outcome);
  Object.assign(response.data as ActionData, cleared);
  (response.data as ActionData).lookup = await typedLookup(formData, flow.draft.postcode);
  // keep what the dialogs confirmed, so a later retry does not ask again
  if (outcome.kind !== "address-doubt" && input.addressConfirmed) (response.data as ActionData).repopulateFields.addressConfirmed = input.addressConfirmed;
  return response;
}

export default function Checkout() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const lookup = (a?.lookup ?? d.lookup) as PostcodeLookup;
  const defaults = a?.repopulateFields ? { ...d.defaults, ...a.repopulateFields, billingSameAsShipping: a.repopulateFields.billingSameAsShipping !== undefined } : d.defaults;
  return (
    <FlowPage
      step="checkout"
      customizable={d.box.customizable}
      eyebrow="Checkout"
      title="Delivery and payment"
      intro={<p>Free delivery, no minimum order. Skip, pause or cancel anytime.</p>}
      aside={<OrderSummary box={d.box} items={d.items} addons={d.addons} delivery={d.delivery} quote={d.quote} />}
    >
      {d.account.secondBox && !d.needsSignIn ? (
        <SecondBoxQuestion current={d.account.secondBox} />
      ) : d.needsSignIn ? (
        <div className="form-alert form-alert--info checkout__signin">
          <div>
            <p>There is already an account for <strong>{d.email}</strong>. Sign in to use its saved cards, addresses and credit; your box is kept.</p>
            <p><Link className="button button--primary" to="/sign-in?destination=/get-started/checkout">Sign in to continue</Link></p>
          </div>
        </div>
      ) : (
        <>
        {d.giftNotice ? (
          <p className={`form-alert ${d.giftNotice.ok ? "form-alert--success" : "form-alert--error"} checkout__gift`} role="status">{d.giftNotice.message}</p>
        ) : null}
        <CheckoutForm
          idempotencyKey={a?.nextKey ?? d.key}
          email={d.email}
          signedIn={d.signedIn}
          ctx={d.ctx}
          showSms={d.showSms}
          showNewsletter={d.showNewsletter}
          savedCards={d.savedCards}
          lookup={lookup}
          draftPostcode={d.delivery.postcode}
          frequencies={d.frequencies}
          discount={d.quote.discount ? { ...d.quote.discount, description: d.quote.discount.description } : null}
          discountNotice={a?.discountNotice ?? (d.quote.discountMessage ? { ok: false, message: d.quote.discountMessage } : null)}
          totalCents={d.quote.totalCents}
          shownQuote={d.shownQuote}
          recurringCents={d.quote.recurringCents}
          boxName={d.box.fullName}
          defaults={defaults}
          dialog={a?.dialog ?? null}
          confirmedAddress={String(a?.repopulateFields?.addressConfirmed ?? "")}
          overnightAccepted={a?.repopulateFields?.overnightAccepted === "true"}
          emailProof={d.account.proof || a?.emailProof ? (
            <EmailProofPanel view={d.account.proof} answer={a?.emailProof ?? null} typed={a?.emailProof?.ok ? "" : String(a?.repopulateFields?.emailCode ?? "")} />
          ) : null}
        />
        </>
      )}
    </FlowPage>
  );
}
