// Zod-free facts about the checkout form, so the page's up-front JavaScript
// does not pull in the schema (it loads on first validation, see form-validators.ts).
export const CHECKOUT_FORM_ID = "checkout";

/** What the form asks for depends on the shopper; the loader computes it, the server recomputes it. */
export type CheckoutContext = {
  needsPassword: boolean;
  hasKnife: boolean;
  needsChoice: boolean;
  cardRequired: boolean;
};
