import {
  addDays,
  formatCalendarDay,
  formatMonthName,
  isoWeekday,
  type CalendarDayStyle,
} from "~/utils/calendar-day";

/** Every day from 2024 through 2031: leap years, every weekday and month. */
function* days() {
  for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2031, 11, 31); t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}

const intlOf = (options: Intl.DateTimeFormatOptions) => {
  const f = new Intl.DateTimeFormat("en-AU", { ...options, timeZone: "UTC" });
  return (day: string) =>
    f
      .format(new Date(`${day}T00:00:00Z`))
      .replace(/^(\w+), (\d)/, (all, weekday: string, d: string) =>
        weekday.length > 3 ? `${weekday} ${d}` : all,
      );
};

describe("formatCalendarDay", () => {
  const cases: [CalendarDayStyle, Intl.DateTimeFormatOptions, string][] = [
    [
      { weekday: "long", month: "long", year: true },
      { weekday: "long", day: "numeric", month: "long", year: "numeric" },
      "Tuesday 1 September 2026",
    ],
    [
      { weekday: "long", month: "long" },
      { weekday: "long", day: "numeric", month: "long" },
      "Tuesday 1 September",
    ],
    [
      { weekday: "short", month: "short" },
      { weekday: "short", day: "numeric", month: "short" },
      "Tue, 1 Sept",
    ],
    [
      { month: "short", year: true },
      { day: "numeric", month: "short", year: "numeric" },
      "1 Sept 2026",
    ],
    [
      { month: "long", year: true },
      { day: "numeric", month: "long", year: "numeric" },
      "1 September 2026",
    ],
  ];

  it.each(cases)("words %j as en-AU does", (style, options, example) => {
    expect(formatCalendarDay("2026-09-01", style)).toBe(example);
    const intl = intlOf(options);
    for (const day of days()) expect(formatCalendarDay(day, style)).toBe(intl(day));
  });

  it("refuses what is not a calendar day", () => {
    for (const bad of [
      "",
      "2026-02-30",
      "2026-13-01",
      "2026-9-1",
      "26-09-01",
      "2026-09-01T00:00:00Z",
    ]) {
      expect(formatCalendarDay(bad, { month: "long" })).toBeNull();
    }
  });
});

describe("formatMonthName", () => {
  it("names every month as en-AU does", () => {
    const intl = new Intl.DateTimeFormat("en-AU", { month: "long", timeZone: "UTC" });
    for (let m = 1; m <= 12; m++) {
      const month = `2026-${String(m).padStart(2, "0")}`;
      expect(formatMonthName(month)).toBe(intl.format(new Date(`${month}-01T00:00:00Z`)));
    }
    expect(formatMonthName("2026-13")).toBeNull();
  });
});

describe("day arithmetic, kept answers included", () => {
  it("adds days and names weekdays as the UTC calendar does, asked twice, past the memo's bound", () => {
    const start = Date.UTC(2025, 0, 1);
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 3 * 366; i++) {
        const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
        for (const n of [-30, -1, 0, 1, 7, 28]) {
          const expected = new Date(start + (i + n) * 86_400_000).toISOString().slice(0, 10);
          expect(addDays(day, n)).toBe(expected);
        }
        expect(isoWeekday(day)).toBe(new Date(start + i * 86_400_000).getUTCDay() || 7);
      }
  });
});
