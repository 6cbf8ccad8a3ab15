// Which delivery frequencies a region can deliver, shared by the server (it
// refuses the others) and the browser (it offers only these). The one rule: a
// region whose run days come round every N weeks (Perth fortnightly, Darwin
// every 4 weeks) can only deliver every N weeks or a multiple of N. A weekly box
// in Perth would silently come fortnightly, charged at dates we never deliver.
import { defaultFrequency, frequencyLabel } from "~/box/rules";
import type { RegionSchedule } from "./schedule";

type Rhythm = Pick<RegionSchedule, "everyWeeks">;

const stepDays = (region: Rhythm) => 7 * Math.max(1, region.everyWeeks);

/** Whether the region can deliver a box every `days` days. */
export function canDeliverEvery(region: Rhythm, days: number): boolean {
  return Number.isInteger(days) && days > 0 && days % stepDays(region) === 0;
}

/** The frequencies on offer (days, in their order) that the region can deliver. */
export function deliverableFrequencies(region: Rhythm, offered: readonly number[]): number[] {
  return offered.filter((days) => canDeliverEvery(region, days));
}

/** The allowed frequency closest to `days` (a tie goes to the more frequent one); `days` itself when allowed. */
export function nearestFrequency(days: number, allowed: readonly number[]): number | null {
  let best: number | null = null;
  for (const a of allowed)
    if (
      best === null ||
      Math.abs(a - days) < Math.abs(best - days) ||
      (Math.abs(a - days) === Math.abs(best - days) && a < best)
    )
      best = a;
  return best;
}

const lower = (days: number) => frequencyLabel(days).toLowerCase();

/** "every 2, 4 or 8 weeks" */
function choicesInWords(allowed: readonly number[]): string {
  const weeks = allowed.map((d) => d / 7);
  if (weeks.length === 1) return lower(allowed[0]);
  return `every ${weeks.slice(0, -1).join(", ")} or ${weeks.at(-1)} weeks`;
}

/** "We deliver to WA every 2 weeks" (or "every week"). */
function rhythmInWords(regionName: string, region: Rhythm): string {
  return `We deliver to ${regionName} ${lower(stepDays(region))}`;
}

/** The server's refusal of a frequency the region cannot deliver. */
export function frequencyRefusedMessage(
  regionName: string,
  region: Rhythm,
  allowed: readonly number[],
): string {
  return `${rhythmInWords(regionName, region)}, so your box can come ${choicesInWords(allowed)}. Please choose one of those.`;
}

/** What the shopper is told when their frequency no longer fits the region and the nearest one was picked instead. */
export function frequencyChangedMessage(
  regionName: string,
  region: Rhythm,
  from: number,
  to: number,
): string {
  return `${rhythmInWords(regionName, region)}, so your box will come ${lower(to)} instead of ${lower(from)}.`;
}

/**
 * The frequency to show for a region: `chosen` when the region can deliver it, else the nearest it
 * can (with the words saying so), else the default (4 weeks where allowed). `chosen` null: nothing chosen yet.
 * No region (an undeliverable postcode): every frequency on offer.
 */
export function frequencyForRegion(
  region: (Rhythm & { name: string }) | null,
  offered: readonly number[],
  chosen: number | null,
): { allowed: number[]; days: number | null; changed: string | null } {
  const allowed = region ? deliverableFrequencies(region, offered) : [...offered];
  if (chosen !== null && allowed.includes(chosen)) return { allowed, days: chosen, changed: null };
  if (chosen !== null && offered.includes(chosen) && region) {
    const near = nearestFrequency(chosen, allowed);
    if (near !== null)
      return {
        allowed,
        days: near,
        changed: frequencyChangedMessage(region.name, region, chosen, near),
      };
  }
  return { allowed, days: defaultFrequency(allowed), changed: null };
}
