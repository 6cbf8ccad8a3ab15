// Everything the /get-started/checkout route needs from the server, in one
// module. The client build replaces each `.server` import with an empty
// module, and every empty module shared with other routes became a chunk of
// its own (a request, and its headers, on a slow phone); one module used by
// this route alone adds nothing to the page's JavaScript.
export { requireFlow } from "~/box/flow.server";
export { loadCheckout, promoCookie, promoLinkLimit } from "./checkout-page.server";
export { claimWaitingGiftCard } from "./gift-credit.server";
export { accountStepForPage } from "./account-step.server";
export { checkoutAction } from "./checkout-actions.server";
export { getClientIp } from "~/security/rate-limit.server";
export { clearCookie, GIFT_CARD_ACTIVATION_COOKIE } from "~/gift-cards/cookie.server";
