// The numbers' pure parts (issue 37): recurring revenue normalised to 4 weeks, Sydney weeks (Monday
// to Sunday, across the daylight-saving changes), churn and recovery, the CSV cells, and the
// server-drawn chart's SVG.
import { renderToStaticMarkup } from "react-dom/server";
import { BarChart, niceStep } from "~/admin/components/bar-chart";
import { toCsv } from "~/admin/numbers/csv";
import {
  churnRate,
  dollars,
  formatRate,
  isFigure,
  lastWeeks,
  mondayOf,
  perFourWeeks,
  recoveryRate,
  recurringRows,
  thisWeek,
  weekIndexOf,
  weekOf,
} from "~/admin/numbers/figures";

describe("recurring revenue per 4 weeks", () => {
  it("counts a weekly box 4 times, fortnightly twice, every 4 weeks once, every 8 weeks half", () => {
    expect(perFourWeeks(12_400, 7)).toBe(49_600);
    expect(perFourWeeks(15_000, 14)).toBe(30_000);
    expect(perFourWeeks(10_000, 28)).toBe(10_000);
    expect(perFourWeeks(15_000, 56)).toBe(7_500);
  });
  it("rounds to the cent, and gives nothing for a subscription without a frequency", () => {
    expect(perFourWeeks(1_001, 56)).toBe(501);
    expect(perFourWeeks(1_000, 21)).toBe(1_333);
    expect(perFourWeeks(1_000, 0)).toBe(0);
    expect(perFourWeeks(1_000, Number.NaN)).toBe(0);
  });
  it("writes the table with the factor and a total", () => {
    expect(
      recurringRows({
        rows: [
          {
            frequencyDays: 7,
            subscriptions: 2,
            perDeliveryCents: 20_000,
            perFourWeeksCents: 80_000,
          },
          { frequencyDays: 56, subscriptions: 1, perDeliveryCents: 999, perFourWeeksCents: 500 },
        ],
        totalCents: 80_500,
      }).slice(1),
    ).toEqual([
      [7, 4, 2, "200.00", "800.00"],
      [56, 0.5, 1, "9.99", "5.00"],
      ["Total", "", 3, "", "805.00"],
    ]);
  });
});

describe("Sydney weeks, Monday to Sunday", () => {
  it("finds the Monday of any day", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23"); // Monday
    expect(mondayOf("2026-11-27")).toBe("2026-11-23"); // Friday
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(mondayOf("2027-01-01")).toBe("2026-12-28"); // across a year
  });
  it("bounds a week by Sydney midnights: AEST (+10) in winter, AEDT (+11) in summer", () => {
    expect(weekOf("2026-06-15")).toEqual({
      monday: "2026-06-15",
      sunday: "2026-06-21",
      from: "2026-06-14T14:00:00.000Z",
      to: "2026-06-21T14:00:00.000Z",
    });
    expect(weekOf("2026-11-23").from).toBe("2026-11-22T13:00:00.000Z");
  });
  it("has 167 hours in the week daylight saving starts and 169 in the week it ends", () => {
    const hours = (w: { from: string; to: string }) =>
      (Date.parse(w.to) - Date.parse(w.from)) / 3_600_000;
    expect(hours(weekOf("2026-09-28"))).toBe(167); // starts Sunday 4 October 2026
    expect(hours(weekOf("2027-03-29"))).toBe(169); // ends Sunday 4 April 2027
    expect(hours(weekOf("2026-11-23"))).toBe(168);
  });
  it("puts Monday 1 am in Sydney in the new week though it is still Sunday in UTC", () => {
    const now = new Date("2026-11-22T14:00:00.000Z"); // Mon 23 Nov, 1 am AEDT
    expect(thisWeek(now).monday).toBe("2026-11-23");
    expect(thisWeek(new Date("2026-11-22T12:59:59.000Z")).monday).toBe("2026-11-16");
  });
  it("lists the last weeks oldest first, with or without the current one, back to back", () => {
    const now = new Date("2026-11-27T01:00:00.000Z"); // Fri 27 Nov, noon AEDT
    const withCurrent = lastWeeks(now, 12, true);
    expect(withCurrent).toHaveLength(12);
    expect(withCurrent[0].monday).toBe("2026-09-07");
    expect(withCurrent[11].monday).toBe("2026-11-23");
    for (let i = 1; i < 12; i++) expect(withCurrent[i].from).toBe(withCurrent[i - 1].to);
    const whole = lastWeeks(now, 4, false);
    expect(whole.map((w) => w.monday)).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
    ]);
  });
  it("buckets an instant into its week, the edges included", () => {
    const weeks = lastWeeks(new Date("2026-11-27T01:00:00.000Z"), 3, true);
    expect(weekIndexOf(weeks, weeks[0].from)).toBe(0);
    expect(weekIndexOf(weeks, "2026-11-22T12:59:59.999Z")).toBe(1); // Sun 22 Nov 11:59 pm AEDT
    expect(weekIndexOf(weeks, "2026-11-22T13:00:00.000Z")).toBe(2);
    expect(weekIndexOf(weeks, weeks[2].to)).toBe(-1);
    expect(weekIndexOf(weeks, "2026-11-08T12:59:59.999Z")).toBe(-1);
  });
});

