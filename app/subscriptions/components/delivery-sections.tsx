// The delivery sections of "Change what comes next": frequency, day, time and address. Each saves on
// its own (app/subscriptions/next-box.server.ts) and applies from the delivery the notice names.
import { Link } from "@remix-run/react";
import { RadioCardGroup, SelectField } from "~/components/forms";
import { windowDescription } from "~/delivery/window-copy";
import type { NextBoxPage } from "~/subscriptions/next-box.server";
import { ChangeSection, type SectionState } from "./change-section";

type Props<K extends keyof NextBoxPage> = { page: Pick<NextBoxPage, K>; state: SectionState };

export function FrequencySection({ page, state }: Props<"frequencies" | "frequency">) {
  return (
    <ChangeSection
      intent="frequency"
      title="Delivery frequency"
      state={state}
      defaultValues={{ frequencyDays: String(page.frequency.days) }}
      submit="Save frequency"
    >
      {page.frequency.changed ? (
        <div className="form-alert form-alert--info dash-notice" role="status">
          <p>{page.frequency.changed} Save the frequency to confirm it.</p>
        </div>
      ) : null}
      {/* only what the delivery area can deliver (server: changeFrequency) */}
      <RadioCardGroup
        name="frequencyDays"
        label="How often your box comes"
        className="radio-cards--frequency"
        options={page.frequencies.map((f) => ({ value: String(f.days), label: f.label }))}
      />
    </ChangeSection>
  );
}

export function DaySection({ page, state }: Props<"days">) {
  return (
    <ChangeSection
      intent="day"
      title="Delivery day"
      state={state}
      defaultValues={{ deliveryDate: page.days.find((day) => day.current)?.date }}
      submit="Save delivery day"
    >
      <SelectField
        name="deliveryDate"
        label="Move your next delivery to"
        hint="The deliveries after it follow from the new day at your frequency."
        options={page.days.map((day) => ({
          value: day.date,
          label: `${day.label}${day.current ? " (its day now)" : ""}, change by ${day.cutoffLabel}`,
        }))}
      />
    </ChangeSection>
  );
}

export function WindowSection({ page, state }: Props<"windows" | "subscription">) {
  return (
    <ChangeSection
      intent="window"
      title="Delivery time"
      state={state}
      defaultValues={{ window: page.subscription.deliveryWindow ?? "day" }}
      submit="Save delivery time"
    >
      <RadioCardGroup
        name="window"
        label="When your box arrives"
        options={page.windows.map((w) => ({
          value: w.code,
          label: w.label,
          description: windowDescription(w.isOvernight),
        }))}
      />
    </ChangeSection>
  );
}

export function AddressSection({ page, state }: Props<"addresses" | "subscription">) {
  return (
    <ChangeSection
      intent="address"
      title="Delivery address"
      state={state}
      defaultValues={{ addressId: String(page.subscription.shippingAddressId ?? "") }}
      submit="Save address"
    >
      <SelectField
        name="addressId"
        label="Deliver to"
        hint={
          <>
            Add or edit an address on <Link to="/dashboard/account#addresses">your account</Link>.
          </>
        }
        options={page.addresses.map((a) => ({ value: String(a.id), label: a.label }))}
      />
    </ChangeSection>
  );
}
