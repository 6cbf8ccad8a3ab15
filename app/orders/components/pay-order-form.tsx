// The pay-an-order form (SPEC §2, §3 "Pay-an-order form"): your info (read
// only), opt-ins, billing address, card, SUBMIT ORDER; and its dialogs. Every
// dialog is rendered by the server from the action's answer when JS is off;
// with JS the browser's own validation opens the first-error dialog too.
import { useMemo, useRef, useState } from "react";
import { type Validator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFields } from "~/addresses/components/address-fields";
import { CsrfInput } from "~/components/csrf-input";
import { Dialog } from "~/components/dialog";
import { CheckboxField, FocusFirstError, FormSubmit, TextField } from "~/components/forms";
import { CardFields, type SavedCardView } from "~/payments/components/card-fields";
import { NEW_CARD } from "~/payments/card-rules";
import { formatAud } from "~/utils/money";
import { focusFieldInView } from "~/utils/focus";
import {
  PAY_ORDER_FORM_ID as FORM_ID,
  payOrderFormValidators,
  type BillingDefaults,
} from "../pay-order-form";
import type { PayActionData } from "../pay-action-data";

export type { PayActionData };

/** What the action answers when it does not redirect (remix-validated-form's error shape plus a dialog). */

type Props = {
  idempotencyKey: string;
  contact: {
    firstName: string;
    lastName: string;
    phone: string;
    sms: boolean;
    newsletter: boolean;
  };
  billing: BillingDefaults;
  savedCards: SavedCardView[];
  cardRequired: boolean;
  creditCents: number;
  totalCents: number;
  actionData: PayActionData | undefined;
};

type DialogState =
  | { kind: "message"; title: string; message: string; link?: { href: string; label: string } }
  | { kind: "address"; key: string; message: string };

function fromAction(a: PayActionData | undefined): DialogState | null {
  if (!a) return null;
  if (a.addressDoubt)
    return { kind: "address", key: a.addressDoubt.key, message: a.addressDoubt.message };
  if (a.dialog) return { kind: "message", ...a.dialog };
  const first = Object.values(a.fieldErrors ?? {})[0];
  return first ? { kind: "message", title: "Please check your details", message: first } : null;
}

/** What the last answer keeps of the post: the address confirmed, the card chosen. */
function fromRepopulated(actionData: PayActionData | undefined) {
  const repopulated = actionData?.repopulateFields ?? {};
  const confirmedAddress =
    typeof repopulated.addressConfirmed === "string" && !actionData?.addressDoubt
      ? repopulated.addressConfirmed
      : "";
  const defaultChoice =
    typeof repopulated.paymentMethod === "string" && repopulated.paymentMethod
      ? repopulated.paymentMethod
      : undefined;
  return { confirmedAddress, usedNewCard: repopulated.paymentMethod === NEW_CARD, defaultChoice };
}

function focusField(selector: string) {
  const field = document.getElementById(FORM_ID)?.querySelector<HTMLElement>(selector);
  if (field) focusFieldInView(field);
}
const focusFirstInvalid = () =>
  focusField('[aria-invalid="true"], fieldset[data-invalid] input, [data-invalid] input');

export function PayOrderForm({
  idempotencyKey,
  contact,
  billing,
  savedCards,
  cardRequired,
  creditCents,
  totalCents,
  actionData,
}: Props) {
  const hydrated = useHydrated();
  const dialogs = usePayDialogs(actionData, cardRequired);
  const { confirmedAddress, usedNewCard, defaultChoice } = fromRepopulated(actionData);

  return (
    <>
      <PayDialogs
        dialog={dialogs.dialog}
        close={dialogs.close}
        enterCardAgain={!hydrated && usedNewCard}
      />
      <ValidatedForm
        id={FORM_ID}
        method="post"
        validator={dialogs.validator}
        noValidate
        className="form pay__form"
        defaultValues={
          {
            firstName: contact.firstName,
            lastName: contact.lastName,
            phone: contact.phone,
            sms: contact.sms,
            newsletter: contact.newsletter,
            billing,
          } as Record<string, unknown>
        }
        disableFocusOnError
        onSubmitCapture={dialogs.onSubmit}
      >
        <CsrfInput />
        <FocusFirstError formId={FORM_ID} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* the total this page shows: a different one at the server charges nothing and says why */}
        <input type="hidden" name="expectedTotalCents" value={totalCents} />
        {confirmedAddress ? (
          <input type="hidden" name="addressConfirmed" value={confirmedAddress} />
        ) : null}

        {/* fields read the enclosing form (no formId), so the server renders their default values */}
        <YourInfoFields contact={contact} />
        <fieldset className="pay__section">
          <legend className="address-fields__legend">Keep in touch</legend>
          <CheckboxField name="sms" label="Text me delivery updates" />
          <CheckboxField name="newsletter" label="E-mail me recipes, offers and news" />
        </fieldset>
        <AddressFields prefix="billing" legend="Billing address" autoCompleteSection="billing" />
        {cardRequired ? (
          <CardFields
            formId={FORM_ID}
            savedCards={savedCards}
            defaultChoice={defaultChoice}
            legend="Payment"
          />
        ) : (
          <div className="form-alert form-alert--success pay__credit" role="note">
            <p>Your credit of {formatAud(creditCents)} covers this order, so no card is needed.</p>
          </div>
        )}
        <SubmitOrder totalCents={totalCents} />
      </ValidatedForm>
    </>
  );
}

