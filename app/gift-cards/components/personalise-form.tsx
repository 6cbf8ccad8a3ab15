// The personalise form (SPEC §2, §5 "Personalise") beside a live preview of the
// card. Without JS the bonus receiver's fields are always shown (they count only
// when the toggle is on) and the preview shows the saved values.
import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { ValidatedForm } from "~/components/validated-form";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FocusFirstError,
  FormSubmit,
  TextAreaField,
  TextField,
} from "~/components/forms";
import { formatAud } from "~/utils/money";
import { personaliseFormValidator } from "../form-validators";
import { MESSAGE_MAX, formatDay, parseDisplayDate } from "../rules";
import type { PersonaliseContext, PersonaliseValues } from "../schemas";
import { GiftCardPreview } from "./gift-card-preview";

export const PERSONALISE_FORM_ID = "gift-personalise";

const isOn = (v: unknown) => v === "true" || v === "on" || v === true;

function deliveryNote(raw: string | undefined, today: string) {
  const day = raw ? parseDisplayDate(raw) : null;
  if (!day) return undefined;
  return day <= today ? "Arrives by e-mail today" : `Arrives by e-mail on ${formatDay(day)}`;
}

const DATE_HINT = "dd/mm/yyyy, today or later (Sydney time)";

export function PersonaliseForm({
  ctx,
  defaults,
  amountCents,
  bonusCents,
  expiresLabel,
}: {
  ctx: PersonaliseContext;
  defaults: PersonaliseValues;
  amountCents: number;
  bonusCents: number;
  expiresLabel: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PersonaliseValues>(defaults);

  /** The preview follows what is typed. */
  function readForm() {
    const form = formRef.current;
    if (!form) return;
    const fd = new FormData(form);
    const next: PersonaliseValues = {};
    for (const [k, v] of fd.entries())
      if (typeof v === "string") (next as Record<string, string>)[k] = v;
    setValues(next);
  }

  return (
    <div className="gift-personalise">
      <ValidatedForm
        id={PERSONALISE_FORM_ID}
        formRef={formRef}
        validator={personaliseFormValidator(ctx)}
        method="post"
        noValidate
        className="form gift-personalise__form"
        defaultValues={
          { ...defaults, isAnotherReceiver: isOn(defaults.isAnotherReceiver) } as never
        }
        onChange={readForm}
      >
        <CsrfInput />
        <FocusFirstError formId={PERSONALISE_FORM_ID} />
        <FromYouSection />
        <ToSection />
        {ctx.bonusAvailable ? (
          <BonusSection bonusCents={bonusCents} another={isOn(values.isAnotherReceiver)} />
        ) : null}
        <div className="gift-actions">
          <FormSubmit formId={PERSONALISE_FORM_ID}>Proceed to checkout</FormSubmit>
          <Link to="/gift-cards/give" className="button button--quiet">
            Modify your choice
          </Link>
        </div>
      </ValidatedForm>
      <div className="gift-personalise__preview">
        <GiftCardPreview
          amountCents={amountCents}
          bonusCents={bonusCents}
          to={values.receiverFirstName}
          from={values.senderFirstName}
          message={values.receiverMessage}
          deliveryNote={deliveryNote(values.deliveryAt, ctx.today)}
          expiresLabel={expiresLabel}
        />
      </div>
    </div>
  );
}

/** A first name and an e-mail address, side by side: the sender's, the receiver's, the bonus receiver's. */
function NameAndEmail({
  prefix,
  who,
  autoComplete,
}: {
  prefix: "sender" | "receiver" | "bonusReceiver";
  who: string;
  autoComplete?: { name: string; email: string };
}) {
  return (
    <div className="form-row form-row--2">
      <TextField
        name={`${prefix}FirstName`}
        label={`${who} first name`}
        autoComplete={autoComplete?.name ?? "off"}
        maxLength={60}
      />
      <TextField
        name={`${prefix}Email`}
        label={`${who} email address`}
        type="email"
        autoComplete={autoComplete?.email ?? "off"}
        inputMode="email"
        spellCheck={false}
      />
    </div>
  );
}

function DateField({ name, label }: { name: string; label: string }) {
  return (
    <TextField
      name={name}
      label={label}
      placeholder="dd/mm/yyyy"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      hint={DATE_HINT}
      className="gift-date"
    />
  );
}

function FromYouSection() {
  return (
    <fieldset className="gift-section">
      <legend className="gift-section__title">From you</legend>
      <NameAndEmail
        prefix="sender"
        who="Your"
        autoComplete={{ name: "given-name", email: "email" }}
      />
    </fieldset>
  );
}

function ToSection() {
  return (
    <fieldset className="gift-section">
      <legend className="gift-section__title">To</legend>
      <NameAndEmail prefix="receiver" who="Recipient's" />
      <TextAreaField
        name="receiverMessage"
        label="Message (optional)"
        maxLength={MESSAGE_MAX}
        rows={3}
        hint={`Up to ${MESSAGE_MAX} characters, printed on the card's e-mail.`}
      />
      <DateField name="deliveryAt" label="Delivery date" />
    </fieldset>
  );
}

/** Without JS the bonus receiver's fields are always shown; they count only when the box is ticked. */
function BonusSection({ bonusCents, another }: { bonusCents: number; another: boolean }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="gift-section gift-section--bonus">
      <legend className="gift-section__title">Your {formatAud(bonusCents)} bonus card</legend>
      <p className="field__hint">It comes to you today, unless you send it to someone else.</p>
      <CheckboxField name="isAnotherReceiver" label="Send the bonus card to another person" />
      <div className="gift-bonus-fields" hidden={hydrated && !another}>
        {!hydrated ? (
          <p className="field__hint">
            Only needed when you tick "Send the bonus card to another person".
          </p>
        ) : null}
        <NameAndEmail prefix="bonusReceiver" who="Bonus recipient's" />
        <TextAreaField
          name="bonusReceiverMessage"
          label="Message for the bonus card"
          maxLength={MESSAGE_MAX}
          rows={3}
        />
        <DateField name="bonusDeliveryAt" label="Bonus card delivery date" />
      </div>
    </fieldset>
  );
}
