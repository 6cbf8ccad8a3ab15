// How the back office writes times and money: Sydney time, where the shop runs; AUD.
export { formatAud } from "~/utils/money";

const TIME = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "27 Nov 2026, 9:05 am" in Sydney time, from an ISO timestamp. */
export const formatStaffTime = (iso: string) => TIME.format(new Date(iso));

const DAY = new Intl.DateTimeFormat("en-AU", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "Tue 1 Dec 2026" from a yyyy-MM-dd calendar day. */
export const formatStaffDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
