// Issue 48's budgets as `npm run bench` checks them (tests/bench/budgets.ts): the side-by-side floors
// against 10236c8 (decisions 098 and 103) and the ratios to /healthz of one run; and the line that
// names a machine slower than Lighthouse expects (tests/bench/lighthouse-host.ts).
import {
  ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR,
  missedBudgets,
  missedSideBySide,
  SIDE_BY_SIDE_FLOOR,
  sideBySideFloor,
  type BudgetRow,
} from "../bench/budgets";
import { LIGHTHOUSE_SLOW_HOST_INDEX, slowLighthouseHost } from "../bench/lighthouse-host";

describe("side by side with the old build", () => {
  it("holds the account pages to their own floor and every other page to 0.95 ×", () => {
    for (const page of [
      "/dashboard/my-deliveries",
      "/dashboard/account",
      "/dashboard/my-deliveries/change",
    ])
      expect(sideBySideFloor(page)).toBe(ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR);
    for (const page of ["/healthz", "/sign-in", "/get-started/checkout", "/checkout/PT-100458"])
      expect(sideBySideFloor(page)).toBe(SIDE_BY_SIDE_FLOOR);
    expect(sideBySideFloor("/get-started/box-size?type=1")).toBe(SIDE_BY_SIDE_FLOOR);
    expect(ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR).toBeLessThan(SIDE_BY_SIDE_FLOOR);
  });

  it("names each page under its floor, with the floor it missed", () => {
    const missed = missedSideBySide([
      { page: "/sign-in", reference: 100, build: 94 },
      { page: "/healthz", reference: 100, build: 95 },
      { page: "/dashboard/account", reference: 100, build: 86 },
      { page: "/dashboard/my-deliveries/change", reference: 100, build: 84 },
    ]);
    expect(missed).toEqual([
      "/sign-in: 94 req/s is 0.94× the reference's 100 (budget 0.95×)",
      "/dashboard/my-deliveries/change: 84 req/s is 0.84× the reference's 100 (budget 0.85×)",
    ]);
  });
});

describe("one run's budgets", () => {
  const row = (path: string, rps: number, more: Partial<BudgetRow> = {}): BudgetRow => ({
    path,
    rps,
    jsKb: null,
    p99Ms: null,
    errors: 0,
    ...more,
  });

  it("checks each group's ratio to /healthz, the p99, errors and the JavaScript of form pages", () => {
    const missed = missedBudgets([
      row("/healthz", 1000),
      row("/sign-in", 240),
      row("/get-started/your-items", 260),
      row("/dashboard/account", 140, { p99Ms: 151 }),
      row("/get-started/checkout", 160, { jsKb: 120.1 }),
      row("/faq", 3000, { jsKb: 130 }),
      row("/gift-cards/checkout", 400, { errors: 2 }),
    ]);
    expect(missed).toEqual([
      "/sign-in: 240 req/s is 0.24× /healthz's 1000 (budget 0.25×)",
      "/dashboard/account: 140 req/s is 0.14× /healthz's 1000 (budget 0.15×)",
      "/dashboard/account: p99 151 ms (budget 150 ms)",
      "/get-started/checkout: 120.1 KB of JavaScript (budget 120 KB)",
      "/gift-cards/checkout: 2 errors under load",
    ]);
  });

  it("cannot check a ratio without /healthz", () => {
    expect(missedBudgets([row("/sign-in", 900)])).toEqual([
      "/healthz was not measured: no ratio can be checked",
    ]);
  });
});

describe("the machine Lighthouse ran on", () => {
  it("is named in the output only when a run found it slower than Lighthouse expects", () => {
    expect(slowLighthouseHost([1450, 1210, 1830])).toBeNull();
    expect(slowLighthouseHost([])).toBeNull();
    // a run whose report had no index (0) is not a reading
    expect(slowLighthouseHost([0, 1200])).toBeNull();
    expect(slowLighthouseHost([1210, 640, 0, 702])).toBe(
      "Lighthouse rated this machine's CPU 640-1210 (benchmarkIndex; it expects 1000 or more): its performance scores here read lower than on the host its 4x CPU slowdown is calibrated for.",
    );
    expect(LIGHTHOUSE_SLOW_HOST_INDEX).toBe(1000);
  });
});
