// The checkout's dialogs: rendered open by the server from the action's
// answer, made modal by JS. Their submit buttons belong to the checkout form
// (the dialog sits inside it), so "Continue" and "Accept" re-post it.
import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Dialog, focusSection } from "~/components/dialog";
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

const CARD_AGAIN =
  "For your security we never send card numbers back to your browser: enter your card number and CVC again before you continue.";

export function CheckoutDialog({
  state,
  onClose,
  needsCardAgain,
}: {
  state: CheckoutDialogState | null;
  onClose: () => void;
  needsCardAgain: boolean;
}) {
  const hydrated = useHydrated();
  if (!state) return null;
  // Without JS the dialog is part of the page: "close" moves to the part of the form to fix.
  const closeTo = (anchor: string, label: string) =>
    hydrated ? (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          onClose();
          focusSection(anchor);
        }}
      >
        {label}
      </button>
    ) : (
      <a href={`#${anchor}`} className="button button--secondary">
        {label}
      </a>
    );

  if (state.kind === "address-doubt") {
    return (
      <Dialog
        id={CHECKOUT_DIALOG}
        open
        title={checkoutDialogTitle(state)}
        onClose={onClose}
        actions={
          <>
            {closeTo("shipping-address", "Change my address")}
            <button
              type="submit"
              name="confirmAddress"
              value={state.signature}
              className="button button--primary"
            >
              Continue
            </button>
          </>
        }
      >
        <p>{state.message}</p>
        {needsCardAgain ? <p className="field__hint">{CARD_AGAIN}</p> : null}
      </Dialog>
    );
  }
  if (state.kind === "overnight") {
    return (
      <Dialog
        id={CHECKOUT_DIALOG}
        open
        title={checkoutDialogTitle(state)}
        onClose={onClose}
        actions={
          <>
            {closeTo("delivery-time", "Change the time")}
            <button
              type="submit"
              name="acceptOvernight"
              value="true"
              className="button button--primary"
            >
              Accept
            </button>
          </>
        }
      >
        <p>{state.message}</p>
        {needsCardAgain ? <p className="field__hint">{CARD_AGAIN}</p> : null}
      </Dialog>
    );
  }
  if (state.kind === "out-of-stock") {
    return (
      <Dialog
        id={CHECKOUT_DIALOG}
        open
        tone="error"
        title={checkoutDialogTitle(state)}
        actions={
          <Link to="/get-started/your-items" className="button button--primary">
            Ok
          </Link>
        }
      >
        <p>{state.message}</p>
        <ul>
          {state.items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      </Dialog>
    );
  }
  return (
    // Escape goes where "Ok" goes: the part of the form to fix, not the button that placed the order
    <Dialog
      id={CHECKOUT_DIALOG}
      open
      tone="error"
      title={checkoutDialogTitle(state)}
      onClose={() => {
        onClose();
        focusSection(state.focus ?? "checkout-payment");
      }}
      actions={closeTo(state.focus ?? "checkout-payment", "Ok")}
    >
      <p>{state.message}</p>
    </Dialog>
  );
}
