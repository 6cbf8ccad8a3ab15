// Everything the /get-started/checkout route needs from the server, in one
// module. The client build replaces each `.server` import with an empty
// module, and every empty module shared with other routes became a chunk of
// its own (a request, and its headers, on a slow phone); one module used by
// this route alone adds nothing to the page's JavaScript.
export { emailHasAccount, readFlow, requireFlow } from "~/box/flow.server";
export { applyDiscountCode, currentQuote, loadCheckout, postcodeLookup, promoCookie, promoLinkLimit, readPromo } from "./checkout-page.server";
export { checkoutValidator } from "./validators.server";
export { ADDRESS_DOUBT, OUT_OF_STOCK, placeOrder, repeatedSubmit, trimDraftToStock, type CheckoutOutcome } from "./place-order.server";
export { claimWaitingGiftCard, waitingGiftCardProblem } from "./gift-credit.server";
export { parseExpectedTotal, shownTotalCheck } from "./expected-total.server";
export { accountStepAction, accountStepForPage, errorFocus } from "./account-step.server";
export { appOrigin } from "~/accounts/origin.server";
export { readForm } from "~/security/csrf.server";
export { RateLimitedError, getClientIp } from "~/security/rate-limit.server";
export { clearCookie, GIFT_CARD_ACTIVATION_COOKIE, giftCardActivationCode } from "~/gift-cards/cookie.server";
