// The gift-card payment form (SPEC §5 "Gift card billing"): the buyer's e-mail
// for a visitor, the shared billing address and card fields of box checkout,
// and a hidden idempotency key from the loader so a double submit charges once.
// Its dialogs (payment errors, "email already taken" with a sign-in form) are
// rendered open by the server and made modal by JS.
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ValidatedForm } from "~/components/validated-form";
import { AddressFields } from "~/addresses/components/address-fields";
import { CsrfInput } from "~/components/csrf-input";
import { CloseTo, Dialog } from "~/components/dialog";
import { FocusFirstError, FormSubmit, TextField } from "~/components/forms";
import { CardFields, type SavedCardView } from "~/payments/components/card-fields";
import { formatAud } from "~/utils/money";
import { giftCheckoutFormValidator } from "../form-validators";
import { EMAIL_TAKEN, GIFT_CHECKOUT_FORM_ID } from "../rules";
import type { GiftCheckoutContext } from "../schemas";
import { InlineSignIn } from "./inline-sign-in";

export const GIFT_SIGN_IN_ID = "gift-checkout-sign-in";

export type GiftCheckoutDialog =
  { kind: "email-taken"; email: string } | { kind: "error"; title: string; message: string };

export function GiftCheckoutForm({
  ctx,
  idempotencyKey,
  signedInEmail,
  savedCards,
  defaults,
  amountCents,
  quote,
  dialog,
  signInError,
}: {
  ctx: GiftCheckoutContext;
  idempotencyKey: string;
  signedInEmail: string | null;
  savedCards: SavedCardView[];
  defaults: Record<string, unknown>;
  amountCents: number;
  /** the signed quote of what the page shows (app/gift-cards/quote.server.ts) */
  quote: string;
  dialog: GiftCheckoutDialog | null;
  signInError: string | null;
}) {
  const [open, setOpen] = useState(dialog);
  useEffect(() => setOpen(dialog), [dialog]);
  const close = () => setOpen(null);
  return (
    <>
      <ValidatedForm
        id={GIFT_CHECKOUT_FORM_ID}
        validator={giftCheckoutFormValidator(ctx)}
        method="post"
        noValidate
        className="form gift-checkout__form"
        defaultValues={defaults as never}
      >
        <CsrfInput />
        <FocusFirstError formId={GIFT_CHECKOUT_FORM_ID} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="quote" value={quote} />
        <BuyerSection needsEmail={ctx.needsEmail} signedInEmail={signedInEmail} />
        <section className="gift-section">
          <AddressFields
            prefix="billing"
            formId={GIFT_CHECKOUT_FORM_ID}
            legend="Billing address"
            autoCompleteSection="billing"
          />
        </section>
        <section className="gift-section" id="gift-checkout-payment">
          <CardFields formId={GIFT_CHECKOUT_FORM_ID} savedCards={savedCards} legend="Card" />
        </section>
        <FormSubmit formId={GIFT_CHECKOUT_FORM_ID} className="gift-checkout__submit">
          Pay {formatAud(amountCents)}
        </FormSubmit>
        <p className="field__hint">
          Gift cards are valid for 3 years and carry no fees. Card numbers go straight to our
          payment provider; we never store them.
        </p>
      </ValidatedForm>
      <CheckoutDialogs open={open} close={close} signInError={signInError} />
    </>
  );
}

function BuyerSection({
  needsEmail,
  signedInEmail,
}: {
  needsEmail: boolean;
  signedInEmail: string | null;
}) {
  return (
    <section className="gift-section" id="gift-buyer" aria-labelledby="gift-buyer-title">
      <h2 id="gift-buyer-title" className="gift-section__title">
        Your details
      </h2>
      {needsEmail ? (
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          hint="Your receipt and tax invoice go here."
        />
      ) : (
        <p className="gift-checkout__who">
          Signed in as <strong>{signedInEmail}</strong>. Your receipt goes to this address.
        </p>
      )}
    </section>
  );
}

/** "Please sign in" when the e-mail has an account, and the payment's refusals. */
function CheckoutDialogs({
  open,
  close,
  signInError,
}: {
  open: GiftCheckoutDialog | null;
  close: () => void;
  signInError: string | null;
}) {
  return (
    <>
      <Dialog
        open={open?.kind === "email-taken"}
        title="Please sign in"
        onClose={close}
        actions={<CloseTo anchor="gift-buyer" label="Use another email" onClose={close} />}
      >
        <p className="gift-dialog__lead">{EMAIL_TAKEN}</p>
        <p>Sign in to continue: your amount and message are kept.</p>
        <InlineSignIn
          formId={GIFT_SIGN_IN_ID}
          action="/gift-cards/checkout"
          email={open?.kind === "email-taken" ? open.email : ""}
          error={signInError}
        />
        <p className="gift-dialog__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
      </Dialog>
      <Dialog
        open={open?.kind === "error"}
        tone="error"
        title={open?.kind === "error" ? open.title : ""}
        onClose={close}
        actions={<CloseTo anchor="gift-checkout-payment" label="Ok" onClose={close} />}
      >
        <p>{open?.kind === "error" ? open.message : null}</p>
      </Dialog>
    </>
  );
}
