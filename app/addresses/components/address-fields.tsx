// The address fields of every payment form (shipping and billing at box
// checkout, billing at pay-an-order and gift-card checkout), named
// `${prefix}.addressType`, `${prefix}.line1`, … to match AddressSchema.
// Without JS they are plain fields; with JS the suburb field suggests places in
// Australia (AddressLookup) and fills state and postcode.
import { useEffect, useId, useRef, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SelectField, TextField } from "~/components/forms";
import { ADDRESS_TYPES, COUNTRY, LIMITS, STATES } from "~/config";
import { useJsonLookup } from "~/utils/use-json-lookup";

const TYPE_LABELS: Record<(typeof ADDRESS_TYPES)[number], string> = {
  apartment: "Apartment",
  business: "Business",
  house: "House",
};

type Suggestion = { city: string; state: string; postcode: string; label: string };

export function AddressFields({
  prefix,
  legend,
  postcodeHint,
  onPostcodeChange,
  autoCompleteSection,
}: {
  prefix: string;
  /** kept for callers; the fields read the enclosing ValidatedForm (a field given a formId would read its defaults from loader data instead) */
  formId?: string;
  legend: string;
  postcodeHint?: string;
  onPostcodeChange?: (value: string) => void;
  /** "shipping" or "billing": tells browsers which saved address to offer */
  autoCompleteSection: "shipping" | "billing";
}) {
  const { hydrated, listId, suggestions, onCityChange, wrapper } = useSuburbLookup(
    prefix,
    onPostcodeChange,
  );
  const ac = (token: string) => `section-${autoCompleteSection} ${autoCompleteSection} ${token}`;

  return (
    <fieldset className="address-fields" ref={wrapper}>
      <legend className="address-fields__legend">{legend}</legend>
      <SelectField
        name={`${prefix}.addressType`}
        label="Address type"
        placeholder="Choose an address type"
        options={ADDRESS_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
      />
      <TextField
        name={`${prefix}.line1`}
        label="Street address"
        autoComplete={ac("address-line1")}
        maxLength={200}
      />
      <div className="form-row form-row--2">
        <TextField
          name={`${prefix}.line2`}
          label="Suite or unit"
          hint="Required for an apartment"
          autoComplete={ac("address-line2")}
          maxLength={100}
        />
        <TextField
          name={`${prefix}.company`}
          label="Company name"
          hint="Required for a business"
          autoComplete={ac("organization")}
          maxLength={120}
        />
      </div>
      <TextField
        name={`${prefix}.city`}
        label="Suburb"
        autoComplete={ac("address-level2")}
        maxLength={80}
        list={hydrated ? listId : undefined}
        onChange={hydrated ? onCityChange : undefined}
      />
      {hydrated ? (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s.label} value={s.label} />
          ))}
        </datalist>
      ) : null}
      <StatePostcodeCountry
        prefix={prefix}
        ac={ac}
        postcodeHint={postcodeHint}
        onPostcodeChange={onPostcodeChange}
      />
    </fieldset>
  );
}

/**
 * With JS, the suburb field suggests places in Australia (a datalist filled from
 * /api/address/suggestions); choosing one fills the suburb, state and postcode.
 */
function useSuburbLookup(prefix: string, onPostcodeChange?: (value: string) => void) {
  const hydrated = useHydrated();
  const listId = useId().replace(/:/g, "");
  const lookup = useJsonLookup<{ suggestions: Suggestion[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const wrapper = useRef<HTMLFieldSetElement>(null);
  const suggestions = lookup.data?.suggestions ?? [];

  useEffect(() => () => clearTimeout(timer.current), []);

  function setValue(name: string, value: string) {
    const el = wrapper.current?.querySelector<HTMLInputElement | HTMLSelectElement>(
      `[name="${prefix}.${name}"]`,
    );
    if (el && el.value !== value) {
      el.value = value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function onCityChange(e: ChangeEvent<HTMLInputElement>) {
    const value = e.currentTarget.value;
    const chosen = suggestions.find((s) => s.label === value);
    if (chosen) {
      e.currentTarget.value = chosen.city;
      setValue("state", chosen.state);
      setValue("postcode", chosen.postcode);
      onPostcodeChange?.(chosen.postcode);
      return;
    }
    clearTimeout(timer.current);
    if (value.trim().length >= 2) {
      timer.current = setTimeout(
        () => lookup.load(`/api/address/suggestions?q=${encodeURIComponent(value)}`),
        LIMITS.postcodeLookupDebounceMs,
      );
    }
  }

  return { hydrated, listId, suggestions, onCityChange, wrapper };
}

/** State and postcode side by side, then the one country we deliver to. */
function StatePostcodeCountry({
  prefix,
  ac,
  postcodeHint,
  onPostcodeChange,
}: {
  prefix: string;
  ac: (token: string) => string;
  postcodeHint?: string;
  onPostcodeChange?: (value: string) => void;
}) {
  return (
    <>
      <div className="form-row form-row--2">
        <SelectField
          name={`${prefix}.state`}
          label="State"
          placeholder="Choose a state"
          autoComplete={ac("address-level1")}
          options={STATES.map((s) => ({ value: s, label: s }))}
        />
        <TextField
          name={`${prefix}.postcode`}
          label="Postcode"
          inputMode="numeric"
          maxLength={4}
          autoComplete={ac("postal-code")}
          hint={postcodeHint}
          onChange={onPostcodeChange ? (e) => onPostcodeChange(e.currentTarget.value) : undefined}
        />
      </div>
      <div className="field">
        {/* not a control (the one country we deliver to), so the label is plain text read just before it */}
        <span className="field__label">Country</span>
        <p className="address-fields__country">{COUNTRY.name}</p>
        <input type="hidden" name={`${prefix}.country`} value={COUNTRY.code} />
      </div>
    </>
  );
}
