import {
  addDays,
  deliveryDates,
  earliestDeliveryDay,
  formatDeliveryDate,
  isDeliverableDay,
  isoWeekday,
  parseWeekdays,
  runsOn,
  weekIndex,
} from "~/delivery/schedule";
import { sydneyNow } from "~/utils/sydney-time.server";
import { defaultFrequency, frequencyLabel, frequencyWeeks } from "~/box/rules";

// Monday 23 November 2026. Sydney is on daylight time (UTC+11) then.
const mondayNoonSydney = new Date("2026-11-23T01:00:00Z"); // 12:00 in Sydney
const mondayAfterCutoff = new Date("2026-11-23T03:30:00Z"); // 14:30 in Sydney
const sundayNightUtcMondaySydney = new Date("2026-11-22T14:00:00Z"); // 01:00 Monday in Sydney

describe("calendar helpers", () => {
  it("reads the day and hour in Sydney, not in UTC", () => {
    expect(sydneyNow(mondayNoonSydney)).toEqual({ day: "2026-11-23", hour: 12 });
    expect(sydneyNow(sundayNightUtcMondaySydney)).toEqual({ day: "2026-11-23", hour: 1 });
  });

  it("adds days across months and knows ISO weekdays", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(parseWeekdays("2, 4,x,9")).toEqual([2, 4]);
  });

  it("formats delivery dates for people", () => {
    expect(formatDeliveryDate("2026-12-01")).toMatch(/Tuesday,? 1 December/);
  });
});

describe("delivery schedule", () => {
  const nsw = { weekdays: [2, 4], leadDays: 2, everyWeeks: 1 };

  it("counts the lead time from today before the 2pm Sydney cut-off", () => {
    expect(earliestDeliveryDay(nsw, mondayNoonSydney)).toBe("2026-11-25");
    expect(deliveryDates(nsw, mondayNoonSydney, 6)).toEqual([
      "2026-11-26",
      "2026-12-01",
      "2026-12-03",
      "2026-12-08",
      "2026-12-10",
      "2026-12-15",
    ]);
  });

  it("counts from tomorrow after the cut-off", () => {
    expect(earliestDeliveryDay(nsw, mondayAfterCutoff)).toBe("2026-11-26");
    const tightLead = { weekdays: [3], leadDays: 2, everyWeeks: 1 };
    expect(deliveryDates(tightLead, mondayNoonSydney, 1)).toEqual(["2026-11-25"]);
    expect(deliveryDates(tightLead, mondayAfterCutoff, 1)).toEqual(["2026-12-02"]);
  });

  it("runs fortnightly regions every second week from the fixed Monday epoch", () => {
    const wa = { weekdays: [5], leadDays: 4, everyWeeks: 2 };
    const dates = deliveryDates(wa, mondayNoonSydney, 4);
    expect(dates).toHaveLength(4);
    for (const d of dates) {
      expect(isoWeekday(d)).toBe(5);
      expect(weekIndex(d) % 2).toBe(0);
    }
    for (let i = 1; i < dates.length; i++) expect(addDays(dates[i - 1], 14)).toBe(dates[i]);
  });

  it("runs monthly regions every fourth week", () => {
    const nt = { weekdays: [3], leadDays: 5, everyWeeks: 4 };
    const dates = deliveryDates(nt, mondayNoonSydney, 3);
    for (let i = 1; i < dates.length; i++) expect(addDays(dates[i - 1], 28)).toBe(dates[i]);
    expect(dates.every((d) => weekIndex(d) % 4 === 0)).toBe(true);
    expect(dates[0] >= earliestDeliveryDay(nt, mondayNoonSydney)).toBe(true);
  });

  it("tells whether a saved date can still be delivered", () => {
    expect(isDeliverableDay(nsw, "2026-11-26", mondayNoonSydney)).toBe(true);
    expect(isDeliverableDay(nsw, "2026-11-24", mondayNoonSydney)).toBe(false); // inside the lead time
    expect(isDeliverableDay(nsw, "2026-11-27", mondayNoonSydney)).toBe(false); // a Friday
    expect(isDeliverableDay(nsw, "not-a-date", mondayNoonSydney)).toBe(false);
  });

  it("offers nothing for a region without delivery days", () => {
    expect(deliveryDates({ weekdays: [], leadDays: 1, everyWeeks: 1 }, mondayNoonSydney)).toEqual(
      [],
    );
  });
});

describe("the days offered", () => {
  it("are the first days on or after the earliest that runsOn takes, for every rhythm and start", () => {
    const schedules = [
      { weekdays: [2, 4], leadDays: 2, everyWeeks: 1 },
      { weekdays: [1], leadDays: 0, everyWeeks: 2 },
      { weekdays: [3, 5, 7], leadDays: 4, everyWeeks: 4 },
      { weekdays: [6], leadDays: 1, everyWeeks: 3 },
    ];
    // every 13 hours for two years from Monday 23 November 2026: both sides of each cut-off, and
    // of the daylight-saving changes
    for (let hours = 0; hours < 2 * 365 * 24; hours += 13) {
      const now = new Date(mondayNoonSydney.getTime() + hours * 3_600_000);
      for (const schedule of schedules) {
        const dayByDay: string[] = [];
        let day = earliestDeliveryDay(schedule, now);
        for (let i = 0; i < 400 && dayByDay.length < 6; i++, day = addDays(day, 1))
          if (runsOn(schedule, day)) dayByDay.push(day);
        expect(deliveryDates(schedule, now)).toEqual(dayByDay);
      }
    }
  });
});

describe("delivery frequency", () => {
  it("labels days in weeks (days / 7)", () => {
    expect(frequencyWeeks(28)).toBe(4);
    expect(frequencyLabel(7)).toBe("Every week");
    expect(frequencyLabel(14)).toBe("Every 2 weeks");
    expect(frequencyLabel(28)).toBe("Every 4 weeks");
    expect(frequencyLabel(56)).toBe("Every 8 weeks");
  });

  it("defaults to 28 days when offered, else the first", () => {
    expect(defaultFrequency([7, 14, 28, 56])).toBe(28);
    expect(defaultFrequency([14, 56])).toBe(14);
    expect(defaultFrequency([])).toBeNull();
  });
});
