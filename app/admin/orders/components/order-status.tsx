// An order's status as the back office shows it, with how much of it was refunded.
import { formatAud } from "~/admin/format";
import type { OrderStatus } from "~/db/schema";

const LABELS: Record<OrderStatus, string> = {
  unpaid: "Unpaid",
  paid: "Paid",
  failed: "Payment failed",
  skipped: "Skipped",
  cancelled: "Cancelled",
};

const TONE: Record<OrderStatus, string> = {
  unpaid: "status--warn",
  paid: "status--good",
  failed: "status--bad",
  skipped: "status--info",
  cancelled: "status--info",
};

export function OrderStatusBadge({
  status,
  refundedCents = 0,
}: {
  status: OrderStatus;
  refundedCents?: number;
}) {
  return (
    <>
      <span className={`status ${TONE[status]}`}>{LABELS[status]}</span>
      {refundedCents > 0 ? (
        <>
          {" "}
          <span className="status status--info">{formatAud(refundedCents)} refunded</span>
        </>
      ) : null}
    </>
  );
}
