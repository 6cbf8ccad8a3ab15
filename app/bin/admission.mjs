// First come, first served: at most `limit` requests of a worker run the Remix
// handler at once, the others wait in arrival order (decision 020).
//
// Without it every request that has arrived is in flight: their loaders, React
// renders (scheduled with setImmediate) and socket writes interleave, so each
// request's time stretches over everyone else's work and a few unlucky ones wait
// several times the average. With a small window the worker still overlaps
// database round trips (PostgreSQL) but finishes requests in the order they
// came, so the slowest wait stays close to the average, and fewer half-built
// pages sit in memory at once.

/**
 * @param {number} limit requests allowed in the handler at once (Infinity: no queue)
 * @returns {{ run: <T>(task: () => Promise<T>, signal?: AbortSignal) => Promise<T | undefined>, stats: () => { active: number; waiting: number } }}
 */
export function admissionQueue(limit) {
  let active = 0;
  /** @type {Array<() => void>} */
  const waiting = [];

  // a finished request hands its slot straight to the first in line, so nobody arriving meanwhile jumps ahead
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    async run(task, signal) {
      if (active >= limit) {
        const admitted = await new Promise((resolve) => {
          const start = () => {
            signal?.removeEventListener("abort", gone);
            resolve(true);
          };
          // a visitor who left while waiting gives up their place
          const gone = () => {
            const i = waiting.indexOf(start);
            if (i >= 0) waiting.splice(i, 1);
            resolve(false);
          };
          waiting.push(start);
          signal?.addEventListener("abort", gone, { once: true });
        });
        if (!admitted) return undefined;
      } else {
        active++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}

/** ADMISSION_LIMIT from the environment: a positive integer, "0" or "off" for no queue; 4 when unset. */
export function admissionLimit(value = process.env.ADMISSION_LIMIT) {
  if (value === undefined || value.trim() === "") return 4;
  if (value === "0" || value === "off") return Infinity;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`ADMISSION_LIMIT must be a positive integer, "0" or "off" (got ${JSON.stringify(value)})`);
  return n;
}
