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
//
// A request that has waited `maxWaitMs` in line is turned away (AdmissionTimeout, answered 503 with
// Retry-After): past that, the visitor is better told to come back than left hanging (decision 041).

/** Thrown by `run` for a request that waited longer than the queue's `maxWaitMs`; its task never ran. */
export class AdmissionTimeout extends Error {
  constructor(waitedMs) {
    super(`waited ${waitedMs} ms for an admission slot`);
  }
}

/**
 * @param {number} limit requests allowed in the handler at once (Infinity: no queue)
 * @param {{ maxWaitMs?: number, observe?: (waitedMs: number, outcome: "admitted" | "gone" | "late") => void }} [options]
 *   longest wait in line (Infinity: no deadline); `observe` hears how long each request waited and how
 *   it left the line (app/bin/metrics.mjs)
 * @returns {{ run: <T>(task: () => Promise<T>, signal?: AbortSignal) => Promise<T | undefined>, stats: () => { active: number; waiting: number } }}
 */
export function admissionQueue(limit, { maxWaitMs = Infinity, observe } = {}) {
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
        const queuedAt = performance.now();
        /** @type {"admitted" | "gone" | "late"} */
        const outcome = await new Promise((resolve) => {
          /** @type {ReturnType<typeof setTimeout> | undefined} */
          let deadline;
          const settle = (how) => {
            clearTimeout(deadline);
            signal?.removeEventListener("abort", gone);
            if (how !== "admitted") waiting.splice(waiting.indexOf(start), 1);
            resolve(how);
          };
          const start = () => settle("admitted");
          // a visitor who left while waiting gives up their place
          const gone = () => settle("gone");
          waiting.push(start);
          signal?.addEventListener("abort", gone, { once: true });
          if (Number.isFinite(maxWaitMs)) deadline = setTimeout(() => settle("late"), maxWaitMs);
        });
        observe?.(performance.now() - queuedAt, outcome);
        if (outcome === "gone") return undefined;
        if (outcome === "late") throw new AdmissionTimeout(maxWaitMs);
      } else {
        active++;
        observe?.(0, "admitted");
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
  if (!Number.isInteger(n) || n < 1)
    throw new Error(
      `ADMISSION_LIMIT must be a positive integer, "0" or "off" (got ${JSON.stringify(value)})`,
    );
  return n;
}

/** ADMISSION_WAIT_SECONDS from the environment, in ms: a positive number of seconds, "off" for no deadline; 5 s when unset. */
export function admissionWaitMs(value = process.env.ADMISSION_WAIT_SECONDS) {
  if (value === undefined || value.trim() === "") return 5_000;
  if (value === "off") return Infinity;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
    throw new Error(
      `ADMISSION_WAIT_SECONDS must be a number of seconds above 0 and at most 600, or "off" (got ${JSON.stringify(value)})`,
    );
  }
  return Math.round(seconds * 1000);
}
