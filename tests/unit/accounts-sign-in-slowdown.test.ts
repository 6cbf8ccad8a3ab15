// Growing, capped delays instead of a lockout (issue 34 item 5, docs/decisions/043).
import {
  SLOWDOWN,
  secondsToWait,
  slowdownSeconds,
  type SlowdownPolicy,
} from "~/accounts/sign-in-slowdown";
import { waitText } from "~/utils/wait-text";

const policy: SlowdownPolicy = { emailFree: 10, ...SLOWDOWN };
const now = new Date("2026-11-22T10:00:00.000Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("slowdownSeconds", () => {
  it("doubles from 2 seconds and never passes a minute", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50, 5000].map((s) => slowdownSeconds(s, policy))).toEqual([
      2, 4, 8, 16, 32, 60, 60, 60, 60,
    ]);
  });
});

describe("secondsToWait", () => {
  it("lets the free failures through at once", () => {
    expect(
      secondsToWait(
        { emailFailures: 4, placeFailures: 4, lastPlaceFailureAt: ago(0) },
        now,
        policy,
      ),
    ).toBe(0);
    expect(
      secondsToWait({ emailFailures: 9, placeFailures: 0, lastPlaceFailureAt: null }, now, policy),
    ).toBe(0);
  });

  it("after the place's free failures, waits from its last failure", () => {
    expect(
      secondsToWait(
        { emailFailures: 5, placeFailures: 5, lastPlaceFailureAt: ago(0) },
        now,
        policy,
      ),
    ).toBe(2);
    expect(
      secondsToWait(
        { emailFailures: 5, placeFailures: 5, lastPlaceFailureAt: ago(1.5) },
        now,
        policy,
      ),
    ).toBe(1);
    expect(
      secondsToWait(
        { emailFailures: 5, placeFailures: 5, lastPlaceFailureAt: ago(2) },
        now,
        policy,
      ),
    ).toBe(0);
    expect(
      secondsToWait(
        { emailFailures: 8, placeFailures: 8, lastPlaceFailureAt: ago(10) },
        now,
        policy,
      ),
    ).toBe(6);
  });

  it("lets the e-mail's failures elsewhere lengthen a place's wait, to a minute at most", () => {
    expect(
      secondsToWait(
        { emailFailures: 11, placeFailures: 1, lastPlaceFailureAt: ago(0) },
        now,
        policy,
      ),
    ).toBe(4);
    expect(
      secondsToWait(
        { emailFailures: 100_000, placeFailures: 1, lastPlaceFailureAt: ago(0) },
        now,
        policy,
      ),
    ).toBe(60);
    expect(
      secondsToWait(
        { emailFailures: 100_000, placeFailures: 1, lastPlaceFailureAt: ago(60) },
        now,
        policy,
      ),
    ).toBe(0);
  });

  it("never makes a place that has not failed wait, whatever happened elsewhere", () => {
    expect(
      secondsToWait(
        { emailFailures: 100_000, placeFailures: 0, lastPlaceFailureAt: null },
        now,
        policy,
      ),
    ).toBe(0);
  });
});

describe("waitText", () => {
  it("says seconds under a minute, else whole minutes rounded up", () => {
    expect([1, 2, 59, 60, 61, 119, 900].map((s) => waitText(s))).toEqual([
      "1 second",
      "2 seconds",
      "59 seconds",
      "1 minute",
      "2 minutes",
      "2 minutes",
      "15 minutes",
    ]);
  });
});
