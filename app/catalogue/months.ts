// The months of a curated box's contents (issue 37): the shop shows the latest month that has begun
// by the Sydney calendar, so next month's contents go live at midnight on the 1st in Sydney.

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
