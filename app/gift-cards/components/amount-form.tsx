// The Give tab's amount choice: preset cards or a custom amount (SPEC §4 "Gift
// amount entry"). A plain form that posts to /gift-cards/give; with JS the
// custom field filters keys, applies the $10 minimum and the preset match on
// blur, and the bonus and preview follow the choice live.
import { Form } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { FieldError } from "~/components/field-error";
import { SubmitButton } from "~/components/submit-button";
import { formatAud } from "~/utils/money";
import {
  bonusCents,
  centsToInput,
  filterAmountInput,
  normaliseCustomCents,
  parseDollars,
  presetFor,
  type BonusSettings,
} from "../rules";
import { GiftCardPreview } from "./gift-card-preview";

type Preset = { cents: number; bonusCents: number };

export function AmountForm({
  amountCents,
  isPreset,
  presets,
  settings,
  expiresLabel,
  error,
  submitted,
}: {
  amountCents: number;
  isPreset: boolean;
  presets: Preset[];
  settings: BonusSettings | null;
  expiresLabel: string;
  error?: string | null;
  submitted?: { amount: string; customAmount: string } | null;
}) {
  const amount = useAmountChoice({ amountCents, isPreset, submitted });
  const bonus = amount.chosenCents ? bonusCents(amount.chosenCents, settings) : 0;
  return (
    <div className="gift-give">
      <Form
        method="post"
        action="/gift-cards/give"
        className="form gift-give__form"
        id="gift-amount"
        noValidate
      >
        <CsrfInput />
        <fieldset
          className="field radio-cards gift-amounts"
          aria-describedby={error ? "gift-amount-error" : undefined}
          data-invalid={error ? "true" : undefined}
        >
          <legend className="visually-hidden">Gift card amount</legend>
          {settings ? <BonusPromo settings={settings} /> : null}
          <AmountCards presets={presets} choice={amount.choice} setChoice={amount.setChoice} />
          <CustomAmountField amount={amount} error={error} />
          <FieldError id="gift-amount-error" error={error ?? undefined} />
        </fieldset>
        <p className="gift-give__bonus" aria-live="polite" data-testid="bonus-note">
          {bonus > 0 ? (
            <>
              You'll also get a <strong>{formatAud(bonus)}</strong> bonus card.
            </>
          ) : null}
        </p>
        <SubmitButton className="gift-give__submit">Continue</SubmitButton>
      </Form>
      <GiftCardPreview
        amountCents={amount.chosenCents ?? amountCents}
        bonusCents={bonus}
        expiresLabel={expiresLabel}
      />
    </div>
  );
}

type AmountChoice = ReturnType<typeof useAmountChoice>;

/** The radio chosen and the custom field's text; the custom amount is tidied when it loses focus. */
function useAmountChoice({
  amountCents,
  isPreset,
  submitted,
}: {
  amountCents: number;
  isPreset: boolean;
  submitted?: { amount: string; customAmount: string } | null;
}) {
  const [choice, setChoice] = useState(
    submitted?.amount ?? (isPreset ? String(amountCents) : "custom"),
  );
  const [custom, setCustom] = useState(
    submitted?.customAmount ?? (isPreset ? "" : centsToInput(amountCents)),
  );
  const customCents = parseDollars(custom);
  const chosenCents =
    choice === "custom"
      ? customCents === null
        ? null
        : normaliseCustomCents(customCents)
      : Number(choice);

  function onCustomChange(e: ChangeEvent<HTMLInputElement>) {
    const filtered = filterAmountInput(e.currentTarget.value);
    if (filtered !== e.currentTarget.value) e.currentTarget.value = filtered;
    setCustom(filtered);
    setChoice("custom");
  }

  function onCustomBlur() {
    const cents = parseDollars(custom);
    if (cents === null) return;
    const normalised = normaliseCustomCents(cents);
    const preset = presetFor(normalised);
    if (preset !== null) {
      setChoice(String(preset));
      setCustom("");
    } else {
      setCustom(centsToInput(normalised));
    }
  }

  return { choice, setChoice, custom, chosenCents, onCustomChange, onCustomBlur };
}

function BonusPromo({ settings }: { settings: BonusSettings }) {
  return (
    <p className="field__hint gift-amounts__promo">
      <span className="badge">Bonus</span> Spend {formatAud(settings.minimumCents)} or more and we
      add a {settings.bonusPercent}% bonus card.
    </p>
  );
}

/** The preset amounts and "Custom amount", as radio cards. */
function AmountCards({
  presets,
  choice,
  setChoice,
}: {
  presets: Preset[];
  choice: string;
  setChoice: (choice: string) => void;
}) {
  return (
    <div className="radio-cards__list gift-amounts__list">
      {presets.map((p) => (
        <label key={p.cents} className="radio-card gift-amount">
          <input
            type="radio"
            name="amount"
            value={String(p.cents)}
            className="radio-card__input"
            checked={choice === String(p.cents)}
            onChange={() => setChoice(String(p.cents))}
          />
          <span className="radio-card__body">
            <span className="radio-card__label price gift-amount__value">{formatAud(p.cents)}</span>
            {p.bonusCents > 0 ? (
              <span className="radio-card__description">
                + {formatAud(p.bonusCents)} bonus card
              </span>
            ) : null}
          </span>
        </label>
      ))}
      <label className="radio-card gift-amount gift-amount--custom">
        <input
          type="radio"
          name="amount"
          value="custom"
          className="radio-card__input"
          checked={choice === "custom"}
          onChange={() => setChoice("custom")}
        />
        <span className="radio-card__body">
          <span className="radio-card__label">Custom amount</span>
          <span className="radio-card__description">From $10</span>
        </span>
      </label>
    </div>
  );
}

function CustomAmountField({ amount, error }: { amount: AmountChoice; error?: string | null }) {
  return (
    <div className="field gift-amounts__custom">
      <label htmlFor="gift-custom-amount" className="field__label">
        Custom amount in dollars
      </label>
      <div className="gift-amounts__money">
        <span aria-hidden="true">$</span>
        <input
          id="gift-custom-amount"
          name="customAmount"
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={amount.custom}
          onChange={amount.onCustomChange}
          onBlur={amount.onCustomBlur}
          onFocus={() => amount.setChoice("custom")}
          aria-describedby={error ? "gift-custom-hint gift-amount-error" : "gift-custom-hint"}
          aria-invalid={error ? true : undefined}
          maxLength={9}
        />
      </div>
      <p id="gift-custom-hint" className="field__hint">
        Choose "Custom amount", then enter dollars and cents, e.g. 75 or 75.50. $10 or less becomes
        $10.
      </p>
    </div>
  );
}
