// The months of a curated box's contents (issue 37): the shop shows the latest month that has begun
// by the Sydney calendar, so next month's contents go live at midnight on the 1st in Sydney.

const sydneyMonthFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Australia/Sydney",
  year: "numeric",
  month: "2-digit",
});

/** The month the shop shows now ("2026-11"), by the Sydney calendar. */
export const sydneyMonth = (now: Date) => sydneyMonthFormat.format(now).slice(0, 7);

/** The month after "yyyy-MM". */
export function monthAfter(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

const MONTH_LABEL = new Intl.DateTimeFormat("en-AU", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
export const monthLabel = (month: string) => MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));
