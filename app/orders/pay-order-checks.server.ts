// What pay-an-order refuses before anything is claimed or charged (decision 036):
// - an order whose delivery has passed (its day has come, or it was cancelled unpaid after the
//   packing cut-off): the box was never packed, so paying for it now would charge for nothing;
// - a total that differs from the one the page (or the API client) showed: the shopper's credit
//   moved since (spent on another order, or a gift card added), or the invoice changed.
import { totalChangedMessage } from "~/pricing/expected-total.server";
import { formatDeliveryDate } from "~/delivery/schedule";
import { sydneyNow } from "~/utils/sydney-time.server";
import type { OwnOrder } from "./breakdown.server";

export type DeliveryPassed = { status: "delivery_passed"; message: string };
export type TotalMoved = {
  status: "total_changed";
  totalCents: number;
  creditCents: number;
  message: string;
};

/** Refused when the order's delivery day has come (Sydney) or it was cancelled; null while it can still be paid. */
export function deliveryPassed(
  order: Pick<OwnOrder, "status" | "kind" | "deliveryDate">,
  now = new Date(),
): DeliveryPassed | null {
  if (order.kind !== "box" || order.status === "paid") return null;
  const passed =
    order.status === "cancelled" ||
    (order.deliveryDate !== null && order.deliveryDate <= sydneyNow(now).day);
  if (!passed) return null;
  const when = order.deliveryDate
    ? `the delivery on ${formatDeliveryDate(order.deliveryDate)}`
    : "a delivery";
  return {
    status: "delivery_passed",
    message: `This order was for ${when}. That delivery has passed without it, so the order can no longer be paid, and nothing was charged. Your next deliveries are not affected.`,
  };
}

/** The posted total against what the card would be charged now; null when they agree or nothing was posted. */
export function payTotalMoved(
  expectedCents: number | null | undefined,
  now: { totalCents: number; creditCents: number },
  invoiceTotalCents: number,
): TotalMoved | null {
  if (expectedCents === null || expectedCents === undefined || expectedCents === now.totalCents)
    return null;
  // The invoice is fixed once the order exists, so a total that moved is nearly always the credit.
  const shownCredit = invoiceTotalCents - expectedCents;
  const cause =
    shownCredit < 0 || shownCredit > invoiceTotalCents
      ? null
      : now.creditCents < shownCredit
        ? "some of your credit was used on another order"
        : now.creditCents > shownCredit
          ? "your credit balance went up"
          : null;
  return {
    status: "total_changed",
    totalCents: now.totalCents,
    creditCents: now.creditCents,
    message: totalChangedMessage(
      "This order's total",
      now.totalCents,
      cause,
      "Check the new total, then pay again.",
    ),
  };
}
