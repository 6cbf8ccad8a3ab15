// The /get-started/checkout action: the account step, a discount code or postcode applied, the total
// the page showed, the form, then placeOrder; each outcome becomes a redirect or the page's answer
// (./checkout-answer.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { appOrigin } from "~/accounts/origin.server";
import { emailHasAccount, readFlow, requireFlow } from "~/box/flow.server";
import { MY_DELIVERIES } from "~/box/guards";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import { normalisePostcode } from "~/delivery/postcode";
import {
  clearCookie,
  GIFT_CARD_ACTIVATION_COOKIE,
  giftCardActivationCode,
} from "~/gift-cards/cookie.server";
import { cardRefusalAnswer, paymentFormAnswer } from "~/payments/form-answer.server";
import { readForm } from "~/security/csrf.server";
import { getClientIp, RateLimitedError } from "~/security/rate-limit.server";
import { accountStepAction, errorFocus } from "./account-step.server";
import { OVERNIGHT_DIALOG, type CheckoutAnswer } from "./checkout-answer";
import {
  applyDiscountCode,
  currentQuote,
  postcodeLookup,
  promoCookie,
  readPromo,
} from "./checkout-page.server";
import { parseExpectedTotal, shownTotalCheck } from "~/pricing/expected-total.server";
import { CHECKOUT_FORM_ID } from "./form-ids";
import { waitingGiftCardProblem } from "./gift-credit.server";
import {
  ADDRESS_DOUBT,
  OUT_OF_STOCK,
  placeOrder,
  repeatedSubmit,
  trimDraftToStock,
  type CheckoutOutcome,
} from "./place-order.server";
import { checkoutValidator } from "./validators.server";

/** The welcome panel: with JS it takes focus after the redirect, as a new page would give it a start point. */
const WELCOME = "#welcome";

const answer = (
  formData: FormData,
  extra: Partial<CheckoutAnswer>,
  status: number,
  init?: { headers?: HeadersInit },
) =>
  paymentFormAnswer<CheckoutAnswer>(
    formData,
    CHECKOUT_FORM_ID,
    ["expectedTotalCents", "shownQuote"],
    extra,
    status,
    init,
  );

const toMyDeliveries = (reference: string, headers?: HeadersInit) =>
  redirect(`${MY_DELIVERIES}?newuser=${encodeURIComponent(reference)}${WELCOME}`, {
    status: 303,
    headers,
  });

/**
 * A refused code the shopper typed and applied stays in the field, so a typo can be corrected. One
 * refused while placing the order (a code that no longer applies, or was typed and never applied)
 * is emptied: the next "Place order" then places the order without it.
 */
function clearRefusedCode(
  formData: FormData,
  intent: FormDataEntryValue | null,
): Pick<CheckoutAnswer, "discountCleared"> {
  if (intent === "discount") return {};
  formData.set("discountCode", "");
  return { discountCleared: true };
}

function outcomeResponse(
  formData: FormData,
  outcome: Exclude<CheckoutOutcome, { kind: "placed" } | { kind: "already-ordered" }>,
) {
  switch (outcome.kind) {
    case "fields":
      return answer(formData, { fieldErrors: outcome.fieldErrors }, 422);
    case "card":
      return answer(
        formData,
        {
          fieldErrors: outcome.fieldErrors,
          dialog: { kind: "error", title: "Please check your card", message: outcome.message },
        },
        422,
      );
    case "address-doubt":
      return answer(
        formData,
        { dialog: { kind: "address-doubt", signature: outcome.signature, message: ADDRESS_DOUBT } },
        409,
      );
    case "overnight":
      return answer(formData, { dialog: { kind: "overnight", message: OVERNIGHT_DIALOG } }, 409);
    case "out-of-stock":
      return answer(
        formData,
        { dialog: { kind: "out-of-stock", message: OUT_OF_STOCK, items: outcome.items } },
        409,
      );
    case "card-limit":
    case "declined":
    case "error": {
      const refusal = cardRefusalAnswer(outcome, errorFocus(outcome.message));
      return answer(formData, refusal.extra, refusal.status, refusal.init);
    }
    case "total-changed":
      // nothing was charged under this key, but the next press is for another amount: a new key
      return answer(
        formData,
        {
          nextKey: randomUUID(),
          totalChanged: true,
          fieldErrors: outcome.fieldErrors ?? {},
          dialog: { kind: "error", title: "Your order changed", message: outcome.message },
        },
        409,
      );
  }
}

