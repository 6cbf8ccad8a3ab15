// Which delivery a change saved now reaches: the next one, or, past its change cut-off, the one after.
import { formatDeliveryDate } from "~/accounts/format";
import type { NextBoxPage } from "~/subscriptions/next-box.server";

export function AppliesFromNotice({
  page: d,
}: {
  page: Pick<NextBoxPage, "lockedDate" | "appliesFrom" | "next">;
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
      <div>{applies}</div>
    </div>
  );
}
