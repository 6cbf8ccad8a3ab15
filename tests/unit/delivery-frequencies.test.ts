// The frequencies a region can deliver and "What you're agreeing to" (issue 33 item 7): pure
// functions shared by the checkout page in the browser, its server answer and the order e-mail.
import { agreementTerms } from "~/checkout/agreement";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyChangedMessage,
  frequencyForRegion,
  frequencyRefusedMessage,
  nearestFrequency,
} from "~/delivery/frequencies";
import { addDays, formatCutoff, formatDeliveryDate, isoWeekday } from "~/delivery/schedule";
import { deliveriesAfter, isRunDay, runDayOnOrAfter } from "~/subscriptions/schedule";

// the seeded regions' schedules (app/db/seed/catalogue.ts)
const nsw = { name: "NSW", weekdays: [2, 4], leadDays: 2, everyWeeks: 1 }; // Tuesday and Thursday
const wa = { name: "WA", weekdays: [5], leadDays: 4, everyWeeks: 2 }; // every second Friday (Perth)
const nt = { name: "NT", weekdays: [3], leadDays: 5, everyWeeks: 4 }; // one Wednesday in four (Darwin)
const OFFERED = [7, 14, 28, 56];

describe("the frequencies a region can deliver", () => {
  it("Perth (fortnightly) is not offered a weekly box; Darwin (every 4 weeks) only 4 and 8 weeks; Sydney all", () => {
    expect(deliverableFrequencies(wa, OFFERED)).toEqual([14, 28, 56]);
    expect(deliverableFrequencies(nt, OFFERED)).toEqual([28, 56]);
    expect(deliverableFrequencies(nsw, OFFERED)).toEqual(OFFERED);
    expect(canDeliverEvery(wa, 7)).toBe(false);
    expect(canDeliverEvery(nt, 14)).toBe(false);
    expect(canDeliverEvery(nt, 56)).toBe(true);
    expect(canDeliverEvery(nsw, 0)).toBe(false);
  });

  it("the nearest allowed frequency replaces one the region can't deliver", () => {
    expect(nearestFrequency(7, [14, 28, 56])).toBe(14);
    expect(nearestFrequency(7, [28, 56])).toBe(28);
    expect(nearestFrequency(14, [28, 56])).toBe(28);
    expect(nearestFrequency(28, [28, 56])).toBe(28);
    expect(nearestFrequency(28, [])).toBeNull();
  });

  it("says so when the chosen frequency no longer fits (moved to Darwin), and keeps one that fits", () => {
    expect(frequencyForRegion(nt, OFFERED, 7)).toEqual({
      allowed: [28, 56],
      days: 28,
      changed:
        "We deliver to NT every 4 weeks, so your box will come every 4 weeks instead of every week.",
    });
    expect(frequencyForRegion(wa, OFFERED, 56)).toEqual({
      allowed: [14, 28, 56],
      days: 56,
      changed: null,
    });
    // nothing chosen yet: the 4-week default
    expect(frequencyForRegion(wa, OFFERED, null)).toEqual({
      allowed: [14, 28, 56],
      days: 28,
      changed: null,
    });
    // no region (an undeliverable postcode): everything on offer
    expect(frequencyForRegion(null, OFFERED, 7)).toEqual({
      allowed: OFFERED,
      days: 7,
      changed: null,
    });
  });

  it("refuses in plain words", () => {
    expect(frequencyRefusedMessage("WA", wa, [14, 28, 56])).toBe(
      "We deliver to WA every 2 weeks, so your box can come every 2, 4 or 8 weeks. Please choose one of those.",
    );
    expect(frequencyRefusedMessage("NT", nt, [28, 56])).toBe(
      "We deliver to NT every 4 weeks, so your box can come every 4 or 8 weeks. Please choose one of those.",
    );
    expect(frequencyChangedMessage("WA", wa, 7, 14)).toBe(
      "We deliver to WA every 2 weeks, so your box will come every 2 weeks instead of every week.",
    );
  });
});

describe("what the shopper agrees to", () => {
  const perthFriday = runDayOnOrAfter(wa, "2026-12-01");
  const darwinWednesday = runDayOnOrAfter(nt, "2026-12-01");

  it("Perth fortnightly: the next delivery is a Perth delivery day, charged at its cut-off four days before", () => {
    const terms = agreementTerms(wa, perthFriday, 14)!;
    expect(isRunDay(wa, terms.nextDate)).toBe(true);
    expect(isoWeekday(terms.nextDate)).toBe(5);
    expect(terms.nextDate).toBe(addDays(perthFriday, 14));
    expect(terms.nextCharge).toBe(formatCutoff(wa, terms.nextDate));
    expect(terms.nextCharge).toMatch(/^2pm Sydney time, Monday /);
    expect(terms.firstDelivery).toBe(formatDeliveryDate(perthFriday));
    expect(terms.frequency).toBe("Every 2 weeks");
  });

  it("is what the renewals will do: the first delivery the renewal engine plans after the first box", () => {
    for (const [region, first, days] of [
      [wa, perthFriday, 14],
      [wa, perthFriday, 56],
      [nt, darwinWednesday, 28],
      [nsw, "2026-12-03", 7],
    ] as const) {
      expect(agreementTerms(region, first, days)!.nextDate).toBe(
        deliveriesAfter(region, first, days, 1)[0],
      );
    }
  });

  it("Darwin monthly: four weeks on, a Darwin Wednesday, charged five days before", () => {
    const terms = agreementTerms(nt, darwinWednesday, 28)!;
    expect(terms.nextDate).toBe(addDays(darwinWednesday, 28));
    expect(isRunDay(nt, terms.nextDate)).toBe(true);
    expect(terms.nextCharge).toBe(
      `2pm Sydney time, ${formatDeliveryDate(addDays(terms.nextDate, -5))}`,
    );
  });

  it("a weekly box in Perth would next come a fortnight on, not a week (why weekly is not offered there)", () => {
    expect(agreementTerms(wa, perthFriday, 7)!.nextDate).toBe(addDays(perthFriday, 14));
  });

  it("follows the date and frequency given, and waits until both are chosen", () => {
    expect(agreementTerms(nsw, "2026-12-03", 28)!.nextDelivery).toBe("Thursday 31 December");
    expect(agreementTerms(nsw, "2026-12-08", 14)!.nextDelivery).toBe("Tuesday 22 December");
    expect(agreementTerms(nsw, null, 28)).toBeNull();
    expect(agreementTerms(nsw, "2026-12-03", null)).toBeNull();
    expect(agreementTerms(nsw, "soon", 28)).toBeNull();
  });
});
