// Delivery schedule maths, pure and shared: which calendar days a region can
// deliver on, given its weekdays, lead time, the 2pm Sydney cut-off and its
// rhythm (weekly, fortnightly, monthly). Dates are yyyy-MM-dd calendar days.
import { addDays, formatCalendarDay, isoWeekday } from "~/utils/calendar-day";
import { sydneyNow } from "~/utils/sydney-time.server";

export { addDays, isoWeekday };

export const CUTOFF_HOUR_SYDNEY = 14;
/** Fortnightly and four-weekly regions count their weeks from this Monday. */
export const SCHEDULE_EPOCH_MONDAY = "2024-01-01";
export const DATES_OFFERED = 6;

export type RegionSchedule = {
  /** ISO weekdays, 1 = Monday ... 7 = Sunday */
  weekdays: number[];
  leadDays: number;
  everyWeeks: number;
};

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Whole weeks between the epoch Monday and the week holding `day`. */
export function weekIndex(day: string): number {
  return Math.floor((toUtc(day) - toUtc(SCHEDULE_EPOCH_MONDAY)) / (7 * DAY_MS));
}

export function parseWeekdays(value: string): number[] {
  return value
    .split(",")
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7);
}

/** The first day an order placed at `now` could arrive: after the cut-off the order counts from tomorrow. */
export function earliestDeliveryDay(schedule: Pick<RegionSchedule, "leadDays">, now: Date): string {
  const { day, hour } = sydneyNow(now);
  const orderDay = hour >= CUTOFF_HOUR_SYDNEY ? addDays(day, 1) : day;
  return addDays(orderDay, Math.max(0, schedule.leadDays));
}

/** Whether the region delivers on the calendar day `day` at all (weekday and rhythm), without Intl (the browser calls it too). */
export function runsOn(schedule: RegionSchedule, day: string): boolean {
  if (!schedule.weekdays.includes(isoWeekday(day))) return false;
  const every = Math.max(1, schedule.everyWeeks);
  return every === 1 || ((weekIndex(day) % every) + every) % every === 0;
}

/**
 * The next `count` delivery days of a region, earliest first. It walks whole days since 1970 as
 * numbers, as `runsOn` would judge each day, and writes only the days it keeps: every box-flow
 * and checkout page asks for them, and a monthly region walks up to 170 days.
 */
export function deliveryDates(
  schedule: RegionSchedule,
  now: Date,
  count = DATES_OFFERED,
): string[] {
  const out: string[] = [];
  if (schedule.weekdays.length === 0) return out;
  const every = Math.max(1, schedule.everyWeeks);
  const epochMonday = toUtc(SCHEDULE_EPOCH_MONDAY) / DAY_MS;
  let dayNumber = toUtc(earliestDeliveryDay(schedule, now)) / DAY_MS;
  // A monthly region delivers once every 28 days: a year is plenty of search.
  for (let i = 0; i < 400 && out.length < count; i++, dayNumber++) {
    const weekday = ((((dayNumber + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday (4)
    if (!schedule.weekdays.includes(weekday)) continue;
    const week = Math.floor((dayNumber - epochMonday) / 7);
    if (every === 1 || ((week % every) + every) % every === 0)
      out.push(new Date(dayNumber * DAY_MS).toISOString().slice(0, 10));
  }
  return out;
}

/** Whether `day` is still a valid delivery day for the region at `now`. */
export function isDeliverableDay(schedule: RegionSchedule, day: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(toUtc(day))) return false;
  return day >= earliestDeliveryDay(schedule, now) && runsOn(schedule, day);
}

/** "Tuesday 2 December" */
export function formatDeliveryDate(day: string): string {
  return formatCalendarDay(day, { weekday: "long", month: "long" }) ?? day;
}

/** "Tue, 2 Dec" */
export function formatDeliveryDateShort(day: string): string {
  return formatCalendarDay(day, { weekday: "short", month: "short" }) ?? day;
}

/**
 * The change cut-off of a delivery on `day`: 2pm Sydney time, `leadDays` before
 * it. After it the delivery is ordered and charged as it stands.
 */
export function cutoffDay(schedule: Pick<RegionSchedule, "leadDays">, day: string): string {
  return addDays(day, -Math.max(0, schedule.leadDays));
}

/** "2pm Sydney time, Friday 28 November" */
export function formatCutoff(schedule: Pick<RegionSchedule, "leadDays">, day: string): string {
  return `2pm Sydney time, ${formatDeliveryDate(cutoffDay(schedule, day))}`;
}