/**
 * The dialog showing: the client's (a failed submit's first error) or the server's answer's, until
 * dismissed (a new answer brings a new one). The validator opens the client's.
 */
function usePayDialogs(actionData: PayActionData | undefined, cardRequired: boolean) {
  const [dismissed, setDismissed] = useState<PayActionData | undefined>(undefined);
  const serverDialog = actionData && actionData !== dismissed ? fromAction(actionData) : null;
  const [clientDialog, setClientDialog] = useState<DialogState | null>(null);
  const close = (then?: () => void) => {
    setClientDialog(null);
    setDismissed(actionData);
    if (then) requestAnimationFrame(then);
  };

  // The first validation after a submit event is the submit's own: when it
  // fails, its first error opens the dialog (SPEC §5). Later checks as the
  // person types only update the fields.
  const submitPending = useRef(false);
  const validator = useMemo<Validator<Record<string, unknown>>>(() => {
    const inner = cardRequired
      ? payOrderFormValidators.withCard
      : payOrderFormValidators.withoutCard;
    return {
      validate: async (data) => {
        const isSubmit = submitPending.current;
        submitPending.current = false;
        const result = await inner.validate(data);
        const first = result.error ? Object.values(result.error.fieldErrors)[0] : undefined;
        if (isSubmit && first)
          setClientDialog({ kind: "message", title: "Please check your details", message: first });
        return result;
      },
      validateField: async (data, field) =>
        inner.validateField ? inner.validateField(data, field) : {},
    };
  }, [cardRequired]);

  const onSubmit = () => {
    submitPending.current = true;
    // a submit (SUBMIT ORDER, or the address dialog's Continue) closes any open dialog
    setClientDialog(null);
    setDismissed(actionData);
  };
  return { dialog: clientDialog ?? serverDialog, close, validator, onSubmit };
}

type Close = (then?: () => void) => void;

function PayDialogs({
  dialog,
  close,
  enterCardAgain,
}: {
  dialog: DialogState | null;
  close: Close;
  enterCardAgain: boolean;
}) {
  if (dialog?.kind === "message") return <MessageDialog dialog={dialog} close={close} />;
  if (dialog?.kind === "address")
    return <AddressDialog dialog={dialog} close={close} enterCardAgain={enterCardAgain} />;
  return null;
}

function MessageDialog({
  dialog,
  close,
}: {
  dialog: Extract<DialogState, { kind: "message" }>;
  close: Close;
}) {
  return (
    <Dialog
      open
      title={dialog.title}
      tone="error"
      onClose={() => close(focusFirstInvalid)}
      actions={
        <>
          {dialog.link ? (
            <a className="button button--secondary" href={dialog.link.href}>
              {dialog.link.label}
            </a>
          ) : null}
          <form method="dialog">
            <button
              type="submit"
              className="button button--primary"
              onClick={() => close(focusFirstInvalid)}
            >
              Ok
            </button>
          </form>
        </>
      }
    >
      <p>{dialog.message}</p>
    </Dialog>
  );
}

/** The address looked doubtful: change it, or post the form again confirming it. */
function AddressDialog({
  dialog,
  close,
  enterCardAgain,
}: {
  dialog: Extract<DialogState, { kind: "address" }>;
  close: Close;
  enterCardAgain: boolean;
}) {
  const toAddress = () => close(() => focusField('[name="billing.line1"]'));
  return (
    <Dialog
      open
      title="Check your address"
      onClose={toAddress}
      actions={
        <>
          <form method="dialog">
            <button type="submit" className="button button--secondary" onClick={toAddress}>
              Change my address
            </button>
          </form>
          <button
            type="submit"
            form={FORM_ID}
            name="addressConfirmed"
            value={dialog.key}
            className="button button--primary"
          >
            Continue
          </button>
        </>
      }
    >
      <p>{dialog.message}</p>
      {enterCardAgain ? (
        <p>For your security, enter your card number and CVC again before you continue.</p>
      ) : null}
    </Dialog>
  );
}

/** The account's name and mobile, read only where the account has them. */
function YourInfoFields({ contact }: { contact: Props["contact"] }) {
  return (
    <fieldset className="pay__section">
      <legend className="address-fields__legend">Your info</legend>
      <div className="form-row form-row--2">
        <TextField
          name="firstName"
          label="First name"
          autoComplete="given-name"
          readOnly={Boolean(contact.firstName)}
          maxLength={80}
        />
        <TextField
          name="lastName"
          label="Surname"
          autoComplete="family-name"
          readOnly={Boolean(contact.lastName)}
          maxLength={80}
        />
      </div>
      <TextField
        name="phone"
        label="Mobile"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        readOnly={Boolean(contact.phone)}
        maxLength={30}
      />
      {contact.firstName && contact.lastName && contact.phone ? (
        <p className="field__hint">These are the details on your account.</p>
      ) : null}
    </fieldset>
  );
}

function SubmitOrder({ totalCents }: { totalCents: number }) {
  return (
    <div className="pay__submit">
      <FormSubmit formId={FORM_ID} className="button--block pay__button">
        Submit order
      </FormSubmit>
      <p className="pay__charge">
        {totalCents > 0 ? (
          <>
            You'll be charged <strong>{formatAud(totalCents)}</strong> today.
          </>
        ) : (
          <>Nothing will be charged to a card.</>
        )}
      </p>
    </div>
  );
}
