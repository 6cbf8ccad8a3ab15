// Calendar days (yyyy-MM-dd) in words, as en-AU writes them, without Intl, and their arithmetic.
// The browser uses these, so they stay this small (decision 073: date-fns would add 1.8-6.7 KB
// gzipped to the checkout); Sydney time, instants and zones, is ~/utils/sydney-time.server.
//
// A delivery day is a date, not an instant, so no time zone is involved and the words are a
// fixed table. Intl would cost the browser 100-135 ms of main thread on a slow phone the first
// time a page formats one (it loads the locale data), and could word a month differently from
// the server's ICU ("Sep" or "Sept"), which breaks hydration. tests/unit/calendar-day.test.ts
// checks every day of several years against Node's Intl.

import { keptAnswers } from "./kept-answers";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const WEEKDAYS_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTHS_SHORT = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "June",
  "July",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
];

export type CalendarDayStyle = {
  /** "Tuesday 1 September", or "Tue, 1 Sept" with the short month */
  weekday?: "long" | "short";
  month: "long" | "short";
  year?: boolean;
};

/** The words for a yyyy-MM-dd day, e.g. { weekday: "long", month: "long", year: true } → "Tuesday 1 September 2026"; null for anything else. */
export function formatCalendarDay(day: string, style: CalendarDayStyle): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // 2026-02-30 would roll over to March: not a calendar day
  if (date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) return null;
  const month = (style.month === "long" ? MONTHS : MONTHS_SHORT)[date.getUTCMonth()];
  const dayMonthYear = `${date.getUTCDate()} ${month}${style.year ? ` ${date.getUTCFullYear()}` : ""}`;
  if (style.weekday === "long") return `${WEEKDAYS[date.getUTCDay()]} ${dayMonthYear}`;
  if (style.weekday === "short") return `${WEEKDAYS_SHORT[date.getUTCDay()]}, ${dayMonthYear}`;
  return dayMonthYear;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd that is a real day (what a day field of a query or a form accepts). */
export const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

// The schedule's walks ask the same few hundred days again and again (a subscriber's list of
// deliveries, their cut-offs, the next run day), and `toISOString` takes 2-3 µs a call on a slow
// server: a kept answer is a tenth of that.
const daysAdded = keptAnswers<string>(10_000);
const weekdays = keptAnswers<number>(10_000);

/** The calendar day `n` days after `day` (before it for a negative `n`). */
export function addDays(day: string, n: number): string {
  return daysAdded(`${day}|${n}`, () => {
    const [y, m, d] = day.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  });
}

/** The ISO weekday of a calendar day: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  return weekdays(day, () => {
    const [y, m, d] = day.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  });
}

/** "September" for a yyyy-MM month. */
export function formatMonthName(month: string): string | null {
  const m = /^\d{4}-(\d{2})$/.exec(month);
  const index = m ? Number(m[1]) - 1 : -1;
  return index >= 0 && index < 12 ? MONTHS[index] : null;
}
