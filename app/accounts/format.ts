// Display helpers of the account area (shared by server and browser).
import type { OrderStatus, SubscriptionStatus } from "~/db/schema";
import { formatCalendarDay } from "~/utils/calendar-day";

/** "Friday 27 November 2026" for a yyyy-MM-dd day */
export function formatDeliveryDate(isoDate: string | null | undefined): string {
  return (
    (isoDate ? formatCalendarDay(isoDate, { weekday: "long", month: "long", year: true }) : null) ??
    "Not scheduled"
  );
}

/** "27 Nov 2026" for a yyyy-MM-dd day */
export function formatShortDate(isoDate: string | null | undefined): string {
  return (
    (isoDate ? formatCalendarDay(isoDate, { month: "short", year: true }) : null) ?? "Not scheduled"
  );
}

/** Frequencies are stored in days and shown in weeks (days / 7). */
export function formatFrequency(days: number | null | undefined): string {
  if (!days) return "Not set";
  const weeks = Math.round((days / 7) * 10) / 10;
  return weeks === 1 ? "Every week" : `Every ${weeks} weeks`;
}

export const SUBSCRIPTION_STATUS_LABEL: Record<SubscriptionStatus, string> = {
  draft: "Not started",
  active: "Active",
  paused: "Paused",
  cancelled: "Cancelled",
};

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  unpaid: "Payment due",
  paid: "Paid",
  failed: "Payment failed",
  skipped: "Skipped",
  cancelled: "Cancelled",
};

/** An address on one line, as every page and e-mail writes it: "Unit 4, 12 Harbour Street, Haymarket NSW 2000". */
export function formatAddressLine(a: {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postcode: string;
}): string {
  return `${a.line2 ? `${a.line2}, ` : ""}${a.line1}, ${a.city} ${a.state} ${a.postcode}`;
}
