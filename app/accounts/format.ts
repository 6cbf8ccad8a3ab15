// Display helpers of the account area (shared by server and browser).
import type { OrderStatus, SubscriptionStatus } from "~/db/schema";

export const DISPLAY_TIME_ZONE = "Australia/Sydney";

const deliveryDay = new Intl.DateTimeFormat("en-AU", {
  weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: DISPLAY_TIME_ZONE,
});
const shortDay = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", timeZone: DISPLAY_TIME_ZONE });

/** Midday UTC of a yyyy-MM-dd calendar day falls on that same day in Sydney (UTC+10/+11). */
function calendarDay(isoDate: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}

/** "Friday 27 November 2026" */
export function formatDeliveryDate(isoDate: string | null | undefined): string {
  const d = isoDate ? calendarDay(isoDate) : null;
  return d ? deliveryDay.format(d).replace(",", "") : "Not scheduled";
}

/** "27 Nov 2026" */
export function formatShortDate(isoDate: string | null | undefined): string {
  const d = isoDate ? calendarDay(isoDate) : null;
  return d ? shortDay.format(d) : "Not scheduled";
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
