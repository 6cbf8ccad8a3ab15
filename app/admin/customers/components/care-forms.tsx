// A subscription's forms with fields on the customer page: pause until a date, cancel with the
// customer's reason, and the next box's quantities. Each is the subscriber's own change, done by staff.
import { formatDeliveryDate } from "~/accounts/format";
import {
  boxBrowserValidator,
  cancelBrowserValidator,
  pauseBrowserValidator,
} from "~/admin/customers/form-validators";
import { careFormId } from "~/admin/customers/customer-schema";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms";
import { CANCEL_REASONS } from "~/subscriptions/cancel-reasons";
import type { NextBoxForm } from "../customers.server";
import { CareForm, useAnswered } from "./act-form";

const REASON_OPTIONS = CANCEL_REASONS.map((r) => ({ value: r.value, label: r.label }));

export function PauseForm({
  subscriptionId,
  paused,
  options,
}: {
  subscriptionId: number;
  paused: boolean;
  options: string[];
}) {
  return (
    <CareForm
      intent="pause"
      subscriptionId={subscriptionId}
      validator={pauseBrowserValidator}
      label={paused ? "Change the pause" : "Pause"}
      defaultValues={{ resumeOn: options[0] }}
    >
      <SelectField
        name="resumeOn"
        label="Pause until"
        options={options.map((d) => ({ value: d, label: formatDeliveryDate(d) }))}
      />
    </CareForm>
  );
}

export function CancelForm({ subscriptionId }: { subscriptionId: number }) {
  return (
    <details
      className="care-details"
      open={useAnswered(careFormId("cancel", subscriptionId)) || undefined}
    >
      <summary>Cancel the subscription</summary>
      <CareForm
        intent="cancel"
        subscriptionId={subscriptionId}
        validator={cancelBrowserValidator}
        label="Cancel the subscription"
        tone="primary"
        className="care-form"
      >
        <SelectField
          name="reason"
          label="Reason"
          options={REASON_OPTIONS}
          placeholder="Choose the customer's reason"
        />
        <TextAreaField name="comment" label="Note (optional)" rows={2} maxLength={500} />
      </CareForm>
    </details>
  );
}

export function BoxEditor({ box }: { box: NextBoxForm }) {
  const defaults = Object.fromEntries([
    ...box.cuts.map((l) => [`cut-${l.id}`, String(l.quantity)]),
    ...box.addons.map((l) => [`addon-${l.id}`, String(l.quantity)]),
  ]);
  return (
    <details
      className="care-details"
      open={useAnswered(careFormId("box", box.subscriptionId)) || undefined}
    >
      <summary>Change the next box</summary>
      <CareForm
        intent="box"
        subscriptionId={box.subscriptionId}
        validator={boxBrowserValidator}
        label="Save the box"
        tone="primary"
        className="care-form care-box"
        defaultValues={defaults}
      >
        <p className="care-hint">
          {box.appliesFrom
            ? `Applies from the delivery on ${formatDeliveryDate(box.appliesFrom)}.`
            : "Applies from the next delivery."}{" "}
          {box.customizable ? `The box holds exactly ${box.maximum} cuts.` : null}
        </p>
        {box.customizable ? <BoxLines kind="cut" legend="Cuts" lines={box.cuts} /> : null}
        <BoxLines kind="addon" legend="Add-ons" lines={box.addons} />
        <div className="care-box__knife">
          <CheckboxField
            name="knifeAdult"
            value="on"
            label="The customer confirmed they are 18 or over (only for a new knife)"
          />
          <CheckboxField
            name="knifeDisclaimer"
            value="on"
            label="The customer accepts the knife terms (only for a new knife)"
          />
        </div>
      </CareForm>
    </details>
  );
}

function BoxLines({
  kind,
  legend,
  lines,
}: {
  kind: "cut" | "addon";
  legend: string;
  lines: NextBoxForm["cuts"];
}) {
  return (
    <fieldset className="care-box__group">
      <legend>{legend}</legend>
      <ul className="care-box__list" role="list">
        {lines.map((l) => (
          <li key={l.id} className="care-box__line">
            <TextField
              name={`${kind}-${l.id}`}
              label={l.name}
              className="care-box__qty"
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
