// WEB_CONCURRENCY fails closed (issue 34, switches): "abc" used to give NaN, and the primary forked no worker.
import { workerCount } from "../../app/bin/worker-count.mjs";

describe("WEB_CONCURRENCY", () => {
  it("defaults to the cores (at most 4), or 1 in development, when unset or empty", () => {
    expect(workerCount(undefined, { isDev: false, cores: 2 })).toBe(2);
    expect(workerCount("", { isDev: false, cores: 16 })).toBe(4);
    expect(workerCount(undefined, { isDev: true, cores: 16 })).toBe(1);
  });

  it("takes a whole number from 1 to 64", () => {
    expect(workerCount("1", { isDev: false, cores: 8 })).toBe(1);
    expect(workerCount("64", { isDev: false, cores: 8 })).toBe(64);
  });

  it("refuses any other value", () => {
    for (const value of ["abc", "0", "-1", "2.5", "65", "auto", "1e1"]) {
      expect(() => workerCount(value, { isDev: false, cores: 8 }), value).toThrow(
        /WEB_CONCURRENCY must be a whole number of worker processes from 1 to 64/,
      );
    }
  });
});
