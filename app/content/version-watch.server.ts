// The reading side of the content version (docs/decisions/054-content-version.md): each worker
// asks the database for the `meta` row at most once a second, and everything that keeps content
// in memory (the page micro-cache in app/bin/page-cache.mjs, the catalogue's `cached()`) forgets
// what it kept under an older version. No message between processes is needed: a write in any
// worker of any instance moves the row, and every worker sees it on its next check.
import { readContentVersion } from "./content-version.server";

/** How long a worker trusts the version it last read. */
export const VERSION_CHECK_MS = 1_000;

export type VersionWatch = {
  /** The version, as a string when the last read is fresh enough, else a promise of a new read
   * (one read at a time, shared by every caller that asks meanwhile). */
  current: () => string | Promise<string>;
  /** The last version read ("" before the first read); never waits. */
  known: () => string;
};

/**
 * A watch over `read`. A failed read keeps the last known version (the database being away must
 * not make every request fail twice) and is retried on the next call.
 */
export function createVersionWatch(
  read: () => Promise<string>,
  { intervalMs = VERSION_CHECK_MS, now = Date.now } = {},
): VersionWatch {
  let version = "";
  let checkedAt = -Infinity;
  let reading: Promise<string> | null = null;
  const current = (): string | Promise<string> => {
    if (now() - checkedAt < intervalMs) return version;
    reading ??= read()
      .then(
        (value) => {
          version = value;
          checkedAt = now();
          return value;
        },
        () => version,
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return { current, known: () => version };
}

let watch = createVersionWatch(() => readContentVersion());

/** This worker's view of the content version: cheap, at most one indexed read a second. */
export function contentVersion(): string | Promise<string> {
  return watch.current();
}

/**
 * Forgets the version last read, so the next call reads it again: only for test runs that give
 * each file a database of its own in one process (tests/integration/setup.ts), where a new
 * database starts at version "0" again.
 */
export function forgetContentVersion(): void {
  watch = createVersionWatch(() => readContentVersion());
}