/**
 * Without JS a refused post draws the page again: with the schedule (or the refusal) of the postcode
 * typed, not the draft's, so the date picked from it stays picked and the agreement follows it.
 */
async function typedLookup(
  formData: FormData,
  draftPostcode: string | null,
): Promise<PostcodeLookup | undefined> {
  const posted = normalisePostcode(String(formData.get("shipping.postcode") ?? ""));
  return posted && posted.display !== draftPostcode ? postcodeLookup(posted.display) : undefined;
}

type Flow = Awaited<ReturnType<typeof requireFlow>>;

/** A repeat of a press that was answered already (same key): its answer again, or null. */
async function repeatAnswer(request: Request, formData: FormData) {
  const before = await readFlow(request);
  if (!before.session) return null;
  const key = String(formData.get("idempotencyKey") ?? "");
  const repeat = await repeatedSubmit({ session: before.session, user: before.user }, key);
  if (repeat?.kind === "placed")
    return toMyDeliveries(
      repeat.reference,
      repeat.setCookie ? { "Set-Cookie": repeat.setCookie } : undefined,
    );
  if (repeat && repeat.kind !== "already-ordered") return outcomeResponse(formData, repeat);
  return null;
}

/** The e-mail code and the second-box question (decision 039), and an e-mail that has an account. */
async function accountAnswer(flow: Flow, formData: FormData) {
  const account = await accountStepAction(flow, formData);
  if (account?.kind === "redirect")
    return redirect(account.to, {
      status: 303,
      headers: account.setCookie ? { "Set-Cookie": account.setCookie } : undefined,
    });
  if (account) return answer(formData, { emailProof: account.notice }, account.status);
  if (!flow.user && (await emailHasAccount(flow.draft.email)))
    return answer(
      formData,
      {
        dialog: {
          kind: "error",
          title: "Please sign in",
          message: "There is already an account for this e-mail. Please sign in to continue.",
        },
      },
      403,
    );
  return null;
}

