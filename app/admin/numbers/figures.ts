// The numbers' pure parts (issue 37): Sydney weeks (Monday to Sunday), recurring revenue normalised
// to 4 weeks, churn and recovery rates, and each figure as a table of plain cells, which the page's
// text tables and the CSV downloads both read. No database here: numbers.server.ts asks it.
import { addDays, isoWeekday } from "~/delivery/schedule";
import { sydneyDayStart, sydneyToday } from "~/utils/sydney-time.server";

/** Recurring revenue is given per 4 weeks: a box every `frequencyDays` days comes 28 / frequencyDays times. */
export const NORMALISED_DAYS = 28;

/** `cents` charged every `frequencyDays` days, as cents per 4 weeks (weekly ×4, fortnightly ×2, 4-weekly ×1, 8-weekly ×½). */
export function perFourWeeks(cents: number, frequencyDays: number): number {
  if (!Number.isFinite(frequencyDays) || frequencyDays <= 0) return 0;
  return Math.round((cents * NORMALISED_DAYS) / frequencyDays);
}

/** The Monday that starts the week (Monday to Sunday) holding the calendar day `day`. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The UTC instant (ISO) of midnight in Sydney at the start of the calendar day `day`, AEST or AEDT. */
export const sydneyMidnight = (day: string) => sydneyDayStart(day).toISOString();

/** One Sydney week: its Monday and Sunday, and the UTC instants [from, to) that bound it. */
export type Week = { monday: string; sunday: string; from: string; to: string };

export function weekOf(monday: string): Week {
  return {
    monday,
    sunday: addDays(monday, 6),
    from: sydneyMidnight(monday),
    to: sydneyMidnight(addDays(monday, 7)),
  };
}

/** This Sydney week (holding `now`). */
export const thisWeek = (now: Date) => weekOf(mondayOf(sydneyToday(now)));

/**
 * `count` Sydney weeks, oldest first: ending with the week holding `now` when `withCurrent`, else
 * with the last whole week before it.
 */
export function lastWeeks(now: Date, count: number, withCurrent: boolean): Week[] {
  const current = mondayOf(sydneyToday(now));
  const last = withCurrent ? current : addDays(current, -7);
  return Array.from({ length: count }, (_, i) => weekOf(addDays(last, -7 * (count - 1 - i))));
}

/** Which of `weeks` (oldest first, back to back) holds the instant `iso`; -1 outside them all. */
export function weekIndexOf(weeks: Week[], iso: string): number {
  const t = Date.parse(iso);
  return weeks.findIndex((w) => t >= Date.parse(w.from) && t < Date.parse(w.to));
}

/** Churn: subscriptions cancelled in the window / subscriptions active at its start; null with none active. */
export function churnRate(cancelled: number, activeAtStart: number): number | null {
  return activeAtStart > 0 ? cancelled / activeAtStart : null;
}

/** Recovery: of the renewals whose first charge failed and that are settled, the share paid later. */
export function recoveryRate(recovered: number, lost: number): number | null {
  return recovered + lost > 0 ? recovered / (recovered + lost) : null;
}

