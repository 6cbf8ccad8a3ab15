// A few seconds of memory for catalogue reads that every step repeats (boxes,
// products, regions). Writes never trust it: stock and ids are checked against
// the database inside their transaction.
const store = new Map<string, { at: number; value: Promise<unknown> }>();
export const CATALOGUE_TTL_MS = 5_000;

export function cached<T>(
  key: string,
  load: () => Promise<T>,
  ttlMs = CATALOGUE_TTL_MS,
): Promise<T> {
  const hit = store.get(key);
  const now = Date.now();
  if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { at: now, value });
  value.catch(() => store.delete(key));
  return value;
}

/** Forgets every cached read: this worker sees a catalogue edit at once (others within the TTL). */
export function forgetCached(): void {
  store.clear();
}
