// A session's lifetime (app/accounts/session-lifetime.ts, decision 044): 30 days at most, 14 days unused
// at most, and a use written down only when the last one written is an hour old.
import {
  SESSION_DAYS,
  SESSION_IDLE_DAYS,
  isSessionLive,
  recordsUse,
  sessionEnd,
} from "~/accounts/session-lifetime";

const start = new Date("2026-03-01T00:00:00.000Z");
const at = (days: number, minutes = 0) =>
  new Date(start.getTime() + days * 86_400_000 + minutes * 60_000);
const session = (lastSeenAt: Date | null = null) => ({
  createdAt: start.toISOString(),
  expiresAt: sessionEnd(start),
  lastSeenAt: lastSeenAt?.toISOString() ?? null,
});

describe("session lifetime", () => {
  it("ends when unused for the idle limit, counted from the start when no use was recorded", () => {
    expect(isSessionLive(session(), at(SESSION_IDLE_DAYS, -1))).toBe(true);
    expect(isSessionLive(session(), at(SESSION_IDLE_DAYS))).toBe(false);
  });

  it("slides with each recorded use", () => {
    expect(isSessionLive(session(at(10)), at(10 + SESSION_IDLE_DAYS, -1))).toBe(true);
    expect(isSessionLive(session(at(10)), at(10 + SESSION_IDLE_DAYS))).toBe(false);
  });

  it("never outlives its absolute end, however recently used", () => {
    expect(isSessionLive(session(at(SESSION_DAYS, -5)), at(SESSION_DAYS, -1))).toBe(true);
    expect(isSessionLive(session(at(SESSION_DAYS, -5)), at(SESSION_DAYS))).toBe(false);
  });

  it("records a use only when the last recorded one is an hour old", () => {
    expect(recordsUse(session(), at(0, 59))).toBe(false);
    expect(recordsUse(session(), at(0, 60))).toBe(true);
    expect(recordsUse(session(at(3)), at(3, 30))).toBe(false);
    expect(recordsUse(session(at(3)), at(3, 61))).toBe(true);
  });
});
