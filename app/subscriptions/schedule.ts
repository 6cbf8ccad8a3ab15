// Pure rules of the renewal engine: the next delivery dates of a subscription
// (its frequency, moved to the region's next run day), each delivery's change
// cut-off and reminder instant, what happens to a delivery at its cut-off, and
// the retry rhythm of a declined renewal. Dates are yyyy-MM-dd calendar days;
// instants are Dates (ISO strings in the database).
import { REMINDER_DAYS_BEFORE_CUTOFF, RENEWALS } from "~/config";
import {
  CUTOFF_HOUR_SYDNEY,
  addDays,
  cutoffDay,
  formatCutoff,
  formatDeliveryDate,
  runsOn,
  type RegionSchedule,
} from "~/delivery/schedule";
import { sydneyInstant as sydneyHourOn, sydneyNow, sydneyToday } from "~/utils/sydney-time.server";

export { sydneyToday };

/** Whether the region delivers on `day` at all (weekday and fortnightly/monthly rhythm), ignoring lead time. */
export function isRunDay(schedule: RegionSchedule, day: string): boolean {
  // no clock involved (the checkout's agreement runs this in the browser, where Intl costs a locale load)
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
    runsOn(schedule, day)
  );
}

/** The region's first run day on or after `day` (a region without weekdays takes `day` as it is). */
export function runDayOnOrAfter(schedule: RegionSchedule, day: string): string {
  if (schedule.weekdays.length === 0) return day;
  let d = day;
  // a monthly region comes round every 28 days: 400 days is plenty
  for (let i = 0; i < 400; i++, d = addDays(d, 1)) if (isRunDay(schedule, d)) return d;
  return day;
}

/** The delivery after `previous`: `frequencyDays` later, on the region's next run day. */
export function nextDeliveryDate(
  schedule: RegionSchedule,
  previous: string,
  frequencyDays: number,
): string {
  return runDayOnOrAfter(schedule, addDays(previous, Math.max(1, frequencyDays)));
}

/** `count` deliveries after `previous`, earliest first. */
export function deliveriesAfter(
  schedule: RegionSchedule,
  previous: string,
  frequencyDays: number,
  count: number,
): string[] {
  const out: string[] = [];
  let d = previous;
  for (let i = 0; i < count; i++) out.push((d = nextDeliveryDate(schedule, d, frequencyDays)));
  return out;
}

/** The UTC instant of `hour`:00 Sydney time (AEST or AEDT) on the calendar day `day`. */
export function sydneyInstant(day: string, hour = CUTOFF_HOUR_SYDNEY): Date {
  return sydneyHourOn(day, hour);
}

/** The change cut-off of a delivery on `day`: 2pm Sydney time, the region's lead days before it. */
export function cutoffInstant(schedule: Pick<RegionSchedule, "leadDays">, day: string): Date {
  return sydneyInstant(cutoffDay(schedule, day));
}

/** When the reminder of a delivery is due: the same time of day, REMINDER_DAYS_BEFORE_CUTOFF calendar days before its cut-off. */
export function reminderInstant(
  schedule: Pick<RegionSchedule, "leadDays">,
  day: string,
  daysBefore = REMINDER_DAYS_BEFORE_CUTOFF,
): Date {
  return sydneyInstant(addDays(cutoffDay(schedule, day), -daysBefore));
}

/** "2pm Sydney time, Friday 28 November" (the flow's wording). */
export function cutoffLabel(schedule: Pick<RegionSchedule, "leadDays">, day: string): string {
  return formatCutoff(schedule, day);
}

/**
 * The next delivery a subscription still has to decide: the first of its
 * deliveries after `previous` whose cut-off is after `now`, with the ones in
 * between (cut-off passed while nobody ran) listed first so they are decided too.
 */
export function datesToPlan(
  schedule: RegionSchedule,
  previous: string,
  frequencyDays: number,
  now: Date,
): string[] {
  const out: string[] = [];
  let d = previous;
  for (let i = 0; i < 60; i++) {
    d = nextDeliveryDate(schedule, d, frequencyDays);
    out.push(d);
    if (cutoffInstant(schedule, d).getTime() > now.getTime()) break;
  }
  return out;
}

export type DecisionFacts = {
  deliveryDate: string;
  cutoffAt: Date;
  /** the delivery row's own state: skipped by the subscriber, or still scheduled */
  skipped: boolean;
  subscription: {
    status: "draft" | "active" | "paused" | "cancelled";
    pausedUntil: string | null;
    endedAt: string | null;
  };
  /** when the subscription was last paused (null: unknown, i.e. long ago) */
  pausedAt: string | null;
};

export type Decision = "order" | "skipped" | "paused" | "cancelled" | "missed";

/**
 * What happens to a delivery when its cut-off has passed. A change made after
 * the cut-off (a pause or a cancel) no longer touches it: it is ordered as it
 * stood. A delivery whose packing cut-off has passed (nobody ran in time) is missed.
 */
