// A subscription on the customer page: its state, next deliveries (skip, unskip), pause or resume,
// cancel with a reason, and the next box. Each action is the subscriber's own, done by staff.
import { formatDeliveryDate, formatFrequency, SUBSCRIPTION_STATUS_LABEL } from "~/accounts/format";
import { formatStaffDay } from "~/admin/format";
import type { DeliveryStatus } from "~/db/schema";
import { CANCEL_REASONS } from "~/subscriptions/cancel-reasons";
import type { SubscriptionDetail } from "~/subscriptions/deliveries-summary.server";
import type { NextBoxForm } from "../customers.server";
import { ActForm, type ActRefusal } from "./act-form";
import { TableBox } from "~/admin/components/table-box";

const DELIVERY_LABELS: Record<DeliveryStatus, [string, string]> = {
  scheduled: ["Coming", "status--info"],
  skipped: ["Skipped", "status--warn"],
  paused: ["Paused", "status--warn"],
  cancelled: ["Cancelled", "status--bad"],
  missed: ["Missed", "status--bad"],
  ordered: ["Ordered", "status--info"],
  paid: ["Paid", "status--good"],
  payment_failed: ["Payment failed", "status--bad"],
};

const SUB_TONES: Record<string, string> = {
  active: "status--good",
  paused: "status--warn",
  cancelled: "status--bad",
  draft: "status--info",
};

type Sub = Pick<
  SubscriptionDetail,
  "id" | "boxName" | "status" | "frequencyDays" | "pausedUntil" | "windowLabel" | "address"
> & {
  upcoming: Pick<
    SubscriptionDetail["upcoming"][number],
    "date" | "status" | "changeable" | "cutoffLabel" | "orderReference"
  >[];
  resumeOptions: string[];
};

