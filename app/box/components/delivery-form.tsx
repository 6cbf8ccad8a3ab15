import { useEffect, useState, type ChangeEvent } from "react";
import { ValidatedForm } from "~/components/validated-form";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfInput } from "~/components/csrf-input";
import { ChoiceGroup } from "./choice-group";
import { FocusFirstError, useFormField } from "~/components/forms";
import { FieldError, FormSubmit, SelectField, TextField } from "~/components/forms";
import { LIMITS } from "~/config";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import { normalisePostcode, POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { useDebounceFetcher } from "remix-utils/use-debounce-fetcher";
import { getStartedFormValidator, getStartedSignedInFormValidator } from "../validators";
import { windowDescription } from "~/delivery/window-copy";

const FORM_ID = "get-started";

export const OVERNIGHT_WARNING =
  "Overnight silent delivery: we send no SMS and the driver sends no notification, so your box will be waiting when you wake up. Leave us a safe spot to place it.";

type Props = {
  signedInEmail: string | null;
  v: string;
  lookup: PostcodeLookup | null;
  dateExpired: boolean;
  defaults: {
    email: string;
    postcode: string;
    suburbId: string;
    deliveryDate: string;
    deliveryWindow: string;
  };
};

/** Shows the date and time errors when the choices are not on screen yet (no postcode looked up). */
function ScheduleErrors() {
  const date = useFormField("deliveryDate");
  const time = useFormField("deliveryWindow");
  const error = date.error ?? time.error;
  return <FieldError id="schedule-error" error={error} />;
}

export function DeliveryForm({
  signedInEmail,
  v,
  lookup: loaderLookup,
  dateExpired,
  defaults,
}: Props) {
  const hydrated = useHydrated();
  const { lookup, checking, onPostcodeChange } = usePostcodeLookup(defaults.postcode, loaderLookup);
  const ok = lookup?.status === "ok" ? lookup : null;
  const validator = signedInEmail ? getStartedSignedInFormValidator : getStartedFormValidator;

  return (
    <ValidatedForm
      id={FORM_ID}
      validator={validator}
      method="post"
      action={`/get-started${v ? `?v=${v}` : ""}`}
      // strings as the inputs hold them; the schema coerces on submit
      defaultValues={defaults as never}
      noValidate={hydrated}
      className="form delivery-form"
    >
      <FocusFirstError formId={FORM_ID} />
      <CsrfInput />
      <input type="hidden" name="v" value={v} />
      {signedInEmail ? (
        <p className="delivery-form__account">
          Signed in as <strong>{signedInEmail}</strong>
        </p>
      ) : (
        <TextField name="email" type="email" label="Email address" autoComplete="email" required />
      )}
      <PostcodeField onChange={onPostcodeChange} />
      <PostcodeResult lookup={lookup} checking={checking} />
      {ok ? (
        <Schedule
          key={ok.postcode}
          ok={ok}
          sameAsSaved={ok.postcode === normalisePostcode(defaults.postcode)?.display}
          dateExpired={dateExpired}
          defaults={defaults}
        />
      ) : (
        <div className="delivery-form__placeholder">
          <p className="field__hint">
            Enter your postcode to see delivery dates and times for your area.
          </p>
          <ScheduleErrors />
        </div>
      )}

      <div className="flow__actions">
        <FormSubmit formId={FORM_ID} name="intent" value="save">
          Continue
        </FormSubmit>
      </div>
    </ValidatedForm>
  );
}

/** The freshest look-up for what is typed (with JS: the debounced fetcher's, else the page's own). */
function usePostcodeLookup(savedPostcode: string, loaderLookup: PostcodeLookup | null) {
  const hydrated = useHydrated();
  const fetcher = useDebounceFetcher<{ lookup: PostcodeLookup | null }>();
  const [typed, setTyped] = useState(savedPostcode);
  const typedKey = normalisePostcode(typed)?.display ?? null;
  const fetched = fetcher.data?.lookup ?? null;
  const lookupFor = (l: PostcodeLookup | null) =>
    l && l.status !== "invalid" && l.postcode === typedKey ? l : null;
  const lookup = hydrated ? (lookupFor(fetched) ?? lookupFor(loaderLookup)) : loaderLookup;

  function postcodeTyped(value: string, debounceTimeout: number) {
    setTyped(value);
    const n = normalisePostcode(value);
    if (n) {
      fetcher.submit(
        { postcode: value.trim() },
        { method: "get", action: "/get-started", debounceTimeout },
      );
    }
  }
  // A postcode typed before the scripts arrived keeps its value through hydration, but no change
  // event ever reaches React (and the "Check postcode" button is gone): look it up at once.
  useEffect(() => {
    const input = (document.getElementById(FORM_ID) as HTMLFormElement | null)?.elements.namedItem(
      "postcode",
    );
    if (input instanceof HTMLInputElement && input.value !== savedPostcode)
      postcodeTyped(input.value, 0);
    // once, on hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    lookup,
    checking: hydrated && fetcher.state !== "idle",
    onPostcodeChange: (e: ChangeEvent<HTMLInputElement>) =>
      postcodeTyped(e.currentTarget.value, LIMITS.postcodeLookupDebounceMs),
  };
}

function PostcodeResult({
  lookup,
  checking,
}: {
  lookup: PostcodeLookup | null;
  checking: boolean;
}) {
  const ok = lookup?.status === "ok" ? lookup : null;
  return (
    <div id="postcode-result" className="delivery-form__result" aria-live="polite">
      {checking ? <p className="delivery-form__checking">Checking your postcode…</p> : null}
      {!checking && lookup?.status === "undeliverable" ? (
        <p className="form-alert form-alert--error" role="alert">
          {POSTCODE_UNDELIVERABLE}
        </p>
      ) : null}
      {!checking && ok ? (
        <p className="delivery-form__region">
          We deliver to {ok.region.name}: {ok.region.daysLabel}.
        </p>
      ) : null}
    </div>
  );
}

type OkLookup = Extract<PostcodeLookup, { status: "ok" }>;

/** The suburb, date and time for a delivered postcode; the overnight warning follows the time picked. */
function Schedule({
  ok,
  sameAsSaved,
  dateExpired,
  defaults,
}: {
  ok: OkLookup;
  sameAsSaved: boolean;
  dateExpired: boolean;
  defaults: Props["defaults"];
}) {
  const [windowCode, setWindowCode] = useState(sameAsSaved ? defaults.deliveryWindow : "");
  return (
    <div className="delivery-form__schedule">
      {dateExpired && sameAsSaved ? (
        <p className="form-alert form-alert--info">
          The delivery date you chose has passed its order cut-off. Please choose another date.
        </p>
      ) : null}
      {ok.suburbs.length > 1 ? (
        <SelectField
          name="suburbId"
          label="Suburb"
          placeholder="Choose your suburb"
          options={ok.suburbs.map((s) => ({ value: String(s.id), label: s.name }))}
          required
        />
      ) : (
        <>
          <input type="hidden" name="suburbId" value={ok.suburbs[0].id} />
          <p className="delivery-form__suburb">
            Suburb: <strong>{ok.suburbs[0].name}</strong>
          </p>
        </>
      )}
      <ChoiceGroup
        formId={FORM_ID}
        name="deliveryDate"
        checked={sameAsSaved ? defaults.deliveryDate : ""}
        label="Delivery date"
        hint="Orders close at 2pm (Sydney time) on the days before delivery."
        className="radio-cards--dates"
        options={ok.dates.map((d) => ({ value: d.value, label: d.label }))}
      />
      <div onChange={(e) => setWindowCode((e.target as HTMLInputElement).value)}>
        <ChoiceGroup
          formId={FORM_ID}
          name="deliveryWindow"
          checked={sameAsSaved ? defaults.deliveryWindow : ""}
          label="Delivery time"
          options={ok.windows.map((w) => ({
            value: w.code,
            label: w.label,
            description: windowDescription(w.isOvernight),
          }))}
        />
      </div>
      {ok.windows.find((w) => w.code === windowCode)?.isOvernight ? (
        <p className="form-alert form-alert--info" role="status">
          {OVERNIGHT_WARNING}
        </p>
      ) : null}
    </div>
  );
}

/** Without JS "Check postcode" shows its dates; with JS they follow what is typed. */
function PostcodeField({ onChange }: { onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const hydrated = useHydrated();
  return (
    <div className="delivery-form__postcode">
      <TextField
        name="postcode"
        label="Postcode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={4}
        pattern="[0-9]{3,4}"
        required
        hint="3 or 4 digits, for example 2000 or 0800"
        onChange={onChange}
      />
      {hydrated ? null : (
        <button
          type="submit"
          name="intent"
          value="lookup"
          formNoValidate
          className="button button--secondary delivery-form__check"
        >
          Check postcode
        </button>
      )}
    </div>
  );
}
