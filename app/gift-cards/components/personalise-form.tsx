// The personalise form (SPEC §2, §5 "Personalise") beside a live preview of the
// card. Without JS the bonus receiver's fields are always shown (they count only
// when the toggle is on) and the preview shows the saved values.
import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { ValidatedForm } from "remix-validated-form";
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
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PersonaliseValues>(defaults);
  const another = isOn(values.isAnotherReceiver);

  function readForm() {
    const form = formRef.current;
    if (!form) return;
    const fd = new FormData(form);
    const next: PersonaliseValues = {};
    for (const [k, v] of fd.entries())
      if (typeof v === "string") (next as Record<string, string>)[k] = v;
    setValues(next);
  }

  const ddmm = "dd/mm/yyyy, today or later (Sydney time)";
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
        <fieldset className="gift-section">
          <legend className="gift-section__title">From you</legend>
          <div className="form-row form-row--2">
            <TextField
              name="senderFirstName"
              label="Your first name"
              autoComplete="given-name"
              maxLength={60}
            />
            <TextField
              name="senderEmail"
              label="Your email address"
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
            />
          </div>
        </fieldset>
        <fieldset className="gift-section">
          <legend className="gift-section__title">To</legend>
          <div className="form-row form-row--2">
            <TextField
              name="receiverFirstName"
              label="Recipient's first name"
              autoComplete="off"
              maxLength={60}
            />
            <TextField
              name="receiverEmail"
              label="Recipient's email address"
              type="email"
              autoComplete="off"
              inputMode="email"
              spellCheck={false}
            />
          </div>
          <TextAreaField
            name="receiverMessage"
            label="Message (optional)"
            maxLength={MESSAGE_MAX}
            rows={3}
            hint={`Up to ${MESSAGE_MAX} characters, printed on the card's e-mail.`}
          />
          <TextField
            name="deliveryAt"
            label="Delivery date"
            placeholder="dd/mm/yyyy"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            hint={ddmm}
            className="gift-date"
          />
        </fieldset>
        {ctx.bonusAvailable ? (
          <fieldset className="gift-section gift-section--bonus">
            <legend className="gift-section__title">Your {formatAud(bonusCents)} bonus card</legend>
            <p className="field__hint">
              It comes to you today, unless you send it to someone else.
            </p>
            <CheckboxField name="isAnotherReceiver" label="Send the bonus card to another person" />
            <div className="gift-bonus-fields" hidden={hydrated && !another}>
              {!hydrated ? (
                <p className="field__hint">
                  Only needed when you tick "Send the bonus card to another person".
                </p>
              ) : null}
              <div className="form-row form-row--2">
                <TextField
                  name="bonusReceiverFirstName"
                  label="Bonus recipient's first name"
                  autoComplete="off"
                  maxLength={60}
                />
                <TextField
                  name="bonusReceiverEmail"
                  label="Bonus recipient's email address"
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  spellCheck={false}
                />
              </div>
              <TextAreaField
                name="bonusReceiverMessage"
                label="Message for the bonus card"
                maxLength={MESSAGE_MAX}
                rows={3}
              />
              <TextField
                name="bonusDeliveryAt"
                label="Bonus card delivery date"
                placeholder="dd/mm/yyyy"
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                hint={ddmm}
                className="gift-date"
              />
            </div>
          </fieldset>
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
