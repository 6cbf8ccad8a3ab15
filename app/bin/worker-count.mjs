// WEB_CONCURRENCY read strictly (issue 34, switches fail closed): Number("abc") is NaN, and a
// loop `i < NaN` forks no worker at all, so the primary exited at once, status 0, without a word.

/** Worker processes: a whole number from 1 to 64, or the default (1 in development, else the cores, at most 4) when unset or empty. */
export function workerCount(value, { isDev, cores }) {
  if (value === undefined || value.trim() === "") return isDev ? 1 : Math.min(cores, 4);
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 64) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of worker processes from 1 to 64, or unset (got ${JSON.stringify(value)})`,
    );
  }
  return n;
}
