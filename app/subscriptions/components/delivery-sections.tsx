// The delivery sections of "Change what comes next": frequency, day, time and address. Each saves on
// its own (app/subscriptions/next-box.server.ts) and applies from the delivery the notice names.
import { Link } from "@remix-run/react";
import { PlainRadioCards } from "~/components/plain-radio-cards";
import { SubmitButton } from "~/components/submit-button";
import { windowDescription } from "~/delivery/window-copy";
import type { NextBoxPage } from "~/subscriptions/next-box.server";
import { ChangeSection, type SectionState } from "./change-section";

type Props<K extends keyof NextBoxPage> = { page: Pick<NextBoxPage, K>; state: SectionState };

export function FrequencySection({ page, state }: Props<"frequencies" | "frequency">) {
  return (
    <ChangeSection intent="frequency" title="Delivery frequency" state={state}>
      {page.frequency.changed ? (
        <div className="form-alert form-alert--info dash-notice" role="status">
          <p>{page.frequency.changed} Save the frequency to confirm it.</p>
        </div>
      ) : null}
      {/* only what the delivery area can deliver (server: changeFrequency) */}
      <PlainRadioCards
        id="frequency"
        name="frequencyDays"
        legend="How often your box comes"
        className="radio-cards--frequency"
        options={page.frequencies.map((f) => ({ value: String(f.days), label: f.label }))}
        checked={String(page.frequency.days)}
      />
      <SubmitButton variant="secondary" pending={state.pending} aria-describedby="applies-from">
        Save frequency
      </SubmitButton>
    </ChangeSection>
  );
}

export function DaySection({ page, state }: Props<"days">) {
  return (
    <ChangeSection intent="day" title="Delivery day" state={state}>
      <div className="field">
        <label htmlFor="deliveryDate" className="field__label">
          Move your next delivery to
        </label>
        <select
          id="deliveryDate"
          name="deliveryDate"
          className="field__input"
          defaultValue={page.days.find((day) => day.current)?.date}
        >
          {page.days.map((day) => (
            <option key={day.date} value={day.date}>
              {day.label}
              {day.current ? " (its day now)" : ""}, change by {day.cutoffLabel}
            </option>
          ))}
        </select>
      </div>
      <p className="field__hint" id="day-hint">
        The deliveries after it follow from the new day at your frequency.
      </p>
      <SubmitButton
        variant="secondary"
        pending={state.pending}
        aria-describedby="applies-from day-hint"
      >
        Save delivery day
      </SubmitButton>
    </ChangeSection>
  );
}

export function WindowSection({ page, state }: Props<"windows" | "subscription">) {
  return (
    <ChangeSection intent="window" title="Delivery time" state={state}>
      <PlainRadioCards
        id="window"
        name="window"
        legend="When your box arrives"
        options={page.windows.map((w) => ({
          value: w.code,
          label: w.label,
          description: windowDescription(w.isOvernight),
        }))}
        checked={page.subscription.deliveryWindow ?? "day"}
      />
      <SubmitButton variant="secondary" pending={state.pending} aria-describedby="applies-from">
        Save delivery time
      </SubmitButton>
    </ChangeSection>
  );
}

export function AddressSection({ page, state }: Props<"addresses" | "subscription">) {
  return (
    <ChangeSection intent="address" title="Delivery address" state={state}>
      <div className="field">
        <label htmlFor="addressId" className="field__label">
          Deliver to
        </label>
        <select
          id="addressId"
          name="addressId"
          className="field__input"
          defaultValue={page.subscription.shippingAddressId ?? undefined}
        >
          {page.addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
        <p className="field__hint">
          Add or edit an address on <Link to="/dashboard/account#addresses">your account</Link>.
        </p>
      </div>
      <SubmitButton variant="secondary" pending={state.pending} aria-describedby="applies-from">
        Save address
      </SubmitButton>
    </ChangeSection>
  );
}
