// The days a subscription's next open delivery can move to (pure): the region's run days near it
// whose change cut-off is still ahead and which come after every delivery already ordered.
import { formatDeliveryDate } from "~/accounts/format";
import { addDays, type RegionSchedule } from "~/delivery/schedule";
import { cutoffInstant, cutoffLabel, isRunDay } from "./schedule";

export type DayOption = { date: string; label: string; cutoffLabel: string; current: boolean };

/** How far either side of the next open delivery it can move: two weeks keeps the rhythm recognisable. */
const DAY_RANGE = 13;

/**
 * The region's run days within DAY_RANGE of `from` (the next delivery still
 * open to changes) whose change cut-off is still ahead and which come after
 * the last ordered delivery.
 */
export function dayOptions(
  schedule: RegionSchedule,
  from: string,
  lastOrdered: string | null,
  now: Date,
): DayOption[] {
  const out: DayOption[] = [];
  for (let i = -DAY_RANGE; i <= DAY_RANGE; i++) {
    const date = addDays(from, i);
    if (lastOrdered && date <= lastOrdered) continue;
    if (schedule.weekdays.length > 0 && !isRunDay(schedule, date)) continue;
    if (cutoffInstant(schedule, date).getTime() <= now.getTime()) continue;
    out.push({
      date,
      label: formatDeliveryDate(date),
      cutoffLabel: cutoffLabel(schedule, date),
      current: date === from,
    });
  }
  return out;
}

/**
 * The new area's run day nearest to `from` (the next delivery still open to changes) whose cut-off is
 * still ahead and which comes after every delivery already ordered or locked. Nearest, not the first on
 * or after `from`: that pushed the date a few days on with every move, so moving there and back left the
 * subscriber a week later than they started. A tie (a day either side) goes to the weekday of the last
 * ordered delivery, the one the subscriber is used to, else to the earlier day.
 */
export function nearestOpenRunDay(
  schedule: RegionSchedule,
  from: string,
  lastOrdered: string | null,
  p: { locked: string | null; now: Date },
): string | null {
  const after =
    [lastOrdered, p.locked]
      .filter((d): d is string => Boolean(d))
      .sort()
      .at(-1) ?? null;
  const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
  const usual = lastOrdered ? weekday(lastOrdered) : null;
  const rank = (d: string) =>
    Math.abs(Date.parse(d) - Date.parse(from)) * 2 + (weekday(d) === usual ? 0 : 1);
  const near = dayOptions(schedule, from, after, p.now).reduce<string | null>(
    (best, o) => (best === null || rank(o.date) < rank(best) ? o.date : best),
    null,
  );
  if (near) return near;
  // an area that runs less often than every two weeks: its first open run day after `from`
  for (let i = 0, d = from; i < 120; i++, d = addDays(d, 1)) {
    if (
      (!after || d > after) &&
      (schedule.weekdays.length === 0 || isRunDay(schedule, d)) &&
      cutoffInstant(schedule, d).getTime() > p.now.getTime()
    )
      return d;
  }
  return null;
}
