// A few seconds of memory for catalogue reads that every step repeats (boxes,
// products, regions). Writes never trust it: stock and ids are checked against
// the database inside their transaction. An entry kept under an older content
// version is never used: an edit in the back office (any worker, any instance)
// reaches every step within about a second (docs/decisions/054-content-version.md).
import { contentVersion } from "~/content/version-watch.server";

const store = new Map<string, { at: number; version: string; value: Promise<unknown> }>();
export const CATALOGUE_TTL_MS = 5_000;

function lookup<T>(key: string, load: () => Promise<T>, ttlMs: number, version: string) {
  const hit = store.get(key);
  const now = Date.now();
  if (hit && hit.version === version && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { at: now, version, value });
  value.catch(() => store.delete(key));
  return value;
}

export function cached<T>(
  key: string,
  load: () => Promise<T>,
  ttlMs = CATALOGUE_TTL_MS,
): Promise<T> {
  const version = contentVersion();
  return typeof version === "string"
    ? lookup(key, load, ttlMs, version)
    : version.then((v) => lookup(key, load, ttlMs, v));
}

/** Forgets every cached read: this worker sees a catalogue edit at once (others within the TTL). */
export function forgetCached(): void {
  store.clear();
}
