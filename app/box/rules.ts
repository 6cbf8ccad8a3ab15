// Pure box rules shared by the server and the browser: frequency labels,
// listing rules for cuts and add-ons (SPEC §5), and the selection counter.
import { LIMITS } from "~/config";
import { salmonBarred } from "./tasmania";
import { onFirstUse } from "~/utils/first-use";

/* ---- Delivery frequency (SPEC §3, §9: days labelled as days/7 weeks) ---- */

export function frequencyWeeks(days: number): number {
  return days / 7;
}

/** 7 → "Every week", 28 → "Every 4 weeks". */
export function frequencyLabel(days: number): string {
  const weeks = frequencyWeeks(days);
  return weeks === 1 ? "Every week" : `Every ${weeks} weeks`;
}

/** 28 days when offered, else the first frequency offered. */
export function defaultFrequency(days: number[]): number | null {
  if (days.includes(LIMITS.defaultFrequencyDays)) return LIMITS.defaultFrequencyDays;
  return days[0] ?? null;
}

/* ---- Listing rules ---- */

export type ListedProduct = {
  id: number;
  name: string;
  inventory: number | null;
  categoryId: number;
  categoryName: string;
  categorySort: number;
};

/** inventory null means unlimited; 0 or less is out of stock and hidden. */
export function isInStock(inventory: number | null): boolean {
  return inventory === null || inventory > 0;
}

/** Whether a product may be listed (and chosen) for a draft with this postcode. */
export function isListable(
  product: { name: string; inventory: number | null },
  postcode: string | null | undefined,
): boolean {
  if (!isInStock(product.inventory)) return false;
  if (salmonBarred(postcode, product.name)) return false;
  return true;
}

export type CategoryGroup<P> = { id: number; name: string; products: P[] };

const byName = onFirstUse(() => new Intl.Collator("en-AU", { sensitivity: "base", numeric: true }));

/** Listable products grouped by category (in category order), sorted by name within each. Empty categories are dropped. */
export function groupListing<P extends ListedProduct>(
  products: P[],
  postcode: string | null | undefined,
): CategoryGroup<P>[] {
  const groups = new Map<number, CategoryGroup<P> & { sort: number }>();
  for (const p of products) {
    if (!isListable(p, postcode)) continue;
    let g = groups.get(p.categoryId);
    if (!g) {
      g = { id: p.categoryId, name: p.categoryName, products: [], sort: p.categorySort };
      groups.set(p.categoryId, g);
    }
    g.products.push(p);
  }
  return [...groups.values()]
    .sort((a, b) => a.sort - b.sort || byName().compare(a.name, b.name))
    .map(({ sort: _sort, ...g }) => ({
      ...g,
      products: [...g.products].sort((a, b) => byName().compare(a.name, b.name)),
    }));
}

/* ---- Custom box selection ---- */

/** Most of one add-on a single order can hold (stock permitting). */
export const ADDON_MAX_QUANTITY = 10;

export type SelectionStatus = {
  count: number;
  maximum: number;
  remaining: number;
  complete: boolean;
  over: boolean;
};

/** A custom box is valid with exactly `maximum` selections: every selection is one pack of a cut. */
export function selectionStatus(count: number, maximum: number): SelectionStatus {
  return {
    count,
    maximum,
    remaining: Math.max(0, maximum - count),
    complete: count === maximum,
    over: count > maximum,
  };
}

export function selectionCountLabel(count: number, maximum: number): string {
  return `${count} of ${maximum}`;
}

/* ---- Stepper buttons ---- */

/** "add:12" → { intent: "add", productId: 12 } */
export function parseStep(
  value: FormDataEntryValue | null | undefined,
): { intent: "add" | "remove"; productId: number } | null {
  const m = typeof value === "string" ? /^(add|remove):(\d{1,9})$/.exec(value) : null;
  return m ? { intent: m[1] as "add" | "remove", productId: Number(m[2]) } : null;
}
