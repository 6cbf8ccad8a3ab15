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
  });
});

describe("pageTitle", () => {
  it("puts the page before the brand and tagline", () => {
    expect(pageTitle("Add-ons")).toBe("Add-ons | Paddock & Tide - Australian meat & wild-caught seafood, delivered");
  });
});
