import {
  claimExpired,
  cutoffInstant,
  cutoffPassedMessage,
  datesToPlan,
  decideAtCutoff,
  deliveriesAfter,
  nextAttemptAfter,
  nextDeliveryDate,
  packedThrough,
  packingCutoffInstant,
  packingCutoffLabel,
  retryInstants,
  sydneyClockLabel,
  reminderInstant,
  renewalChargeKey,
  runDayOnOrAfter,
  sydneyInstant,
  upcomingState,
} from "~/subscriptions/schedule";

const nsw = { weekdays: [2, 4], leadDays: 2, everyWeeks: 1 }; // Tuesday and Thursday
const wa = { weekdays: [5], leadDays: 4, everyWeeks: 2 }; // every second Friday
const nt = { weekdays: [3], leadDays: 5, everyWeeks: 4 }; // one Wednesday a month

describe("next delivery dates", () => {
  it("follow the frequency from the previous delivery and keep its weekday", () => {
    expect(nextDeliveryDate(nsw, "2026-12-01", 28)).toBe("2026-12-29");
    expect(deliveriesAfter(nsw, "2026-12-03", 14, 3)).toEqual([
      "2026-12-17",
      "2026-12-31",
      "2027-01-14",
    ]);
  });

  it("move to the region's next run day on or after the due day", () => {
    // a Tuesday + 10 days is a Friday: NSW delivers next on Tuesday
    expect(nextDeliveryDate(nsw, "2026-12-01", 10)).toBe("2026-12-15");
    expect(runDayOnOrAfter(nsw, "2026-12-03")).toBe("2026-12-03");
    // WA runs fortnightly: weekly frequency lands on the next run Friday
    const friday = runDayOnOrAfter(wa, "2026-12-01");
    expect(nextDeliveryDate(wa, friday, 7)).toBe(nextDeliveryDate(wa, friday, 14));
    // NT runs every four weeks
    const wed = runDayOnOrAfter(nt, "2026-12-01");
    expect(nextDeliveryDate(nt, wed, 14)).toBe(nextDeliveryDate(nt, wed, 28));
  });

  it("a region without weekdays takes the frequency as it is", () => {
    expect(nextDeliveryDate({ weekdays: [], leadDays: 2, everyWeeks: 1 }, "2026-12-01", 28)).toBe(
      "2026-12-29",
    );
  });

  it("plans past deliveries nobody decided, up to the first whose cut-off is ahead", () => {
    const now = new Date("2027-01-10T00:00:00Z");
    const dates = datesToPlan(nsw, "2026-12-01", 14, now);
    expect(dates).toEqual(["2026-12-15", "2026-12-29", "2027-01-12"]);
    expect(cutoffInstant(nsw, dates.at(-1)!).getTime()).toBeGreaterThan(now.getTime());
  });
});

describe("cut-offs and reminders", () => {
  it("are 2pm Sydney time, daylight saving or not", () => {
    expect(sydneyInstant("2026-12-01").toISOString()).toBe("2026-12-01T03:00:00.000Z"); // AEDT, UTC+11
    expect(sydneyInstant("2027-06-01").toISOString()).toBe("2027-06-01T04:00:00.000Z"); // AEST, UTC+10
  });

  it("fall the region's lead days before the delivery; the reminder two days before that", () => {
    expect(cutoffInstant(nsw, "2026-12-03").toISOString()).toBe("2026-12-01T03:00:00.000Z");
    expect(cutoffInstant(wa, "2027-06-11").toISOString()).toBe("2027-06-07T04:00:00.000Z");
    expect(reminderInstant(nsw, "2026-12-03").toISOString()).toBe("2026-11-29T03:00:00.000Z");
    expect(reminderInstant(nsw, "2026-12-03", 1).toISOString()).toBe("2026-11-30T03:00:00.000Z");
  });

  it("say why a change is refused and when the next one is possible", () => {
    const m = cutoffPassedMessage(nsw, "2026-12-03", "2026-12-31");
    expect(m).toMatch(
      /Thursday,? 3 December can no longer be changed: its change cut-off was 2pm Sydney time, Tuesday,? 1 December/,
    );
    expect(m).toMatch(
      /next delivery, on Thursday,? 31 December, until 2pm Sydney time, Tuesday,? 29 December/,
    );
  });
});

