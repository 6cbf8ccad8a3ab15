// The arithmetic of the scale-out bench's results: ratios to one instance, runners' tallies added up.
import type { Load } from "./measure";

export const ratioOf = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 100) / 100;

/** Each count's median and run-by-run ratio to one instance (run i against run i: the nearest in time). */
export function withRatios<T extends Load & { instances: number }>(
  counts: T[],
): (T & { ratio: number; runRatios: number[] })[] {
  const one = counts.find((c) => c.instances === 1);
  const oneRuns = one ? (one.runs ?? [one]) : [];
  return counts.map((c) => ({
    ...c,
    ratio: one ? ratioOf(c.rps, one.rps) : 0,
    runRatios: one ? (c.runs ?? [c]).map((r, i) => ratioOf(r.rps, (oneRuns[i] ?? one).rps)) : [],
  }));
}

type Tally = { done: number; skipped: number; failed: number };
/** A job run's summary (app/jobs/runner.server.ts RunSummary). */
export type Summary = Record<string, Tally>;

/** The runners' summaries added up, kind by kind. */
export function addSummaries(summaries: Summary[]): Summary {
  const total: Summary = {};
  for (const s of summaries) {
    for (const [kind, t] of Object.entries(s)) {
      const sum = (total[kind] ??= { done: 0, skipped: 0, failed: 0 });
      sum.done += t.done;
      sum.skipped += t.skipped;
      sum.failed += t.failed;
    }
  }
  return total;
}
