// The card part of every payment form: saved cards (primary preselected) and
// "Use a new card", then the new card's number, MM/YY expiry (SPEC §4 mask) and
// CVC. Card inputs never get a default value: a re-rendered form never carries
// a card number or CVC back to the browser.
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { useActionData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldError, RadioCardText, TextField, useFormField } from "~/components/forms";
import { LIMITS } from "~/config";
import { NEW_CARD, digitsOnly, maskExpiry } from "../card-rules";

export type SavedCardView = {
  id: number;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  primary: boolean;
};

const two = (n: number) => String(n).padStart(2, "0");

export function CardFields({
  formId,
  savedCards,
  defaultChoice,
  legend = "Payment",
  hint,
}: {
  /** for element ids only: the fields read the enclosing ValidatedForm's defaults and errors */
  formId: string;
  savedCards: SavedCardView[];
  /** the saved card id (as a string) or "new" to start with */
  defaultChoice?: string;
  legend?: string;
  hint?: string;
}) {
  const hydrated = useHydrated();
  const initial =
    defaultChoice ??
    (savedCards.find((c) => c.primary) ?? savedCards[0])?.id.toString() ??
    NEW_CARD;
  const [choice, setChoice] = useState(initial);
  const showNew = !hydrated || choice === NEW_CARD || savedCards.length === 0;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEmptiedAfterRefusal(fieldset);

  return (
    <fieldset className="card-fields" id={`${formId}-card-fields`} ref={fieldset}>
      <legend className="address-fields__legend">{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {savedCards.length ? (
        <SavedCardChoice
          formId={formId}
          savedCards={savedCards}
          initial={initial}
          onChoose={setChoice}
        />
      ) : (
        <input type="hidden" name="paymentMethod" value={NEW_CARD} />
      )}
      <div className="card-fields__new" hidden={!showNew}>
        {savedCards.length && !hydrated ? (
          <p className="field__hint">Only needed when you choose "Use a new card".</p>
        ) : null}
        <NewCardFields />
      </div>
    </fieldset>
  );
}

/**
 * Without JS every answer is a new page whose card number and CVC are empty (never sent back). With
 * JS the inputs would keep a card the server refused (declined, expired, invalid): empty them then,
 * as the page without JS does. Other answers (an address question) keep them for "Continue".
 */
function useEmptiedAfterRefusal(fieldset: RefObject<HTMLFieldSetElement>) {
  const answer = useActionData<{ fieldErrors?: Record<string, unknown> }>();
  useEffect(() => {
    if (!Object.keys(answer?.fieldErrors ?? {}).some((k) => k.startsWith("card."))) return;
    fieldset.current
      ?.querySelectorAll<HTMLInputElement>('input[name="card.number"], input[name="card.cvc"]')
      .forEach((el) => {
        el.value = "";
      });
  }, [answer, fieldset]);
}

/** The saved cards and "Use a new card", as radio cards. */
function SavedCardChoice({
  formId,
  savedCards,
  initial,
  onChoose,
}: {
  formId: string;
  savedCards: SavedCardView[];
  initial: string;
  onChoose: (choice: string) => void;
}) {
  const { error, validate } = useFormField("paymentMethod");
  const errorId = `${formId}-payment-method-error`;
  const choose = (value: string) => {
    onChoose(value);
    if (error) validate();
  };
  const option = (value: string, label: ReactNode, description: ReactNode) => (
    <label key={value} className="radio-card">
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        className="radio-card__input"
        defaultChecked={initial === value}
        onChange={() => choose(value)}
      />
      <RadioCardText option={{ label, description }} />
    </label>
  );
  return (
    <div
      className="field radio-cards"
      role="radiogroup"
      aria-label="Card to pay with"
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? "true" : undefined}
    >
      <div className="radio-cards__list">
        {savedCards.map((c) =>
          option(
            String(c.id),
            <>
              {c.brand} ending in {c.lastFour}
            </>,
            <>
              Expires {two(c.expMonth)}/{String(c.expYear).slice(-2)}
              {c.primary ? " · Primary card" : ""}
            </>,
          ),
        )}
        {option(NEW_CARD, "Use a new card", "Visa, Mastercard or American Express")}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Number, MM/YY expiry and CVC; the number keeps digits only, the expiry is masked as typed. */
function NewCardFields() {
  return (
    <>
      <TextField
        name="card.number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={LIMITS.cardNumberDigits}
        defaultValue=""
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const d = digitsOnly(e.currentTarget.value).slice(0, LIMITS.cardNumberDigits);
          if (d !== e.currentTarget.value) e.currentTarget.value = d;
        }}
      />
      <div className="form-row form-row--2">
        <TextField
          name="card.expiration"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={LIMITS.expiryLength}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            const el = e.currentTarget;
            // keep deleting natural: only mask when characters were added
            const masked = maskExpiry(el.value);
            if ((e.nativeEvent as InputEvent).inputType?.startsWith("delete")) return;
            if (masked !== el.value) el.value = masked;
          }}
        />
        <TextField
          name="card.cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={LIMITS.cvcMax}
          defaultValue=""
          hint="3 or 4 digits on the back of your card"
        />
      </div>
    </>
  );
}
