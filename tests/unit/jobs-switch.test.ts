// JOBS_IN_APP fails closed (issue 34, switches): only 1 and 0 mean anything, any other value stops the
// server at start instead of being read one way or the other.
import { jobsInApp, jobsIntervalSeconds } from "~/jobs/start.server";

describe("JOBS_IN_APP", () => {
  it("runs the jobs in the app when unset, empty or 1, and leaves them to npm run jobs with 0", () => {
    expect(jobsInApp(undefined)).toBe(true);
    expect(jobsInApp("")).toBe(true);
    expect(jobsInApp("1")).toBe(true);
    expect(jobsInApp("0")).toBe(false);
  });

  it("refuses any other value", () => {
    for (const value of ["false", "off", "no", "true", " 0"])
      expect(() => jobsInApp(value), value).toThrow(/JOBS_IN_APP must be 1/);
  });
});

describe("JOBS_INTERVAL_SECONDS", () => {
  it("is 60 when unset or empty, else a whole number of seconds from 5 to 3600", () => {
    expect(jobsIntervalSeconds(undefined)).toBe(60);
    expect(jobsIntervalSeconds("")).toBe(60);
    expect(jobsIntervalSeconds("5")).toBe(5);
    expect(jobsIntervalSeconds("3600")).toBe(3600);
  });

  it("refuses what it used to turn silently into 60 or 5", () => {
    for (const value of ["abc", "1m", "1", "4", "0", "-60", "7.5", "3601"]) {
      expect(() => jobsIntervalSeconds(value), value).toThrow(
        /JOBS_INTERVAL_SECONDS must be a whole number of seconds from 5 to 3600/,
      );
    }
  });
});
