// A subscription on the customer page: its state, next deliveries (skip, unskip), pause or resume,
// cancel with a reason, and the next box. Each action is the subscriber's own, done by staff.
import { formatDeliveryDate, formatFrequency, SUBSCRIPTION_STATUS_LABEL } from "~/accounts/format";
import { formatStaffDay } from "~/admin/format";
import type { DeliveryStatus } from "~/db/schema";
import type { SubscriptionDetail } from "~/subscriptions/deliveries-summary.server";
import type { NextBoxForm } from "../customers.server";
import { ActForm } from "./act-form";
import { BoxEditor, CancelForm, PauseForm } from "./care-forms";
import { TableBox } from "~/admin/components/table-box";
import { useFormError } from "~/admin/components/use-form-error";
import { careFormId } from "~/admin/customers/customer-schema";
import { FormError } from "~/components/forms";

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
}: {
  s: Sub;
  /** the member of staff may act for the customer ("act_for_customer") */
  canAct: boolean;
  box: NextBoxForm | null;
}) {
  const live = canAct && (s.status === "active" || s.status === "paused");
  const headingId = `sub-${s.id}-title`;
  return (
    <article className="admin-card care-sub" aria-labelledby={headingId}>
      <div className="care-sub__head">
        <h3 id={headingId}>{s.boxName}</h3>
        <span className={`status ${SUB_TONES[s.status] ?? ""}`}>
          {SUBSCRIPTION_STATUS_LABEL[s.status]}
        </span>
      </div>
      {/* the refusal of a button of this card (skip, unskip, resume) */}
      <FormError message={useFormError(careFormId("skip", s.id))} />
      <SubscriptionFacts s={s} />
      {s.upcoming.length > 0 ? <UpcomingDeliveries s={s} live={live} /> : null}
      {live ? (
        <div className="care-sub__actions">
          {s.status === "paused" ? (
            <ActForm intent="resume" subscriptionId={s.id} label="Resume deliveries" />
          ) : null}
          {s.resumeOptions.length > 0 ? (
            <PauseForm
              subscriptionId={s.id}
              paused={s.status === "paused"}
              options={s.resumeOptions}
            />
          ) : null}
          <CancelForm subscriptionId={s.id} />
          {box ? <BoxEditor box={box} /> : null}
        </div>
      ) : null}
    </article>
  );
}

function SubscriptionFacts({ s }: { s: Sub }) {
  return (
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
  );
}

function UpcomingDeliveries({ s, live }: { s: Sub; live: boolean }) {
  return (
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
          {s.upcoming.map((d) => (
            <DeliveryRow key={d.date} d={d} subscriptionId={s.id} live={live} />
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

function DeliveryRow({
  d,
  subscriptionId,
  live,
}: {
  d: Sub["upcoming"][number];
  subscriptionId: number;
  live: boolean;
}) {
  const [label, tone] = DELIVERY_LABELS[d.status];
  const canSkip = live && d.changeable && d.status === "scheduled";
  const canUnskip = live && d.changeable && d.status === "skipped";
  return (
    <tr data-date={d.date}>
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
            subscriptionId={subscriptionId}
            extra={{ deliveryDate: d.date }}
            label={canSkip ? "Skip" : "Unskip"}
            buttonLabel={`${canSkip ? "Skip" : "Unskip"} the delivery on ${formatDeliveryDate(d.date)}`}
            tone="quiet"
          />
        ) : null}
      </td>
    </tr>
  );
}
