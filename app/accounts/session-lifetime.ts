// How long a session lives (decision 044): at most SESSION_DAYS from its start however often it is
// used, and it ends sooner when unused for SESSION_IDLE_DAYS. A use is recorded (`last_seen_at`) only
// when the last recorded one is SESSION_USE_RECORDED_EVERY_MINUTES old, so a busy session costs one
// write an hour rather than one per request; the idle limit is therefore exact to within that hour.

/** The absolute end: a session (and its cookie) lasts at most this long after it began. */
export const SESSION_DAYS = 30;
/** Unused this long, a session ends; each use slides it. */
export const SESSION_IDLE_DAYS = 14;
/** A use is written down only when the last one written is at least this old. */
export const SESSION_USE_RECORDED_EVERY_MINUTES = 60;

const DAY_MS = 86_400_000;

export type SessionTimes = {
  createdAt: string;
  expiresAt: string;
  /** the last recorded use; null: none since the session began */
  lastSeenAt: string | null;
};

/** The last recorded use of a session (its start when none was recorded). */
export const lastUse = (s: Pick<SessionTimes, "createdAt" | "lastSeenAt">): string =>
  s.lastSeenAt ?? s.createdAt;

/** A session unused since before this instant has ended. */
export const idleSince = (now: Date): string =>
  new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS).toISOString();

/** The absolute end of a session that begins at `start`. */
export const sessionEnd = (start: Date): string =>
  new Date(start.getTime() + SESSION_DAYS * DAY_MS).toISOString();

/** Whether the session is still live at `now`: before its absolute end and used within the idle limit. */
export function isSessionLive(s: SessionTimes, now: Date): boolean {
  return s.expiresAt > now.toISOString() && lastUse(s) > idleSince(now);
}

/** Whether this use at `now` should be written down (the last recorded one is an hour or more old). */
export const recordsUse = (s: Pick<SessionTimes, "createdAt" | "lastSeenAt">, now: Date): boolean =>
  lastUse(s) <= recordedBefore(now);

/** A use recorded before this instant is old enough to be recorded again. */
export const recordedBefore = (now: Date): string =>
  new Date(now.getTime() - SESSION_USE_RECORDED_EVERY_MINUTES * 60_000).toISOString();
