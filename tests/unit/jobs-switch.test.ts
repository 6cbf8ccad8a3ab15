// JOBS_IN_APP fails closed (issue 34, switches): only 1 and 0 mean anything, any other value stops the
// server at start instead of being read one way or the other.
import { jobsInApp } from "~/jobs/start.server";

describe("JOBS_IN_APP", () => {
  it("runs the jobs in the app when unset, empty or 1, and leaves them to npm run jobs with 0", () => {
    expect(jobsInApp(undefined)).toBe(true);
    expect(jobsInApp("")).toBe(true);
    expect(jobsInApp("1")).toBe(true);
    expect(jobsInApp("0")).toBe(false);
  });

  it("refuses any other value", () => {
    for (const value of ["false", "off", "no", "true", " 0"]) expect(() => jobsInApp(value), value).toThrow(/JOBS_IN_APP must be 1/);
  });
});
