// Named apart from the dialogs themselves (checkout-dialogs.tsx, loaded only when one opens), so the
// summary of problems can link to and name the open dialog without loading it.
import type { CheckoutDialogState } from "~/checkout/checkout-answer";

/** The open dialog's anchor: without JS the summary of problems links to it (checkout-problems.tsx). */
export const CHECKOUT_DIALOG = "checkout-dialog";

/** The heading each dialog shows, also named in the summary of problems. */
export function checkoutDialogTitle(state: CheckoutDialogState): string {
  if (state.kind === "address-doubt") return "Please check your address";
  if (state.kind === "overnight") return "Overnight silent delivery";
  if (state.kind === "out-of-stock") return "Out of stock";
  return state.title;
}
