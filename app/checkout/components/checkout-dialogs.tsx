// The checkout's dialogs: rendered open by the server from the action's
// answer, made modal by JS. Their submit buttons belong to the checkout form
// (the dialog sits inside it), so "Continue" and "Accept" re-post it.
// The form loads this module only when a dialog opens (checkout-form.tsx), and hands it the
// dialog's anchor and title: a module both import would be one more request on every page load.
import { Link } from "@remix-run/react";
import { CloseTo, Dialog, focusSection } from "~/components/dialog";
import type { CheckoutDialogState } from "~/checkout/checkout-answer";

const CARD_AGAIN =
  "For your security we never send card numbers back to your browser: enter your card number and CVC again before you continue.";

type DialogProps<Kind extends CheckoutDialogState["kind"]> = {
  state: Extract<CheckoutDialogState, { kind: Kind }>;
  /** the anchor and heading, from checkout-dialog-title.ts */
  id: string;
  title: string;
  onClose: () => void;
  needsCardAgain: boolean;
};

export default function CheckoutDialog(
  p: Omit<DialogProps<CheckoutDialogState["kind"]>, "state"> & { state: CheckoutDialogState },
) {
  const { state } = p;
  if (state.kind === "address-doubt") return <AddressDoubt {...p} state={state} />;
  if (state.kind === "overnight") return <Overnight {...p} state={state} />;
  if (state.kind === "out-of-stock") return <OutOfStock {...p} state={state} />;
  return <Refusal {...p} state={state} />;
}

function AddressDoubt({ state, ...p }: DialogProps<"address-doubt">) {
  return (
    <ChangeOrConfirm
      {...p}
      message={state.message}
      change={{ anchor: "shipping-address", label: "Change my address" }}
      confirm={{ name: "confirmAddress", value: state.signature, label: "Continue" }}
    />
  );
}

function Overnight({ state, ...p }: DialogProps<"overnight">) {
  return (
    <ChangeOrConfirm
      {...p}
      message={state.message}
      change={{ anchor: "delivery-time", label: "Change the time" }}
      confirm={{ name: "acceptOvernight", value: "true", label: "Accept" }}
    />
  );
}

/** A question about the order: change the part it is about, or re-post the form agreeing to it. */
function ChangeOrConfirm({
  id,
  title,
  onClose,
  needsCardAgain,
  message,
  change,
  confirm,
}: Omit<DialogProps<"address-doubt">, "state"> & {
  message: string;
  change: { anchor: string; label: string };
  confirm: { name: string; value: string; label: string };
}) {
  return (
    <Dialog
      id={id}
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          <CloseTo anchor={change.anchor} label={change.label} onClose={onClose} />
          <button
            type="submit"
            name={confirm.name}
            value={confirm.value}
            className="button button--primary"
          >
            {confirm.label}
          </button>
        </>
      }
    >
      <p>{message}</p>
      {needsCardAgain ? <p className="field__hint">{CARD_AGAIN}</p> : null}
    </Dialog>
  );
}

function OutOfStock({ state, id, title }: DialogProps<"out-of-stock">) {
  return (
    <Dialog
      id={id}
      open
      tone="error"
      title={title}
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

/** A refusal (card declined, total changed…). Escape goes where "Ok" goes: the part of the form to fix. */
function Refusal({ state, id, title, onClose }: DialogProps<"error">) {
  const focus = state.focus ?? "checkout-payment";
  return (
    <Dialog
      id={id}
      open
      tone="error"
      title={title}
      onClose={() => {
        onClose();
        focusSection(focus);
      }}
      actions={<CloseTo anchor={focus} label="Ok" onClose={onClose} />}
    >
      <p>{state.message}</p>
    </Dialog>
  );
}