describe("rates", () => {
  it("churn is cancelled in the window over active at its start", () => {
    expect(churnRate(3, 12)).toBe(0.25);
    expect(churnRate(0, 12)).toBe(0);
    expect(churnRate(2, 0)).toBeNull();
  });
  it("recovery is paid later over those settled, paid or not", () => {
    expect(recoveryRate(2, 1)).toBeCloseTo(2 / 3);
    expect(recoveryRate(0, 0)).toBeNull();
  });
  it("reads as a percentage with one decimal when it needs one", () => {
    expect(formatRate(0.25)).toBe("25%");
    expect(formatRate(2 / 3)).toBe("66.7%");
    expect(formatRate(3 / 13)).toBe("23.1%");
    expect(formatRate(null)).toBe("n/a");
  });
});

describe("the CSV", () => {
  it("writes dollars with cents, negatives too", () => {
    expect(dollars(123_456)).toBe("1234.56");
    expect(dollars(5)).toBe("0.05");
    expect(dollars(-2_000)).toBe("-20.00");
    expect(dollars(0)).toBe("0.00");
  });
  it("keeps numbers as numbers and neutralises text like the manifest", () => {
    expect(
      toCsv([
        ["Reason", "Amount"],
        ["=HYPERLINK(1)", "-20.00"],
        ["-cmd", -3],
        ['Say "hi", then', "0.5"],
        ["@me", "12"],
      ]),
    ).toBe(
      [
        "Reason,Amount",
        "'=HYPERLINK(1),-20.00",
        "'-cmd,-3",
        '"Say ""hi"", then",0.5',
        "'@me,12",
        "",
      ].join("\r\n"),
    );
  });
  it("knows its figures' names and no other", () => {
    expect(isFigure("revenue-per-week")).toBe(true);
    expect(isFigure("revenue-per-week.csv")).toBe(false);
    expect(isFigure("__proto__")).toBe(false);
    expect(isFigure(undefined)).toBe(false);
  });
});

describe("the bar chart", () => {
  it("chooses round axis steps", () => {
    expect(niceStep(10)).toBe(5);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(2_200_000)).toBe(1_000_000);
    expect(niceStep(0)).toBe(1);
    // counts step by whole boxes, money by whole dollars at least
    expect(niceStep(1)).toBe(1);
    expect(niceStep(0, 100)).toBe(100);
    expect(niceStep(150, 100)).toBe(100);
  });
  it("draws one bar per value as SVG hidden from screen readers, tallest for the largest", () => {
    const html = renderToStaticMarkup(
      <BarChart
        bars={[
          { label: "Mon 1", value: 2 },
          { label: "Tue 2", value: 8 },
          { label: "Wed 3", value: 0 },
        ]}
      />,
    );
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"/);
    const heights = [...html.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(3);
    expect(heights[1]).toBeGreaterThan(heights[0]);
    expect(heights[2]).toBe(0);
    expect(html).toContain(">Tue 2</text>");
    expect(html).not.toContain("<script");
  });
  it("draws a negative week below the axis in the warning colour", () => {
    const html = renderToStaticMarkup(
      <BarChart
        bars={[
          { label: "a", value: 500 },
          { label: "b", value: -200 },
        ]}
      />,
    );
    expect(html).toContain("bar-chart__bar--negative");
  });
});
