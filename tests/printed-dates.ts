// Dates as the shop's pages print them, for tests that read a page's text (the e2e specs and the
// integration tests that read server HTML).

/** "Thursday 3 December 2026", as the page prints a delivery date. */
export function longDate(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Australia/Sydney",
  })
    .format(new Date(Date.UTC(y, m - 1, d, 12)))
    .replace(",", "");
}

/** "Thursday 3 December", as cut-offs and refusals print a day. */
export function dayName(day: string) {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${day}T00:00:00Z`));
}
