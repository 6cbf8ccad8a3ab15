// How fast Lighthouse found the machine it ran on. Its mobile score simulates a phone by slowing the
// CPU time it observes by 4x, a factor calibrated for hosts of a benchmarkIndex of 1000 or more: on a
// slower host every page's performance score reads low. Each run reports its host's index
// (`environment.benchmarkIndex`); the bench prints them so that a score is read with its machine.

/** Lighthouse warns under this index (SLOW_CPU_BENCHMARK_INDEX_THRESHOLD in lighthouse/core/gather/driver/environment.js). */
export const LIGHTHOUSE_SLOW_HOST_INDEX = 1000;

/** A line for the bench's output when any run found the host slower than Lighthouse expects, else null. */
export function slowLighthouseHost(indexes: readonly number[]): string | null {
  const measured = indexes.filter((i) => i > 0);
  if (!measured.some((i) => i < LIGHTHOUSE_SLOW_HOST_INDEX)) return null;
  return (
    `Lighthouse rated this machine's CPU ${Math.min(...measured)}-${Math.max(...measured)} ` +
    `(benchmarkIndex; it expects ${LIGHTHOUSE_SLOW_HOST_INDEX} or more): its performance scores here ` +
    `read lower than on the host its 4x CPU slowdown is calibrated for.`
  );
}
