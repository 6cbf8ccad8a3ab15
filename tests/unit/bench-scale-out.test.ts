// The pure parts of `npm run bench -- --scale-out`: CPU group names and quotas, the ratios it
// reports, the runners' tallies added up, and results kept per label.
import { benchPidOf, capacity, groupName, quotaUs, staleGroups } from "../bench/cpu-groups";
import { addSummaries, ratioOf, withRatios } from "../bench/ratios";
import { withLabelled } from "../bench/results";

describe("CPU group names", () => {
  it("name the bench's pid and the group's number, and only such names are read back", () => {
    expect(groupName(4242, 3)).toBe("paddock-bench-4242-3");
    expect(benchPidOf(groupName(4242, 3))).toBe(4242);
    for (const other of [
      "paddock-bench-",
      "paddock-bench-12",
      "paddock-bench-x-1",
      "docker",
      "paddock-bench-1-2-3",
      "my-paddock-bench-1-2",
    ]) {
      expect(benchPidOf(other)).toBeNull();
    }
  });

  it("stale: groups of benches no longer running, never this bench's own nor anything else's", () => {
    const names = [
      groupName(11, 1),
      groupName(11, 2),
      groupName(22, 1),
      groupName(process.pid, 1),
      "system.slice",
    ];
    expect(staleGroups(names, (pid) => pid === 22)).toEqual([groupName(11, 1), groupName(11, 2)]);
    expect(staleGroups(names, () => true)).toEqual([]);
  });
});

describe("CPU quotas", () => {
  it("are the share of one core per period", () => {
    expect(quotaUs(0.35, 100_000, 2)).toBe(35_000);
    expect(quotaUs(1.5, 100_000, 2)).toBe(150_000);
    expect(quotaUs(0.5, 10_000, 2)).toBe(5_000);
  });

  it("refuse a share no process could use, under the kernel's 1 ms, or a period out of its range", () => {
    expect(() => quotaUs(0, 100_000, 2)).toThrow(/above 0/);
    expect(() => quotaUs(2.5, 100_000, 2)).toThrow(/at most 2 cores/);
    expect(() => quotaUs(Number.NaN, 100_000, 2)).toThrow();
    expect(() => quotaUs(0.005, 100_000, 2)).toThrow(/1 ms/);
    expect(() => quotaUs(0.5, 500, 2)).toThrow(/period/);
    expect(() => quotaUs(0.5, 2_000_000, 2)).toThrow(/period/);
  });

  it("capacity: what n capped processes take together and what is left of the machine", () => {
    expect(capacity(3, 35_000, 100_000, 2)).toEqual({ cappedPct: 105, leftPct: 95 });
    expect(capacity(1, 35_000, 100_000, 2)).toEqual({ cappedPct: 35, leftPct: 165 });
    expect(capacity(3, 100_000, 100_000, 2)).toEqual({ cappedPct: 300, leftPct: 0 });
  });
});

describe("scale-out results", () => {
  it("ratios to one instance: of the medians, and run i against one instance's run i", () => {
    const counts = withRatios([
      {
        instances: 1,
        rps: 100,
        p99Ms: 900,
        errors: 0,
        runs: [
          { rps: 98, p99Ms: 0, errors: 0 },
          { rps: 102, p99Ms: 0, errors: 0 },
        ],
      },
      {
        instances: 2,
        rps: 180,
        p99Ms: 500,
        errors: 0,
        runs: [
          { rps: 186, p99Ms: 0, errors: 0 },
          { rps: 174, p99Ms: 0, errors: 0 },
        ],
      },
    ]);
    expect(counts.map((c) => c.ratio)).toEqual([1, 1.8]);
    expect(counts[1].runRatios).toEqual([1.9, 1.71]);
    expect(counts[0].runRatios).toEqual([1, 1]);
  });

  it("a single run is its own only run; without a one-instance count there is no ratio", () => {
    expect(
      withRatios([
        { instances: 1, rps: 50, p99Ms: 1, errors: 0 },
        { instances: 3, rps: 140, p99Ms: 1, errors: 0 },
      ]).map((c) => c.runRatios),
    ).toEqual([[1], [2.8]]);
    expect(withRatios([{ instances: 2, rps: 50, p99Ms: 1, errors: 0 }])[0]).toMatchObject({
      ratio: 0,
      runRatios: [],
    });
    expect(ratioOf(5, 0)).toBe(5);
  });

  it("the runners' tallies add up kind by kind", () => {
    expect(
      addSummaries([
        {
          renewal: { done: 6, skipped: 1, failed: 0 },
          "delivery-plan": { done: 0, skipped: 0, failed: 0 },
        },
        { renewal: { done: 4, skipped: 2, failed: 1 } },
      ]),
    ).toEqual({
      renewal: { done: 10, skipped: 3, failed: 1 },
      "delivery-plan": { done: 0, skipped: 0, failed: 0 },
    });
    expect(addSummaries([])).toEqual({});
  });

  it("a measurement is kept under its label beside the others; anything else in the file starts afresh", () => {
    const before = withLabelled(undefined, "abc123", { rate: 1 });
    const both = withLabelled(before, "def456", { rate: 2 });
    expect(both).toEqual({ abc123: { rate: 1 }, def456: { rate: 2 } });
    expect(withLabelled(both, "abc123", { rate: 3 })).toEqual({
      abc123: { rate: 3 },
      def456: { rate: 2 },
    });
    expect(withLabelled([1, 2], "x", { rate: 4 })).toEqual({ x: { rate: 4 } });
    expect(withLabelled("old", "x", { rate: 4 })).toEqual({ x: { rate: 4 } });
  });
});