export function decideAtCutoff(f: DecisionFacts, now: Date): Decision {
  if (f.skipped) return "skipped";
  const cutoff = f.cutoffAt.getTime();
  const before = (iso: string | null) => iso === null || Date.parse(iso) < cutoff;
  const s = f.subscription;
  if (s.status === "cancelled" && before(s.endedAt)) return "cancelled";
  if (s.status === "draft") return "cancelled";
  if (
    s.status === "paused" &&
    (!s.pausedUntil || f.deliveryDate < s.pausedUntil) &&
    before(f.pausedAt)
  )
    return "paused";
  if (now.getTime() >= packingCutoffInstant(f.deliveryDate).getTime()) return "missed";
  return "order";
}

/** The state a subscriber sees for an upcoming delivery that is not decided yet. */
export function upcomingState(
  f: Omit<DecisionFacts, "pausedAt" | "cutoffAt">,
): "scheduled" | "skipped" | "paused" | "cancelled" {
  if (f.subscription.status === "cancelled" || f.subscription.status === "draft")
    return "cancelled";
  if (
    f.subscription.status === "paused" &&
    (!f.subscription.pausedUntil || f.deliveryDate < f.subscription.pausedUntil)
  )
    return "paused";
  return f.skipped ? "skipped" : "scheduled";
}

/* ---- charges ---- */

/** The idempotency key of a renewal's charge: the first attempt `renewal:{subscriptionId}:{deliveryDate}`, retries suffixed. */
export function renewalChargeKey(
  subscriptionId: number,
  deliveryDate: string,
  attempt: number,
): string {
  const base = `renewal:${subscriptionId}:${deliveryDate}`;
  return attempt <= 1 ? base : `${base}:retry${attempt - 1}`;
}

/* ---- the packing cut-off: a declined renewal is settled before its box is packed ---- */

/**
 * When a delivery's box is packed: noon Sydney time (like the change cut-off,
 * one clock for every region) the day before it. A renewal not paid by then is
 * not sent, and its order is cancelled (jobs.server.ts, the `packing` step).
 */
export function packingCutoffInstant(
  day: string,
  hour: number = RENEWALS.packingCutoffHourSydney,
): Date {
  return sydneyInstant(addDays(day, -1), hour);
}

/** The latest delivery date whose packing cut-off has passed at `now` (every date up to it is being packed). */
export function packedThrough(now: Date, hour: number = RENEWALS.packingCutoffHourSydney): string {
  const { day, hour: h } = sydneyNow(now);
  return h >= hour ? addDays(day, 1) : day;
}

/** An instant on the hour as people read it in Sydney: "7pm Tuesday 1 December", "midnight Wednesday 2 December". */
export function sydneyClockLabel(at: Date): string {
  const { day, hour } = sydneyNow(at);
  const clock =
    hour === 0 ? "midnight" : hour === 12 ? "noon" : hour < 12 ? `${hour}am` : `${hour - 12}pm`;
  return `${clock} ${formatDeliveryDate(day)}`;
}

/** "noon Sydney time, Wednesday 2 December" (the decline e-mail, the not-sent e-mail, the terms) */
export function packingCutoffLabel(day: string): string {
  const [clock, ...date] = sydneyClockLabel(packingCutoffInstant(day)).split(" ");
  return `${clock} Sydney time, ${date.join(" ")}`;
}

/**
 * When a declined renewal is tried again: RENEWALS.maxRetries times, evenly
 * spaced in whole hours between the change cut-off and the packing cut-off
 * (never more than a day apart), so the last try comes before the box is
 * packed whatever the region's lead time. Two days' lead (2pm to noon the next
 * day, 22 hours): 7pm, midnight and 5am Sydney time.
 */
export function retryInstants(
  schedule: Pick<RegionSchedule, "leadDays">,
  day: string,
  rules: { maxRetries: number } = RENEWALS,
): Date[] {
  const from = cutoffInstant(schedule, day).getTime();
  const until = packingCutoffInstant(day).getTime();
  const hours = Math.min(24, Math.floor((until - from) / 3_600_000 / (rules.maxRetries + 1)));
  if (hours < 1) return [];
  return Array.from(
    { length: rules.maxRetries },
    (_, i) => new Date(from + (i + 1) * hours * 3_600_000),
  );
}

/** After `attempt` declined tries: when to try again (due at once when that time has passed), or null when the retries are used up. */
export function nextAttemptAfter(
  schedule: Pick<RegionSchedule, "leadDays">,
  day: string,
  attempt: number,
): Date | null {
  return retryInstants(schedule, day)[attempt - 1] ?? null;
}

/** Whether a charge claimed at `claimedAt` was left by a run that died (its lease ran out). */
export function claimExpired(
  claimedAt: string | null,
  now: Date,
  leaseMinutes: number = RENEWALS.claimLeaseMinutes,
): boolean {
  return claimedAt === null || Date.parse(claimedAt) + leaseMinutes * 60_000 <= now.getTime();
}

/* ---- refusals ---- */

/** Why a change to a delivery is refused after its cut-off, and when the next change is possible. */
export function cutoffPassedMessage(
  schedule: Pick<RegionSchedule, "leadDays">,
  day: string,
  next: string | null,
): string {
  const head = `The delivery on ${formatDeliveryDate(day)} can no longer be changed: its change cut-off was ${cutoffLabel(schedule, day)}, so it is being packed and charged as it stands.`;
  return next
    ? `${head} You can change your next delivery, on ${formatDeliveryDate(next)}, until ${cutoffLabel(schedule, next)}.`
    : head;
}
