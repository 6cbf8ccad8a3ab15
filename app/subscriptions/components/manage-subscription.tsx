// "Pause or cancel" of one subscription on /dashboard/my-deliveries: pause until a date or resume,
// and cancel with one confirmation step (?cancel={id}), its reason and comment optional.
import { Link } from "@remix-run/react";
import { formatDeliveryDate } from "~/accounts/format";
import { ConfirmStep } from "~/components/confirm-step";
import { SelectField, TextAreaField } from "~/components/forms";
import { CANCEL_REASONS } from "../cancel-reasons";
import { COMING_STATES } from "../subscriber-schedule";
import { ChangeForm } from "./change-form";
import type { Sub } from "./subscription-view";

export function ManagePanel({ s, confirmCancel }: { s: Sub; confirmCancel: boolean }) {
  return (
    <section className="dash-sub__section dash-manage" aria-labelledby={`sub-${s.id}-manage`}>
      <h3 id={`sub-${s.id}-manage`} className="dash-sub__heading">
        Pause or cancel
      </h3>
      <div className="dash-manage__grid">
        {s.status === "paused" ? (
          <div className="dash-manage__item">
            <p>
              Deliveries are paused until <strong>{formatDeliveryDate(s.pausedUntil)}</strong>.
            </p>
            <ChangeForm
              intent="resume"
              subscriptionId={s.id}
              variant="primary"
              label="Resume deliveries now"
            />
          </div>
        ) : s.resumeOptions.length ? (
          <PauseForm s={s} />
        ) : null}
        <div className="dash-manage__item" id={`cancel-${s.id}`}>
          {confirmCancel ? (
            <CancelConfirm s={s} />
          ) : (
            <>
              <p>Cancel online anytime: one confirmation, no phone call.</p>
              <Link
                to={`/dashboard/my-deliveries?cancel=${s.id}#cancel-${s.id}`}
                className="button button--quiet"
              >
                Cancel subscription
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function PauseForm({ s }: { s: Sub }) {
  return (
    <ChangeForm
      intent="pause"
      subscriptionId={s.id}
      variant="secondary"
      label="Pause deliveries"
      className="dash-manage__item dash-pause"
      defaultValues={{ resumeOn: s.resumeOptions[Math.min(1, s.resumeOptions.length - 1)] }}
    >
      <SelectField
        name="resumeOn"
        label="Pause until"
        hint="Deliveries start again on this day. Nothing is charged while paused."
        options={s.resumeOptions.map((d) => ({ value: d, label: formatDeliveryDate(d) }))}
      />
    </ChangeForm>
  );
}

function CancelConfirm({ s }: { s: Sub }) {
  const locked = s.upcoming.find(
    (d) => (d.locked || d.orderReference) && COMING_STATES.has(d.status),
  );
  return (
    <ConfirmStep titleId={`cancel-${s.id}-title`} title={`Cancel your ${s.boxName}?`} titleAs="h4">
      <p>
        No deliveries after today are made or charged.
        {locked
          ? locked.orderReference
            ? ` The delivery on ${formatDeliveryDate(locked.date)} is already order ${locked.orderReference}, so it still arrives.`
            : ` The delivery on ${formatDeliveryDate(locked.date)} is past its change cut-off, so it still arrives and is charged.`
          : ""}
      </p>
      {/* posts to the open confirmation: without JS a refused reason or comment shows under its field here */}
      <ChangeForm
        intent="cancel"
        subscriptionId={s.id}
        variant="primary"
        label="Yes, cancel my subscription"
        className="form dash-confirm__form"
        action={`/dashboard/my-deliveries?cancel=${s.id}#cancel-${s.id}`}
        defaultValues={{ reason: "", comment: "" }}
      >
        <SelectField
          name="reason"
          label="Why are you cancelling? (optional)"
          placeholder="Prefer not to say"
          options={CANCEL_REASONS.map((r) => ({ value: r.value, label: r.label }))}
        />
        <TextAreaField name="comment" label="Anything else? (optional)" maxLength={500} rows={2} />
      </ChangeForm>
      {/* back to the subscription's "Cancel subscription" link, not the top of the page (with JS ConfirmStep focuses that link) */}
      <Link to={`/dashboard/my-deliveries#cancel-${s.id}`} className="button button--quiet">
        Keep my subscription
      </Link>
    </ConfirmStep>
  );
}