export function SubscriptionCare({
  s,
  canAct,
  box,
  refusal,
}: {
  s: Sub;
  /** the member of staff may act for the customer ("act_for_customer") */
  canAct: boolean;
  box: NextBoxForm | null;
  refusal: ActRefusal | null;
}) {
  const live = canAct && (s.status === "active" || s.status === "paused");
  const headingId = `sub-${s.id}-title`;
  const typed = refusal?.values ?? {};
  return (
    <article className="admin-card care-sub" aria-labelledby={headingId}>
      <div className="care-sub__head">
        <h3 id={headingId}>{s.boxName}</h3>
        <span className={`status ${SUB_TONES[s.status] ?? ""}`}>
          {SUBSCRIPTION_STATUS_LABEL[s.status]}
        </span>
      </div>
      {refusal ? (
        <p className="form-alert form-alert--error care-refusal" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>Frequency</dt>
        <dd>{formatFrequency(s.frequencyDays)}</dd>
        {s.windowLabel ? (
          <>
            <dt>Delivery time</dt>
            <dd>{s.windowLabel}</dd>
          </>
        ) : null}
        {s.address ? (
          <>
            <dt>Address</dt>
            <dd>{s.address}</dd>
          </>
        ) : null}
        {s.status === "paused" && s.pausedUntil ? (
          <>
            <dt>Paused until</dt>
            <dd>{formatDeliveryDate(s.pausedUntil)}</dd>
          </>
        ) : null}
      </dl>

      {s.upcoming.length > 0 ? (
        <TableBox label={`Next deliveries of ${s.boxName}`} className="care-sub__deliveries">
          <table className="admin-table">
            <caption>Next deliveries of {s.boxName}</caption>
            <thead>
              <tr>
                <th scope="col">Delivery</th>
                <th scope="col">State</th>
                <th scope="col">Change cut-off</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {s.upcoming.map((d) => {
                const [label, tone] = DELIVERY_LABELS[d.status];
                const canSkip = live && d.changeable && d.status === "scheduled";
                const canUnskip = live && d.changeable && d.status === "skipped";
                return (
                  <tr key={d.date} data-date={d.date}>
                    <th scope="row">{formatStaffDay(d.date)}</th>
                    <td>
                      <span className={`status ${tone}`}>{label}</span>
                      {d.orderReference ? ` ${d.orderReference}` : null}
                    </td>
                    <td>{d.changeable ? d.cutoffLabel : "Passed"}</td>
                    <td>
                      {canSkip || canUnskip ? (
                        <ActForm
                          intent={canSkip ? "skip" : "unskip"}
                          subscriptionId={s.id}
                          extra={{ deliveryDate: d.date }}
                          label={canSkip ? "Skip" : "Unskip"}
                          pendingLabel={canSkip ? "Skipping…" : "Unskipping…"}
                          buttonLabel={`${canSkip ? "Skip" : "Unskip"} the delivery on ${formatDeliveryDate(d.date)}`}
                          tone="quiet"
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableBox>
      ) : null}

      {live ? (
        <div className="care-sub__actions">
          {s.status === "paused" ? (
            <ActForm
              intent="resume"
              subscriptionId={s.id}
              label="Resume deliveries"
              pendingLabel="Resuming…"
            />
          ) : null}
          {s.resumeOptions.length > 0 ? (
            <ActForm
              intent="pause"
              subscriptionId={s.id}
              label={s.status === "paused" ? "Change the pause" : "Pause"}
              pendingLabel="Pausing…"
              fields={
                <div className="field">
                  <label className="field__label" htmlFor={`resumeOn-${s.id}`}>
                    Pause until
                  </label>
                  <select
                    className="field__input"
                    id={`resumeOn-${s.id}`}
                    name="resumeOn"
                    defaultValue={typed.resumeOn ?? s.resumeOptions[0]}
                  >
                    {s.resumeOptions.map((d) => (
                      <option key={d} value={d}>
                        {formatDeliveryDate(d)}
                      </option>
                    ))}
                  </select>
                </div>
              }
            />
          ) : null}
          <details className="care-details" open={refusal?.intent === "cancel" || undefined}>
            <summary>Cancel the subscription</summary>
            <ActForm
              intent="cancel"
              subscriptionId={s.id}
              label="Cancel the subscription"
              pendingLabel="Cancelling…"
              tone="primary"
              className="care-form"
              fields={
                <>
                  <div className="field">
                    <label className="field__label" htmlFor={`reason-${s.id}`}>
                      Reason
                    </label>
                    <select
                      className="field__input"
                      id={`reason-${s.id}`}
                      name="reason"
                      required
                      defaultValue={typed.reason ?? ""}
                    >
                      <option value="">Choose the customer's reason</option>
                      {CANCEL_REASONS.map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label className="field__label" htmlFor={`comment-${s.id}`}>
                      Note (optional)
                    </label>
                    <textarea
                      className="field__input"
                      id={`comment-${s.id}`}
                      name="comment"
                      rows={2}
                      maxLength={500}
                      defaultValue={typed.comment ?? ""}
                    />
                  </div>
                </>
              }
            />
          </details>
          {box ? <BoxEditor box={box} typed={refusal?.intent === "box" ? typed : null} /> : null}
        </div>
      ) : null}
    </article>
  );
}

function BoxEditor({ box, typed }: { box: NextBoxForm; typed: Record<string, string> | null }) {
  const qty = (kind: "cut" | "addon", id: number, saved: number) =>
    typed ? (typed[`${kind}-${id}`] ?? "0") : String(saved);
  const group = (kind: "cut" | "addon", legend: string, lines: NextBoxForm["cuts"]) => (
    <fieldset className="care-box__group">
      <legend>{legend}</legend>
      <ul className="care-box__list" role="list">
        {lines.map((l) => (
          <li key={l.id} className="care-box__line">
            <label htmlFor={`${kind}-${box.subscriptionId}-${l.id}`}>{l.name}</label>
            <input
              className="field__input care-box__qty"
              id={`${kind}-${box.subscriptionId}-${l.id}`}
              name={`${kind}-${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              defaultValue={qty(kind, l.id, l.quantity)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
  return (
    <details className="care-details" open={typed ? true : undefined}>
      <summary>Change the next box</summary>
      <ActForm
        intent="box"
        subscriptionId={box.subscriptionId}
        label="Save the box"
        pendingLabel="Saving…"
        tone="primary"
        className="care-form care-box"
        fields={
          <>
            <p className="care-hint">
              {box.appliesFrom
                ? `Applies from the delivery on ${formatDeliveryDate(box.appliesFrom)}.`
                : "Applies from the next delivery."}{" "}
              {box.customizable ? `The box holds exactly ${box.maximum} cuts.` : null}
            </p>
            {box.customizable ? group("cut", "Cuts", box.cuts) : null}
            {group("addon", "Add-ons", box.addons)}
            <div className="care-box__knife">
              <label>
                <input type="checkbox" name="knifeAdult" /> The customer confirmed they are 18 or
                over (only for a new knife)
              </label>
              <label>
                <input type="checkbox" name="knifeDisclaimer" /> The customer accepts the knife
                terms (only for a new knife)
              </label>
            </div>
          </>
        }
      />
    </details>
  );
}
