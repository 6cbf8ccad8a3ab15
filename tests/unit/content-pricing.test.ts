import { pricingTiers, spendComparison } from "~/content/pricing";
import type { Box } from "~/content/types";

const size = (
  s: "small" | "large",
  priceCents: number,
  people: string,
  weight: string,
  selectionMaximum: number | null = null,
) => ({
  size: s,
  priceCents,
  people,
  weight,
  selectionMaximum,
});
const box = (slug: string, kind: Box["kind"], sizes: Box["sizes"]): Box => ({
  slug,
  name: slug,
  fullName: `${slug} box`,
  kind,
  description: "",
  image: "",
  fromPriceCents: Math.min(...sizes.map((x) => x.priceCents)),
  sizes,
  contents: [],
});

// The seed's boxes (SPEC §9).
const BOXES = [
  box("custom", "custom", [
    size("small", 16900, "2-3 people", "up to 6kg", 8),
    size("large", 27900, "4-5 people", "up to 11kg", 16),
  ]),
  box("beef", "curated", [
    size("small", 16900, "1-2 people", "up to 5kg"),
    size("large", 22900, "3-4 people", "up to 9kg"),
  ]),
  box("value", "curated", [
    size("small", 14900, "1-2 people", "up to 5kg"),
    size("large", 20900, "3-4 people", "up to 9kg"),
  ]),
];

describe("why-us spend comparison", () => {
  it("compares the spec's supermarket spend for 1 to 4 people with the box that fits", () => {
    const rows = spendComparison(BOXES);
    expect(rows.map((r) => [r.people, r.weeklyCents, r.monthlyCents])).toEqual([
      [1, 4000, 17300],
      [2, 5300, 22900],
      [3, 5700, 24700],
      [4, 7500, 32500],
    ]);
    expect(rows.map((r) => [r.boxLabel, r.boxCents, r.savingCents])).toEqual([
      ["Curated small box", 14900, 2400],
      ["Custom small box", 16900, 6000],
      ["Curated large box", 20900, 3800],
      ["Custom large box", 27900, 4600],
    ]);
    expect(rows[1].boxDetail).toBe("2-3 people, up to 6kg");
  });

  it("leaves out a household when no box of the right kind exists", () => {
    const rows = spendComparison(BOXES.filter((b) => b.kind === "custom"));
    expect(rows.map((r) => r.people)).toEqual([2, 4]);
  });
});

describe("pricing tiers", () => {
  it("gives the lowest price of each kind and size", () => {
    expect(pricingTiers(BOXES).map((t) => [t.label, t.fromCents, t.selections])).toEqual([
      ["Custom small", 16900, 8],
      ["Custom large", 27900, 16],
      ["Curated small", 14900, null],
      ["Curated large", 20900, null],
    ]);
  });
});
