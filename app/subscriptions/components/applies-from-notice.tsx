// Which delivery a change saved now reaches: the next one, or, past its change cut-off, the one after.
import { formatDeliveryDate } from "~/accounts/format";
import type { NextBoxPage } from "~/subscriptions/next-box.server";
import { formatAud } from "~/utils/money";

export function AppliesFromNotice({
  page: d,
}: {
  page: Pick<NextBoxPage, "lockedDate" | "appliesFrom" | "next" | "nextCharge">;
}) {
  const applies = d.lockedDate ? (
    <p>
      Your delivery on <strong>{formatDeliveryDate(d.lockedDate)}</strong> is past its change
      cut-off: it is being packed and comes as it stands.
      {d.appliesFrom ? (
        <>
          {" "}
          Changes you save now apply to the delivery after it, on{" "}
          <strong>{formatDeliveryDate(d.appliesFrom)}</strong>, and every one after that.
        </>
      ) : null}
    </p>
  ) : d.appliesFrom ? (
    <p>
      Changes you save apply to your next delivery, on{" "}
      <strong>{formatDeliveryDate(d.appliesFrom)}</strong>
      {d.next?.date === d.appliesFrom ? <> (change by {d.next.cutoffLabel})</> : null}, and every
      one after it.
    </p>
  ) : (
    <p>Changes you save apply to every delivery from now on.</p>
  );
  return (
    <div
      className={`form-alert ${d.lockedDate ? "form-alert--warning" : "form-alert--info"} dash-notice`}
      id="applies-from"
    >
      <div>
        {applies}
        {d.nextCharge ? (
          <p id="next-charge">
            Your delivery on <strong>{formatDeliveryDate(d.nextCharge.date)}</strong> is charged{" "}
            <strong>{formatAud(d.nextCharge.owedCents)}</strong> at its change cut-off, less any
            credit.
          </p>
        ) : null}
      </div>
    </div>
  );
}