describe("what happens at the cut-off", () => {
  const cutoffAt = new Date("2026-12-01T03:00:00Z");
  const now = new Date("2026-12-01T03:01:00Z");
  const active = { status: "active" as const, pausedUntil: null, endedAt: null };
  const facts = {
    deliveryDate: "2026-12-03",
    cutoffAt,
    skipped: false,
    subscription: active,
    pausedAt: null,
  };

  it("orders an active delivery, not a skipped one", () => {
    expect(decideAtCutoff(facts, now)).toBe("order");
    expect(decideAtCutoff({ ...facts, skipped: true }, now)).toBe("skipped");
  });

  it("a paused subscription makes none until its resume day", () => {
    const paused = { status: "paused" as const, pausedUntil: "2026-12-10", endedAt: null };
    expect(
      decideAtCutoff({ ...facts, subscription: paused, pausedAt: "2026-11-20T00:00:00Z" }, now),
    ).toBe("paused");
    expect(
      decideAtCutoff({ ...facts, deliveryDate: "2026-12-10", subscription: paused }, now),
    ).toBe("order");
    // paused after the cut-off: that delivery still comes
    expect(
      decideAtCutoff({ ...facts, subscription: paused, pausedAt: "2026-12-01T03:00:30Z" }, now),
    ).toBe("order");
    expect(
      upcomingState({ deliveryDate: "2026-12-08", skipped: false, subscription: paused }),
    ).toBe("paused");
  });

  it("a cancelled one makes none after the cancellation; one already past its cut-off is still delivered", () => {
    expect(
      decideAtCutoff(
        {
          ...facts,
          subscription: { status: "cancelled", pausedUntil: null, endedAt: "2026-11-30T00:00:00Z" },
        },
        now,
      ),
    ).toBe("cancelled");
    expect(
      decideAtCutoff(
        {
          ...facts,
          subscription: { status: "cancelled", pausedUntil: null, endedAt: "2026-12-01T03:00:10Z" },
        },
        now,
      ),
    ).toBe("order");
  });

  it("a delivery whose packing cut-off passed before anyone decided it is missed", () => {
    expect(decideAtCutoff(facts, new Date("2026-12-02T14:00:00Z"))).toBe("missed"); // 1am on the 3rd in Sydney
    expect(decideAtCutoff(facts, new Date("2026-12-02T01:00:00Z"))).toBe("missed"); // noon on the 2nd: being packed
    expect(decideAtCutoff(facts, new Date("2026-12-02T00:59:00Z"))).toBe("order");
  });
});

describe("charges", () => {
  it("key the first attempt by subscription and delivery date, retries after it", () => {
    expect(renewalChargeKey(12, "2026-12-03", 1)).toBe("renewal:12:2026-12-03");
    expect(renewalChargeKey(12, "2026-12-03", 3)).toBe("renewal:12:2026-12-03:retry2");
  });

  it("retry three times between the change cut-off and the packing cut-off, whatever the lead time", () => {
    // two days' lead: cut-off 2pm Tuesday 1 December (AEDT), packing noon Wednesday: 22 hours, tries 5 hours apart
    const two = { leadDays: 2 };
    expect(packingCutoffInstant("2026-12-03").toISOString()).toBe("2026-12-02T01:00:00.000Z");
    expect(retryInstants(two, "2026-12-03").map(sydneyClockLabel)).toEqual([
      "7pm Tuesday 1 December",
      "midnight Wednesday 2 December",
      "5am Wednesday 2 December",
    ]);
    expect(nextAttemptAfter(two, "2026-12-03", 1)?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(nextAttemptAfter(two, "2026-12-03", 4)).toBeNull();
    expect(packingCutoffLabel("2026-12-03")).toMatch(/^noon Sydney time, Wednesday,? 2 December$/);
    // five days' lead (Darwin): 94 hours, tries 23 hours apart; every try comes before packing
    for (const leadDays of [2, 3, 4, 5]) {
      const tries = retryInstants({ leadDays }, "2026-12-03");
      expect(tries).toHaveLength(3);
      expect(tries.every((t) => t.getTime() < packingCutoffInstant("2026-12-03").getTime())).toBe(
        true,
      );
    }
    // no room before packing (one day's lead): no retries
    expect(retryInstants({ leadDays: 1 }, "2026-12-03")).toEqual([]);
  });

  it("dates are being packed from noon Sydney time the day before", () => {
    expect(packedThrough(new Date("2026-12-02T00:59:00Z"))).toBe("2026-12-02"); // 11:59am Wednesday
    expect(packedThrough(new Date("2026-12-02T01:00:00Z"))).toBe("2026-12-03"); // noon Wednesday: Thursday's boxes
  });

  it("resume a claimed charge only after its lease", () => {
    const now = new Date("2026-12-01T03:20:00Z");
    expect(claimExpired("2026-12-01T03:15:00Z", now)).toBe(false);
    expect(claimExpired("2026-12-01T03:05:00Z", now)).toBe(true);
    expect(claimExpired(null, now)).toBe(true);
  });
});
