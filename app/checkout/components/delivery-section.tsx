// Section 2 of the box checkout: the delivery address, its dates and times, how often, and notes.
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFields } from "~/addresses/components/address-fields";
import { ChoiceGroup } from "~/box/components/choice-group";
import { TextAreaField } from "~/components/forms";
import { POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { windowDescription } from "~/delivery/window-copy";
import { CHECKOUT_FORM_ID as FORM_ID } from "../form-ids";
import { CheckoutSection, useLandOn } from "./checkout-section";
import type { DeliverySchedule } from "./delivery-schedule";

export function DeliverySection({
  schedule: s,
  frequencies,
  defaultWindow,
}: {
  schedule: DeliverySchedule;
  frequencies: { days: number; label: string }[];
  defaultWindow: string;
}) {
  const hydrated = useHydrated();
  const landOn = useLandOn();
  return (
    <CheckoutSection id="shipping-address" headingId="co-shipping" n={2} title="Delivery">
      <AddressFields
        prefix="shipping"
        formId={FORM_ID}
        legend="Delivery address"
        autoCompleteSection="shipping"
        postcodeHint="A new postcode resets the delivery date and time"
        onPostcodeChange={s.onPostcodeChange}
      />
      {hydrated ? null : (
        <button
          type="submit"
          name="intent"
          value="postcode"
          formNoValidate
          formAction={landOn("shipping-address")}
          className="button button--secondary checkout-form__inline-button"
        >
          Update delivery dates for this postcode
        </button>
      )}
      <div aria-live="polite" className="checkout-form__schedule-status">
        {s.checking ? <p className="field__hint">Checking delivery dates…</p> : null}
        {s.lookup.status === "undeliverable" ? (
          <p className="form-alert form-alert--error" role="alert">
            {POSTCODE_UNDELIVERABLE}
          </p>
        ) : null}
      </div>
      <DateAndTime schedule={s} defaultWindow={defaultWindow} />
      <div onChange={(e) => s.onFrequencyPicked((e.target as HTMLInputElement).value)}>
        {s.fit.changed ? (
          <p className="form-alert form-alert--info" role="status">
            {s.fit.changed}
          </p>
        ) : null}
        {/* drawn again with the nearest allowed frequency checked when another postcode changes what is allowed */}
        <ChoiceGroup
          key={s.fit.allowed.join()}
          formId={FORM_ID}
          name="frequencyDays"
          label="Delivery frequency"
          className="radio-cards--compact"
          checked={s.fit.days === null ? "" : String(s.fit.days)}
          options={frequencies
            .filter((f) => s.fit.allowed.includes(f.days))
            .map((f) => ({ value: String(f.days), label: f.label }))}
        />
      </div>
      <TextAreaField
        name="deliveryNotes"
        label="Delivery notes (optional)"
        rows={3}
        maxLength={500}
        hint="Where to leave your box, gate codes, a safe spot."
      />
    </CheckoutSection>
  );
}

/** The first delivery date and the time, for the postcode looked up (none while it isn't delivered). */
function DateAndTime({
  schedule: { ok, shownDate, samePostcode, onDatePicked },
  defaultWindow,
}: {
  schedule: DeliverySchedule;
  defaultWindow: string;
}) {
  if (!ok) return null;
  return (
    <div
      key={ok.postcode}
      className="checkout-form__schedule"
      onChange={(e) => {
        const t = e.target as HTMLInputElement;
        if (t.name === "deliveryDate") onDatePicked(ok.postcode, t.value);
      }}
    >
      <input type="hidden" name="datesFor" value={ok.postcode} />
      <ChoiceGroup
        formId={FORM_ID}
        name="deliveryDate"
        label="First delivery date"
        className="radio-cards--dates"
        hint="Orders close at 2pm (Sydney time) before each delivery."
        checked={shownDate}
        options={ok.dates.map((d) => ({ value: d.value, label: d.label }))}
      />
      <ChoiceGroup
        formId={FORM_ID}
        id="delivery-time"
        name="deliveryWindow"
        label="Delivery time"
        checked={samePostcode ? defaultWindow : ""}
        options={ok.windows.map((w) => ({
          value: w.code,
          label: w.label,
          description: windowDescription(w.isOvernight),
        }))}
      />
    </div>
  );
}