/** "12.5%" (one decimal, trailing .0 kept off), or "n/a" without a rate. */
export function formatRate(rate: number | null): string {
  if (rate === null) return "n/a";
  const pct = Math.round(rate * 1000) / 10;
  return `${Number.isInteger(pct) ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** Cents as dollars for a CSV cell: "1234.50", "-12.00". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/* ---- the figures' shapes, as numbers.server.ts returns them ---- */

export type ActiveFigure = { active: number; paused: number };

export const CANCEL_REASON_KEYS = [
  "too-much",
  "price",
  "moving",
  "quality",
  "other",
  "none",
] as const;
export type CancelReasonKey = (typeof CANCEL_REASON_KEYS)[number];

export type WeekFigure = {
  week: Week;
  started: number;
  cancelled: number;
  reasons: { key: CancelReasonKey; label: string; count: number }[];
};

export type RecurringFigure = {
  /** one row per frequency of the active subscriptions, the most frequent first */
  rows: {
    frequencyDays: number;
    subscriptions: number;
    /** the boxes' and recurring add-ons' prices of one delivery each, summed */
    perDeliveryCents: number;
    perFourWeeksCents: number;
  }[];
  totalCents: number;
};

export type ChurnWindow = {
  weeks: number;
  from: string;
  to: string;
  firstDay: string;
  lastDay: string;
  activeAtStart: number;
  cancelled: number;
  rate: number | null;
};
export type ChurnFigure = ChurnWindow[];

export type BoxesFigure = { from: string; to: string; days: { day: string; boxes: number }[] };

export type RevenueFigure = {
  weeks: { week: Week; takenCents: number; refundedCents: number; netCents: number }[];
};

export type RecoveryFigure = {
  from: string;
  firstDay: string;
  failed: number;
  recovered: number;
  awaiting: number;
  lost: number;
  rate: number | null;
};

export type Numbers = {
  active: ActiveFigure;
  week: WeekFigure;
  recurring: RecurringFigure;
  churn: ChurnFigure;
  boxes: BoxesFigure;
  revenue: RevenueFigure;
  recovery: RecoveryFigure;
};

/* ---- each figure as a table: the CSV downloads' rows (plain numbers, dollars as 1234.50) ---- */

export const FIGURES = [
  "active-subscriptions",
  "new-and-cancelled",
  "cancellation-reasons",
  "recurring-revenue",
  "churn",
  "boxes-per-day",
  "revenue-per-week",
  "payment-recovery",
] as const;
export type FigureName = (typeof FIGURES)[number];

export const isFigure = (v: unknown): v is FigureName =>
  typeof v === "string" && (FIGURES as readonly string[]).includes(v);

type Cell = string | number;

export function activeRows(f: ActiveFigure): Cell[][] {
  return [
    ["Status", "Subscriptions"],
    ["Active", f.active],
    ["Paused", f.paused],
  ];
}

export function weekRows(f: WeekFigure): Cell[][] {
  return [
    ["Week (Monday)", "Week (Sunday)", "New subscriptions", "Cancelled subscriptions"],
    [f.week.monday, f.week.sunday, f.started, f.cancelled],
  ];
}

export function reasonRows(f: WeekFigure): Cell[][] {
  return [
    ["Week (Monday)", "Reason", "Cancellations"],
    ...f.reasons.map((r) => [f.week.monday, r.label, r.count]),
  ];
}

export function recurringRows(f: RecurringFigure): Cell[][] {
  return [
    [
      "Every (days)",
      "Times in 4 weeks",
      "Active subscriptions",
      "One delivery each, summed (AUD incl. GST)",
      "Per 4 weeks (AUD incl. GST)",
    ],
    ...f.rows.map((r) => [
      r.frequencyDays,
      NORMALISED_DAYS / r.frequencyDays,
      r.subscriptions,
      dollars(r.perDeliveryCents),
      dollars(r.perFourWeeksCents),
    ]),
    ["Total", "", f.rows.reduce((n, r) => n + r.subscriptions, 0), "", dollars(f.totalCents)],
  ];
}

export function churnRows(f: ChurnFigure): Cell[][] {
  return [
    ["Weeks", "First day", "Last day", "Active at the start", "Cancelled", "Churn (%)"],
    ...f.map((w) => [
      w.weeks,
      w.firstDay,
      w.lastDay,
      w.activeAtStart,
      w.cancelled,
      w.rate === null ? "" : (Math.round(w.rate * 1000) / 10).toFixed(1),
    ]),
  ];
}

export function boxesRows(f: BoxesFigure): Cell[][] {
  return [["Delivery day", "Boxes"], ...f.days.map((d) => [d.day, d.boxes])];
}

export function revenueRows(f: RevenueFigure): Cell[][] {
  return [
    [
      "Week (Monday)",
      "Week (Sunday)",
      "Card payments (AUD)",
      "Card refunds (AUD)",
      "Revenue (AUD)",
    ],
    ...f.weeks.map((w) => [
      w.week.monday,
      w.week.sunday,
      dollars(w.takenCents),
      dollars(w.refundedCents),
      dollars(w.netCents),
    ]),
  ];
}

export function recoveryRows(f: RecoveryFigure): Cell[][] {
  return [
    [
      "First charges since",
      "Failed first charges",
      "Paid later",
      "Still awaiting payment",
      "Not paid",
      "Recovery (%)",
    ],
    [
      f.firstDay,
      f.failed,
      f.recovered,
      f.awaiting,
      f.lost,
      f.rate === null ? "" : (Math.round(f.rate * 1000) / 10).toFixed(1),
    ],
  ];
}
