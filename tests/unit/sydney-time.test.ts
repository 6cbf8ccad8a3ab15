// The one Sydney clock (issue 46 item 7, decision 073): every helper of app/utils/sydney-time.server.ts
// and the calendar arithmetic of app/utils/calendar-day.ts, walked across both 2026 daylight-saving
// changes: clocks go back at 3 am AEDT on Sunday 5 April (a 25-hour day) and forward at 2 am AEST
// on Sunday 4 October (a 23-hour day). Instants are checked against Node's own Intl reading of
// Australia/Sydney, every quarter of an hour.
import { describe, expect, it } from "vitest";
import { addDays, isoWeekday } from "~/utils/calendar-day";
import {
  SYDNEY_TZ,
  sydneyDayOf,
  sydneyDayRange,
  sydneyDayStart,
  sydneyInstant,
  sydneyMonth,
  sydneyNow,
  sydneyToday,
  sydneyWallClock,
} from "~/utils/sydney-time.server";

const HOUR = 3_600_000;
const INTL = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Australia/Sydney",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function intl(at: Date) {
  const p = Object.fromEntries(INTL.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

/** Every quarter of an hour from 00:00 UTC on `from` to 00:00 UTC on `to`. */
function quarters(from: string, to: string): Date[] {
  const out: Date[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t < Date.parse(`${to}T00:00:00Z`); t += HOUR / 4)
    out.push(new Date(t));
  return out;
}

const TRANSITIONS = [
  {
    name: "clocks go back, 5 April 2026",
    day: "2026-04-05",
    hours: 25,
    around: ["2026-04-02", "2026-04-08"],
  },
  {
    name: "clocks go forward, 4 October 2026",
    day: "2026-10-04",
    hours: 23,
    around: ["2026-10-01", "2026-10-07"],
  },
] as const;

describe("the Sydney clock", () => {
  it("is Australia/Sydney", () => {
    expect(SYDNEY_TZ).toBe("Australia/Sydney");
  });

  for (const t of TRANSITIONS)
    describe(t.name, () => {
      it("reads every instant as Sydney's own clock does: day, hour, minute, month", () => {
        for (const at of quarters(t.around[0], t.around[1])) {
          const want = intl(at);
          expect(sydneyWallClock(at), at.toISOString()).toEqual(want);
          expect(sydneyNow(at), at.toISOString()).toEqual({ day: want.day, hour: want.hour });
          expect(sydneyToday(at)).toBe(want.day);
          expect(sydneyDayOf(at)).toBe(want.day);
          expect(sydneyDayOf(at.toISOString())).toBe(want.day);
          expect(sydneyMonth(at)).toBe(want.day.slice(0, 7));
        }
      });

      it("starts each day at its own midnight, and the change day is the odd length", () => {
        for (let day: string = t.around[0]; day < t.around[1]; day = addDays(day, 1)) {
          const start = sydneyDayStart(day);
          expect(sydneyDayOf(start), day).toBe(day);
          expect(sydneyDayOf(new Date(start.getTime() - 1)), day).toBe(addDays(day, -1));
          expect(sydneyWallClock(start)).toEqual({ day, hour: 0, minute: 0 });
          const [from, to] = sydneyDayRange(day);
          expect(from).toBe(start.toISOString());
          expect(to).toBe(sydneyDayStart(addDays(day, 1)).toISOString());
          expect((Date.parse(to) - Date.parse(from)) / HOUR, day).toBe(
            day === t.day ? t.hours : 24,
          );
        }
      });

      it("finds the instant of an hour on a day: the shop's midnight, noon and 2pm on every day", () => {
        for (let day: string = t.around[0]; day < t.around[1]; day = addDays(day, 1))
          for (const hour of [0, 12, 14]) {
            const at = sydneyInstant(day, hour);
            expect(sydneyWallClock(at)).toEqual({ day, hour, minute: 0 });
            expect(sydneyInstant(day, hour, 30).getTime() - at.getTime()).toBe(HOUR / 2);
          }
      });

      it("adds calendar days and names weekdays without a clock", () => {
        expect(isoWeekday(t.day)).toBe(7); // both changes fall on a Sunday
        expect(addDays(t.day, 1)).toBe(addDays(addDays(t.day, 2), -1));
        expect(addDays(addDays(t.day, -1), 1)).toBe(t.day);
        for (let i = -3; i <= 3; i++)
          expect(isoWeekday(addDays(t.day, i))).toBe(((i + 7 + 6) % 7) + 1);
      });
    });

  it("knows the exact instants of the change days", () => {
    expect(sydneyDayRange("2026-04-05")).toEqual([
      "2026-04-04T13:00:00.000Z", // 00:00 AEDT
      "2026-04-05T14:00:00.000Z", // 00:00 AEST on the 6th
    ]);
    expect(sydneyDayRange("2026-10-04")).toEqual([
      "2026-10-03T14:00:00.000Z", // 00:00 AEST
      "2026-10-04T13:00:00.000Z", // 00:00 AEDT on the 5th
    ]);
    expect(sydneyDayStart("2026-10-04").toISOString()).toBe("2026-10-03T14:00:00.000Z");
    expect(sydneyDayStart("2026-04-05").toISOString()).toBe("2026-04-04T13:00:00.000Z");
    // the 2pm change cut-off on each side of each change
    expect(sydneyInstant("2026-04-04", 14).toISOString()).toBe("2026-04-04T03:00:00.000Z");
    expect(sydneyInstant("2026-04-05", 14).toISOString()).toBe("2026-04-05T04:00:00.000Z");
    expect(sydneyInstant("2026-10-03", 14).toISOString()).toBe("2026-10-03T04:00:00.000Z");
    expect(sydneyInstant("2026-10-04", 14).toISOString()).toBe("2026-10-04T03:00:00.000Z");
    // 2:30 am does not exist on 4 October (it is 3:30 AEDT) and comes twice on 5 April (the later)
    expect(sydneyInstant("2026-10-04", 2, 30).toISOString()).toBe("2026-10-03T16:30:00.000Z");
    expect(sydneyInstant("2026-04-05", 2, 30).toISOString()).toBe("2026-04-04T16:30:00.000Z");
  });

  it("a month starts at Sydney's midnight on the 1st", () => {
    expect(sydneyMonth(new Date("2026-09-30T13:59:59.999Z"))).toBe("2026-09");
    expect(sydneyMonth(new Date("2026-09-30T14:00:00.000Z"))).toBe("2026-10");
    expect(sydneyMonth(new Date("2026-03-31T12:59:59.999Z"))).toBe("2026-03");
    expect(sydneyMonth(new Date("2026-03-31T13:00:00.000Z"))).toBe("2026-04");
  });

  it("refuses what is not a calendar day", () => {
    expect(() => sydneyDayStart("2026-4-5")).toThrow(RangeError);
    expect(() => sydneyInstant("yesterday", 14)).toThrow(RangeError);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-11-29", 28)).toBe("2026-12-27");
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(isoWeekday("2026-11-30")).toBe(1);
  });
});
