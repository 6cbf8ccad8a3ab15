// Display helpers of the subscriber area, shared by server and browser. The
// schedule rules themselves (cut-offs, dates, states) are the renewal
// engine's: ./schedule.ts and ./changes.server.ts.
import { onFirstUse } from "~/utils/first-use";

/** How far ahead a pause may run (the renewal engine refuses longer ones too). */
export const MAX_PAUSE_DAYS = 365;

const whenFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-AU", {
      timeZone: "Australia/Sydney",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    }),
);

/** "27 Nov 2026, 9:05 am" (Sydney time) for the activity list. */
export function formatWhen(iso: string): string {
  return whenFormat()
    .format(new Date(iso))
    .replace(/\s?([AP]M)$/i, (_, p: string) => ` ${p.toLowerCase()}`);
}

/** What a subscriber sees for each state of a delivery (the renewal engine's DeliveryStatus). */
export const DELIVERY_STATE_LABEL = {
  scheduled: "Scheduled",
  skipped: "Skipped",
  paused: "Paused",
  cancelled: "Cancelled",
  missed: "Missed",
  ordered: "Ordered",
  paid: "Paid",
  payment_failed: "Payment due",
} as const;
export type DeliveryState = keyof typeof DELIVERY_STATE_LABEL;
/** States whose box still comes: the first of them is a subscription's "next delivery". */
export const COMING_STATES: ReadonlySet<string> = new Set<DeliveryState>([
  "scheduled",
  "ordered",
  "paid",
  "payment_failed",
]);

/** Why a renewal was not sent: still unpaid at its packing cut-off (renewals' `packing` step). */
export const NOT_PAID_BEFORE_PACKING = "not_paid_before_packing";
/** What my-deliveries says about such a delivery and its cancelled order. */
export const NOT_PAID_BEFORE_PACKING_NOTE =
  "Not delivered: payment wasn't received before packing; nothing was charged.";
