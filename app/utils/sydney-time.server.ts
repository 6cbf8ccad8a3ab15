// Sydney time, where the shop runs (decision 073): the one place an instant becomes a Sydney day,
// month or hour, and a Sydney day and hour become an instant. Built on date-fns with @date-fns/tz,
// which reads AEST/AEDT from the runtime's time-zone data, so a day starts at its own midnight on
// the daylight-saving change days too (2026-04-05 at 00:00 AEDT, 2026-10-04 at 00:00 AEST).
// Calendar days without a clock (addDays, isoWeekday, their words) are ~/utils/calendar-day: the
// browser needs those, and date-fns would cost it more than they do.
//
// Modules shared with the browser (delivery/schedule.ts, subscriptions/schedule.ts) import from here
// for what only the server runs: the browser build replaces a .server module with an empty one.
import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays } from "date-fns";
import { keptAnswers } from "~/utils/kept-answers";

export const SYDNEY_TZ = "Australia/Sydney";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayParts(day: string): [number, number, number] {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a calendar day: ${day}`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}

/**
 * The Sydney wall clock at an instant, read off a Date shifted by Sydney's offset then (tzOffset,
 * minutes east of UTC) with the UTC getters: measured 6 times faster than date-fns' format of a
 * TZDate, and a page reads dozens of instants.
 */
function wallClock(at: Date): Date {
  return new Date(at.getTime() + tzOffset(SYDNEY_TZ, at) * 60_000);
}

// Sydney's offsets are whole hours, so day and hour are the same for every instant of one UTC
// minute: the last minute's answer is kept (a page asks dozens of times).
let lastMinute = Number.NaN;
let lastAnswer = { day: "", hour: 0 };

/** The calendar day and hour in Sydney at the instant `now`. */
export function sydneyNow(now: Date): { day: string; hour: number } {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    const local = wallClock(now);
    lastAnswer = { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
    lastMinute = minute;
  }
  return { ...lastAnswer };
}

/** Today's calendar day in Sydney, yyyy-MM-dd. */
export function sydneyToday(now: Date = new Date()): string {
  return sydneyNow(now).day;
}

/** The Sydney calendar day (yyyy-MM-dd) of an instant, a Date or an ISO timestamp. */
export function sydneyDayOf(at: Date | string): string {
  return wallClock(new Date(at)).toISOString().slice(0, 10);
}

/** The month the shop is in at `now` ("2026-11"), by the Sydney calendar. */
export function sydneyMonth(now: Date): string {
  return wallClock(now).toISOString().slice(0, 7);
}

/** An instant as the Sydney wall clock reads it: its day, hour and minute. */
export function sydneyWallClock(at: Date): { day: string; hour: number; minute: number } {
  const local = wallClock(at);
  return {
    day: local.toISOString().slice(0, 10),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

// sydneyInstant is pure but costs a time-zone conversion; the renewal job and a subscriber's page
// ask for the same few days often.
/** Days times hours remembered, the oldest dropped first (callers may pass any day). */
const MAX_REMEMBERED_INSTANTS = 5_000;
const instants = keptAnswers<number>(MAX_REMEMBERED_INSTANTS);

/**
 * The UTC instant of `hour`:`minute` Sydney time (AEST or AEDT) on the calendar day `day`. The shop
 * asks for midnight, noon and 2pm, which every day has; 2:30 am on the day clocks go forward is
 * 3:30 am AEDT, and on the day they go back the later 2:30 am (AEST).
 */
export function sydneyInstant(day: string, hour = 0, minute = 0): Date {
  const ms = instants(`${day} ${hour} ${minute}`, () => {
    const [y, m, d] = dayParts(day);
    return new TZDate(y, m, d, hour, minute, SYDNEY_TZ).getTime();
  });
  return new Date(ms);
}

/** The instant a Sydney calendar day starts: its midnight, AEST or AEDT. */
export function sydneyDayStart(day: string): Date {
  return sydneyInstant(day, 0);
}

/**
 * The UTC instants [from, to) a Sydney calendar day runs between, 23, 24 or 25 hours, as the ISO
 * text every timestamp is stored as (so a day is a range of text on SQLite and PostgreSQL alike).
 */
export function sydneyDayRange(day: string): [string, string] {
  const start = sydneyDayStart(day);
  // date-fns adds a day on Sydney's calendar: the next midnight, whatever the day's length
  const end = addDays(new TZDate(start.getTime(), SYDNEY_TZ), 1);
  return [start.toISOString(), new Date(end.getTime()).toISOString()];
}
