// The Give tab's amount choice: preset cards or a custom amount (SPEC §4 "Gift
// amount entry"). A plain form that posts to /gift-cards/give; with JS the
// custom field filters keys, applies the $10 minimum and the preset match on
// blur, and the bonus and preview follow the choice live.
import { Form } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { CsrfInput } from "~/components/csrf-input";
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
  presets: { cents: number; bonusCents: number }[];
  settings: BonusSettings | null;
  expiresLabel: string;
  error?: string | null;
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
  const bonus = chosenCents ? bonusCents(chosenCents, settings) : 0;

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
          {settings ? (
            <p className="field__hint gift-amounts__promo">
              <span className="badge">Bonus</span> Spend {formatAud(settings.minimumCents)} or more
              and we add a {settings.bonusPercent}% bonus card.
            </p>
          ) : null}
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
                  <span className="radio-card__label price gift-amount__value">
                    {formatAud(p.cents)}
                  </span>
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
                value={custom}
                onChange={onCustomChange}
                onBlur={onCustomBlur}
                onFocus={() => setChoice("custom")}
                aria-describedby={error ? "gift-custom-hint gift-amount-error" : "gift-custom-hint"}
                aria-invalid={error ? true : undefined}
                maxLength={9}
              />
            </div>
            <p id="gift-custom-hint" className="field__hint">
              Choose "Custom amount", then enter dollars and cents, e.g. 75 or 75.50. $10 or less
              becomes $10.
            </p>
          </div>
          {/* the shared FieldError lives beside the form library, which this page does without */}
          <p id="gift-amount-error" className="field__error" hidden={!error}>
            {error ? (
              <>
                <svg
                  aria-hidden="true"
                  width="16"
                  height="16"
                  viewBox="0 0 16 16"
                  className="field__error-icon"
                >
                  <circle cx="8" cy="8" r="7" fill="currentColor" />
                  <rect x="7" y="3.5" width="2" height="6" rx="1" fill="#fff" />
                  <circle cx="8" cy="12" r="1.1" fill="#fff" />
                </svg>
                {error}
              </>
            ) : null}
          </p>
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
        amountCents={chosenCents ?? amountCents}
        bonusCents={bonus}
        expiresLabel={expiresLabel}
      />
    </div>
  );
}
