// Why us (SPEC §9): what a household of 1 to 4 spends on meat at the
// supermarket each month, against the box that feeds that household.
import { SUPERMARKET_SPEND } from "~/config";
import type { Box } from "./types";

export type SpendRow = {
  people: number;
  weeklyCents: number;
  monthlyCents: number;
  boxLabel: string;
  boxDetail: string;
  boxCents: number;
  /** positive: the box costs less than the supermarket each month */
  savingCents: number;
};

type Pick_ = { kind: Box["kind"]; size: "small" | "large" };
/** Households of 1..4 people and the box size that suits them (by the boxes' "people" ranges). */
const FIT: Record<number, Pick_> = {
  1: { kind: "curated", size: "small" },
  2: { kind: "custom", size: "small" },
  3: { kind: "curated", size: "large" },
  4: { kind: "custom", size: "large" },
};

function cheapest(boxes: Box[], { kind, size }: Pick_) {
  let best: { box: Box; priceCents: number; people: string | null; weight: string | null } | null =
    null;
  for (const box of boxes) {
    if (box.kind !== kind) continue;
    for (const s of box.sizes) {
      if (s.size === size && (!best || s.priceCents < best.priceCents))
        best = { box, priceCents: s.priceCents, people: s.people, weight: s.weight };
    }
  }
  return best;
}

export function spendComparison(boxes: Box[]): SpendRow[] {
  return SUPERMARKET_SPEND.flatMap((row) => {
    const fit = FIT[row.people];
    const match = fit ? cheapest(boxes, fit) : null;
    if (!fit || !match) return [];
    const kindLabel = fit.kind === "custom" ? "Custom" : "Curated";
    return [
      {
        people: row.people,
        weeklyCents: row.weeklyCents,
        monthlyCents: row.monthlyCents,
        boxLabel: `${kindLabel} ${fit.size} box`,
        boxDetail: [match.people, match.weight].filter(Boolean).join(", "),
        boxCents: match.priceCents,
        savingCents: row.monthlyCents - match.priceCents,
      },
    ];
  });
}

export type PricingTier = {
  kind: Box["kind"];
  size: "small" | "large";
  label: string;
  fromCents: number;
  people: string | null;
  weight: string | null;
  selections: number | null;
};

/** Custom and curated, small and large: the lowest price of each and what it feeds (SPEC §9 box prices). */
export function pricingTiers(boxes: Box[]): PricingTier[] {
  const tiers: PricingTier[] = [];
  for (const kind of ["custom", "curated"] as const) {
    for (const size of ["small", "large"] as const) {
      const match = cheapest(boxes, { kind, size });
      if (!match) continue;
      const sizeRow = match.box.sizes.find((s) => s.size === size);
      tiers.push({
        kind,
        size,
        label: `${kind === "custom" ? "Custom" : "Curated"} ${size}`,
        fromCents: match.priceCents,
        people: match.people,
        weight: match.weight,
        selections: sizeRow?.selectionMaximum ?? null,
      });
    }
  }
  return tiers;
}
