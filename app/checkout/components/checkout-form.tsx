// The box checkout form (SPEC §2 "Checkout screen"). Every section is plain
// HTML that posts without JS; with JS the form validates as the shopper types,
// the billing fields fold away while "same as shipping" is ticked, and a new
// shipping postcode looks up its delivery dates after a 500 ms pause.
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ValidatedForm } from "remix-validated-form";
import { useHydrated } from "remix-utils/use-hydrated";
import { ChoiceGroup } from "~/box/components/choice-group";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FocusFirstError,
  FormSubmit,
  RadioCardGroup,
  TextAreaField,
  TextField,
} from "~/components/forms";
import { frequencyForRegion } from "~/delivery/frequencies";
import { LIMITS } from "~/config";
import { PASSWORD_MIN_LENGTH as PASSWORD_MIN } from "~/accounts/password-rules";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import { normalisePostcode, POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { CardFields, type SavedCardView } from "~/payments/components/card-fields";
import { formatAud } from "~/utils/money";
import { CHECKOUT_FORM_ID, type CheckoutContext } from "../form-ids";
import { checkoutFormValidator } from "../form-validators";
import { AddressFields } from "~/addresses/components/address-fields";
import { AgreementBox } from "./agreement-box";
import type { CheckoutDialogState } from "~/checkout/checkout-answer";
import { CheckoutDialog } from "./checkout-dialogs";
import { CHECKOUT_ANSWER, CheckoutProblems, checkoutProblems } from "./checkout-problems";
import { KNIFE_CHECK_TITLE, KnifeCheckFields } from "./knife-check-fields";
import { windowDescription } from "~/delivery/window-copy";

const FORM_ID = CHECKOUT_FORM_ID;

export type CheckoutFormProps = {
  idempotencyKey: string;
  email: string;
  signedIn: boolean;
  ctx: CheckoutContext;
  showSms: boolean;
  showNewsletter: boolean;
  savedCards: SavedCardView[];
  lookup: PostcodeLookup;
  draftPostcode: string;
  frequencies: { days: number; label: string }[];
  discount: {
    code: string;
    description: string;
    needsChoice: boolean;
    choices: { id: number; name: string }[];
  } | null;
  discountNotice: { ok: boolean; message: string } | null;
  totalCents: number;
  /** the quote behind totalCents, posted back with it (decision 036) */
  shownQuote: string;
  recurringCents: number;
  boxName: string;
  defaults: Record<string, unknown>;
  dialog: CheckoutDialogState | null;
  confirmedAddress: string;
  overnightAccepted: boolean;
  /** the e-mail code panel (decision 039), shown under the e-mail */
  emailProof?: ReactNode;
};

export function CheckoutForm(p: CheckoutFormProps) {
  const hydrated = useHydrated();
  const validator = useMemo(() => checkoutFormValidator(p.ctx), [p.ctx]);
  const [sameBilling, setSameBilling] = useState(p.defaults.billingSameAsShipping !== false);
  const [closedDialog, setClosedDialog] = useState<CheckoutDialogState | null>(null);
  const schedule = useFetcher<{ lookup: PostcodeLookup }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [typedPostcode, setTypedPostcode] = useState(
    String((p.defaults.shipping as { postcode?: string })?.postcode ?? p.draftPostcode),
  );
  // the date and frequency as the form holds them (posted, or picked with JS): "What you're agreeing to" follows them
  const [frequency, setFrequency] = useState(String(p.defaults.frequencyDays ?? ""));
  const [picked, setPicked] = useState<{ postcode: string; date: string } | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A code refused while placing the order comes back empty (the route's clearRefusedCode).
  // Without JS the page is drawn again; with JS the field still holds the code, and posting it
  // again would only be refused again: empty it too. One refused at "Apply" stays to be corrected.
  const answer = useActionData<{
    discountCleared?: boolean;
    fieldErrors?: Record<string, string>;
  }>();
  useEffect(() => {
    if (!answer?.discountCleared) return;
    const field = document
      .getElementById(FORM_ID)
      ?.querySelector<HTMLInputElement>('input[name="discountCode"]');
    if (field) field.value = "";
  }, [answer]);

  const typedKey = normalisePostcode(typedPostcode)?.display ?? null;
  const fetched = schedule.data?.lookup;
  const lookup =
    hydrated && fetched && fetched.status !== "invalid" && fetched.postcode === typedKey
      ? fetched
      : p.lookup;
  const ok = lookup.status === "ok" ? lookup : null;
  // the posted date and time are kept when they were picked from this postcode's choices (`datesFor`, below);
  // a new postcode starts with none (the loader's: the draft's, for its own postcode)
  const samePostcode = String(p.defaults.datesFor ?? p.draftPostcode) === ok?.postcode;
  const shownDate = samePostcode ? String(p.defaults.deliveryDate ?? "") : "";
  const heldDate = ok ? (picked?.postcode === ok.postcode ? picked.date : shownDate) : "";
  const firstDate = ok?.dates.some((d) => d.value === heldDate) ? heldDate : null;
  // only the frequencies the region delivers; one it can't is replaced by the nearest, and the shopper is told
  const offered = p.frequencies.map((f) => f.days);
  const fit = frequencyForRegion(
    ok ? { name: ok.region.name, everyWeeks: ok.region.schedule.everyWeeks } : null,
    offered,
    Number(frequency) || null,
  );

  function onPostcodeChange(value: string) {
    setTypedPostcode(value);
    clearTimeout(timer.current);
    if (normalisePostcode(value)) {
      timer.current = setTimeout(
        () => schedule.load(`/api/delivery/schedule?postcode=${encodeURIComponent(value.trim())}`),
        LIMITS.postcodeLookupDebounceMs,
      );
    }
  }

  const dialog = p.dialog && p.dialog !== closedDialog ? p.dialog : null;
  const applyButton = useRef<HTMLButtonElement>(null);
  // Without JS every answer is a new page: it lands where its message is (checkout-problems.tsx).
  const { pathname, search } = useLocation();
  const landOn = (anchor: string) => (hydrated ? undefined : `${pathname}${search}#${anchor}`);
  const problems = hydrated ? [] : checkoutProblems(answer?.fieldErrors ?? {}, p.dialog);

  return (
    <ValidatedForm
      id={FORM_ID}
      validator={validator}
      method="post"
      defaultValues={p.defaults as never}
      noValidate={hydrated}
      action={landOn(CHECKOUT_ANSWER)}
      className="form checkout-form"
    >
      <FocusFirstError formId={FORM_ID} />
      {/* Enter in a field places the order (the browser presses the first submit button), not "Apply" or
          "Update delivery dates" further down; kept out of the tab order and the accessibility tree */}
      <button
        type="submit"
        name="intent"
        value="place"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        Place order
      </button>
      <CheckoutProblems problems={problems} />
      <CsrfInput />
      <input type="hidden" name="idempotencyKey" value={p.idempotencyKey} />
      {/* the total this page shows: a different one at the server charges nothing and says why */}
      <input type="hidden" name="expectedTotalCents" value={p.totalCents} />
      <input type="hidden" name="shownQuote" value={p.shownQuote} />
      {p.confirmedAddress ? (
        <input type="hidden" name="addressConfirmed" value={p.confirmedAddress} />
      ) : null}
      {p.overnightAccepted ? <input type="hidden" name="overnightAccepted" value="true" /> : null}

      <section className="checkout-section" aria-labelledby="co-contact">
        <h2 id="co-contact" className="checkout-section__title">
          <span className="checkout-section__n" aria-hidden="true">
            1
          </span>{" "}
          Contact details
        </h2>
        <div className="field">
          <label htmlFor="co-email" className="field__label">
            Email address
          </label>
          <input
            id="co-email"
            className="field__input"
            type="email"
            value={p.email}
            readOnly
            aria-describedby="co-email-hint"
          />
          <p id="co-email-hint" className="field__hint">
            {p.signedIn ? (
              "The e-mail of your account."
            ) : (
              <>
                Your order and receipts go here. <Link to="/get-started">Use another e-mail</Link>
              </>
            )}
          </p>
        </div>
        {p.emailProof}
        <div className="form-row form-row--2">
          <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={80} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={80} />
        </div>
        <TextField
          name="phone"
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          hint="Australian number, for delivery updates"
        />
        {p.ctx.needsPassword ? (
          <div className="form-row form-row--2">
            <TextField
              name="password"
              label="Choose a password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN} characters. You'll use it to manage your deliveries.`}
            />
            <TextField
              name="passwordConfirmation"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
            />
          </div>
        ) : null}
        {p.showSms ? <CheckboxField name="sms" label="Text me delivery updates (SMS)" /> : null}
        {p.showNewsletter ? (
          <CheckboxField name="newsletter" label="Send me recipes and offers by e-mail" />
        ) : null}
      </section>

      <section className="checkout-section" aria-labelledby="co-shipping" id="shipping-address">
        <h2 id="co-shipping" className="checkout-section__title">
          <span className="checkout-section__n" aria-hidden="true">
            2
          </span>{" "}
          Delivery
        </h2>
        <AddressFields
          prefix="shipping"
          formId={FORM_ID}
          legend="Delivery address"
          autoCompleteSection="shipping"
          postcodeHint="A new postcode resets the delivery date and time"
          onPostcodeChange={onPostcodeChange}
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
          {hydrated && schedule.state !== "idle" ? (
            <p className="field__hint">Checking delivery dates…</p>
          ) : null}
          {lookup.status === "undeliverable" ? (
            <p className="form-alert form-alert--error" role="alert">
              {POSTCODE_UNDELIVERABLE}
            </p>
          ) : null}
        </div>
        {ok ? (
          <div
            key={ok.postcode}
            className="checkout-form__schedule"
            onChange={(e) => {
              const t = e.target as HTMLInputElement;
              if (t.name === "deliveryDate") setPicked({ postcode: ok.postcode, date: t.value });
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
              checked={samePostcode ? String(p.defaults.deliveryWindow ?? "") : ""}
              options={ok.windows.map((w) => ({
                value: w.code,
                label: w.label,
                description: windowDescription(w.isOvernight),
              }))}
            />
          </div>
        ) : null}
        <div onChange={(e) => setFrequency((e.target as HTMLInputElement).value)}>
          {fit.changed ? (
            <p className="form-alert form-alert--info" role="status">
              {fit.changed}
            </p>
          ) : null}
          {/* drawn again with the nearest allowed frequency checked when another postcode changes what is allowed */}
          <ChoiceGroup
            key={fit.allowed.join()}
            formId={FORM_ID}
            name="frequencyDays"
            label="Delivery frequency"
            className="radio-cards--compact"
            checked={fit.days === null ? "" : String(fit.days)}
            options={p.frequencies
              .filter((f) => fit.allowed.includes(f.days))
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
      </section>

      <section className="checkout-section" aria-labelledby="co-billing">
        <h2 id="co-billing" className="checkout-section__title">
          <span className="checkout-section__n" aria-hidden="true">
            3
          </span>{" "}
          Billing address
        </h2>
        <div
          onChange={(e) => {
            const t = e.target as HTMLInputElement;
            if (t.name === "billingSameAsShipping") setSameBilling(t.checked);
          }}
        >
          <CheckboxField name="billingSameAsShipping" label="Same as my delivery address" />
        </div>
        <div hidden={hydrated && sameBilling}>
          {hydrated ? null : (
            <p className="field__hint">
              Only needed when your billing address is different: untick the box above.
            </p>
          )}
          <AddressFields
            prefix="billing"
            formId={FORM_ID}
            legend="Billing address"
            autoCompleteSection="billing"
          />
        </div>
      </section>

      <section className="checkout-section" aria-labelledby="co-discount">
        <h2 id="co-discount" className="checkout-section__title">
          <span className="checkout-section__n" aria-hidden="true">
            4
          </span>{" "}
          Discount code
        </h2>
        <div className="checkout-form__discount">
          <TextField
            name="discountCode"
            label="Discount code (optional)"
            autoComplete="off"
            maxLength={40}
            spellCheck={false}
            // Enter here applies the code (without JS the server treats a new code sent with the order the same way)
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              applyButton.current?.click();
            }}
          />
          <button
            ref={applyButton}
            type="submit"
            name="intent"
            value="discount"
            formNoValidate
            formAction={landOn("co-discount")}
            className="button button--secondary"
          >
            Apply
          </button>
        </div>
        <div aria-live="polite">
          {p.discountNotice ? (
            <p
              className={`form-alert ${p.discountNotice.ok ? "form-alert--success" : "form-alert--error"}`}
              role={p.discountNotice.ok ? "status" : "alert"}
            >
              {p.discountNotice.message}
            </p>
          ) : p.discount ? (
            <p className="form-alert form-alert--success" role="status">
              {p.discount.code}: {p.discount.description}.
            </p>
          ) : null}
        </div>
        {p.discount?.needsChoice ? (
          <RadioCardGroup
            name="choice"
            label="Choose your free product"
            options={p.discount.choices.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        ) : null}
      </section>

      {p.ctx.hasKnife ? (
        <section className="checkout-section" aria-labelledby="co-knife">
          <h2 id="co-knife" className="checkout-section__title">
            {KNIFE_CHECK_TITLE}
          </h2>
          <KnifeCheckFields />
        </section>
      ) : null}

      <section className="checkout-section" aria-labelledby="co-payment" id="checkout-payment">
        <h2 id="co-payment" className="checkout-section__title">
          <span className="checkout-section__n" aria-hidden="true">
            5
          </span>{" "}
          Payment
        </h2>
        {p.ctx.cardRequired ? (
          <CardFields
            formId={FORM_ID}
            savedCards={p.savedCards}
            legend="Card"
            hint="Payments are processed securely. We keep only the last four digits."
          />
        ) : (
          <p className="form-alert form-alert--success">
            Your credit covers this order: no card is needed today.
          </p>
        )}
      </section>

      <AgreementBox
        boxName={p.boxName}
        recurringCents={p.recurringCents}
        totalCents={p.totalCents}
        schedule={ok?.region.schedule ?? null}
        firstDate={firstDate}
        frequencyDays={fit.days}
      />

      <CheckoutDialog
        state={dialog}
        onClose={() => setClosedDialog(p.dialog)}
        needsCardAgain={!hydrated && p.ctx.cardRequired}
      />

      <div className="flow__actions">
        <FormSubmit
          formId={FORM_ID}
          name="intent"
          value="place"
          className="button--block checkout-form__submit"
        >
          {p.totalCents > 0 ? (
            <>Place order and pay {formatAud(p.totalCents)}</>
          ) : (
            "Place order: your credit pays"
          )}
        </FormSubmit>
      </div>
    </ValidatedForm>
  );
}