/** Apply (or a new code typed before "Place order"): the new total is shown before anything is charged. */
async function discountAnswer(
  { request, context }: ActionFunctionArgs,
  flow: Flow,
  formData: FormData,
  postedCode: string | null,
) {
  const intent = formData.get("intent");
  let result;
  try {
    result = await applyDiscountCode(
      flow.draft,
      postedCode,
      String(formData.get("shipping.postcode") ?? "") || null,
      getClientIp(request, context),
    );
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return answer(
      formData,
      {
        discountNotice: { ok: false, message: error.message },
        ...clearRefusedCode(formData, intent),
      },
      429,
      { headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  const notice =
    intent === "discount" || !result.ok
      ? result
      : { ok: true, message: `${result.message} Check your new total, then place your order.` };
  return answer(
    formData,
    { discountNotice: notice, ...(result.ok ? {} : clearRefusedCode(formData, intent)) },
    result.ok ? 200 : 422,
    { headers: { "Set-Cookie": await promoCookie.serialize("", { maxAge: 0 }) } },
  );
}

/**
 * The form checked against what the order needs now (a knife added elsewhere asks for the age
 * check), after a total that moved is said first: the input, or the answer that refuses it. A code
 * that no longer applies is placeOrder's to remove and explain.
 */
async function checkedInput(flow: Flow, formData: FormData, postedCode: string | null) {
  const { ctx, quote } = await currentQuote(flow, postedCode, null);
  const changed = quote.discountMessage
    ? null
    : shownTotalCheck(
        {
          expectedTotalCents: parseExpectedTotal(formData.get("expectedTotalCents")),
          shownQuote: String(formData.get("shownQuote") ?? ""),
        },
        quote,
      );
  if (changed) return { refused: outcomeResponse(formData, changed) };
  const result = await checkoutValidator(ctx).validate(formData);
  if (result.error) {
    return {
      refused: answer(
        formData,
        {
          fieldErrors: result.error.fieldErrors,
          lookup: await typedLookup(formData, flow.draft.postcode),
        },
        422,
      ),
    };
  }
  return {
    input: {
      ...result.data,
      addressConfirmed:
        String(formData.get("confirmAddress") ?? "") || result.data.addressConfirmed,
      overnightAccepted:
        formData.get("acceptOvernight") === "true" || result.data.overnightAccepted,
    },
  };
}

type CheckedInput = NonNullable<Awaited<ReturnType<typeof checkedInput>>["input"]>;

/** What placeOrder answered, as the page's redirect or answer. */
async function placedResponse(
  request: Request,
  flow: Flow,
  formData: FormData,
  input: CheckedInput,
  outcome: CheckoutOutcome,
) {
  if (outcome.kind === "placed") {
    const headers = new Headers();
    if (giftCardActivationCode(request))
      headers.append("Set-Cookie", clearCookie(GIFT_CARD_ACTIVATION_COOKIE));
    if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
    headers.append("Set-Cookie", await promoCookie.serialize("", { maxAge: 0 }));
    return toMyDeliveries(outcome.reference, headers);
  }
  if (outcome.kind === "already-ordered") return redirect(MY_DELIVERIES, 303);
  if (outcome.kind === "out-of-stock")
    await trimDraftToStock(flow.draft.id, input.shipping.postcode);
  const cleared =
    (outcome.kind === "fields" || outcome.kind === "total-changed") &&
    outcome.fieldErrors?.discountCode
      ? clearRefusedCode(formData, "place")
      : {};
  const response = outcomeResponse(formData, outcome);
  Object.assign(response.data, cleared);
  response.data.lookup = await typedLookup(formData, flow.draft.postcode);
  // keep what the dialogs confirmed, so a later retry does not ask again
  if (outcome.kind !== "address-doubt" && input.addressConfirmed)
    response.data.repopulateFields.addressConfirmed = input.addressConfirmed;
  return response;
}

/** "Place order": the form checked, a waiting gift card checked, then placeOrder. */
async function placeAnswer(
  { request, context }: ActionFunctionArgs,
  flow: Flow,
  formData: FormData,
  postedCode: string | null,
) {
  const checked = await checkedInput(flow, formData, postedCode);
  if (checked.refused) return checked.refused;
  const { input } = checked;
  const { session } = flow;
  if (!session) throw redirect("/get-started");
  const giftCode = flow.user ? null : giftCardActivationCode(request);
  // A waiting gift card that can't be used is said so before anything is charged; the cookie goes with that answer.
  const giftProblem = giftCode ? await waitingGiftCardProblem(giftCode) : null;
  if (giftProblem) {
    return answer(
      formData,
      { dialog: { kind: "error", title: "Your gift card couldn't be used", message: giftProblem } },
      409,
      { headers: { "Set-Cookie": clearCookie(GIFT_CARD_ACTIVATION_COOKIE) } },
    );
  }
  const outcome = await placeOrder(
    { session, user: flow.user, draft: flow.draft, clientIp: getClientIp(request, context) },
    { ...input, giftCode },
    appOrigin(request),
  );
  return placedResponse(request, flow, formData, input, outcome);
}

export async function checkoutAction(args: ActionFunctionArgs) {
  const { request } = args;
  const formData = await readForm(request);
  // What a dialog confirmed ("Continue", "Accept") is kept until the order is placed, also when
  // this post is refused for another reason (without JS the card number is then typed again).
  if (formData.get("confirmAddress"))
    formData.set("addressConfirmed", String(formData.get("confirmAddress")));
  if (formData.get("acceptOvernight") === "true") formData.set("overnightAccepted", "true");
  const repeat = await repeatAnswer(request, formData);
  if (repeat) return repeat;

  const flow = await requireFlow(request, "checkout");
  const account = await accountAnswer(flow, formData);
  if (account) return account;
  const intent = formData.get("intent");
  const postedCode =
    String(formData.get("discountCode") ?? "")
      .trim()
      .toUpperCase() || null;
  const activeCode = flow.draft.discountCode ?? (await readPromo(request));
  if (intent === "discount" || (intent !== "postcode" && postedCode !== activeCode))
    return discountAnswer(args, flow, formData, postedCode);
  if (intent === "postcode") {
    const lookup = await postcodeLookup(String(formData.get("shipping.postcode") ?? ""));
    return answer(formData, { lookup }, 200);
  }
  return placeAnswer(args, flow, formData, postedCode);
}
