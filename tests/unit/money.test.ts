import { formatAud } from "~/utils/money";
import { pageTitle } from "~/utils/meta";

describe("formatAud", () => {
  it("drops cents on whole dollars", () => {
    expect(formatAud(16900)).toBe("$169");
    expect(formatAud(0)).toBe("$0");
  });
  it("shows cents otherwise", () => {
    expect(formatAud(1250)).toBe("$12.50");
    expect(formatAud(99)).toBe("$0.99");
  });
  it("groups thousands", () => {
    expect(formatAud(123456)).toBe("$1,234.56");
    expect(formatAud(123456789)).toBe("$1,234,567.89");
  });
  it("puts the sign before the dollar sign, and never shows -$0", () => {
    expect(formatAud(-500)).toBe("-$5");
    expect(formatAud(-1250)).toBe("-$12.50");
    expect(formatAud(-0.4)).toBe("$0");
  });
  it("rounds to whole cents first", () => {
    expect(formatAud(1249.5)).toBe("$12.50");
    expect(formatAud(99.6)).toBe("$1");
  });
  it("matches Intl's en-AU AUD format over many amounts", () => {
    const whole = new Intl.NumberFormat("en-AU", {
      style: "currency",
      currency: "AUD",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const withCents = new Intl.NumberFormat("en-AU", {
      style: "currency",
      currency: "AUD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const intl = (cents: number) =>
      cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100);
    const amounts = [
      1, 5, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 1_000_000, 123_456_789,
      9_007_199_254_740_900,
    ];
    for (let seed = 7, i = 0; i < 2000; i++)
      amounts.push((seed = (seed * 48271) % 2147483647) % 10_000_000);
    for (const cents of amounts) {
      expect(formatAud(cents)).toBe(intl(cents));
      expect(formatAud(-cents)).toBe(intl(-cents));
    }
  });
});

describe("pageTitle", () => {
  it("puts the page before the brand and tagline", () => {
    expect(pageTitle("Add-ons")).toBe(
      "Add-ons | Paddock & Tide - Australian meat & wild-caught seafood, delivered",
    );
  });
});
