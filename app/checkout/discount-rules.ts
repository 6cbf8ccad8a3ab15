// Discount rules of SPEC §4-§5, pure so the browser, the server and the unit
// tests share them: when a choice is required, the Tasmanian salmon rule (app/box/tasmania.ts), and
// how much a discount takes off.
import { salmonBarred } from "~/box/tasmania";

export const CHOOSE_PRODUCT = "You must choose a product.";
/** The longest discount code (the field's maxLength and the checkout schema's limit). */
export const DISCOUNT_CODE_MAX = 40;
export const DISCOUNT_UNUSABLE = "This discount code is not valid or has expired.";

export type DiscountItem = {
  productId: number;
  name: string;
  priceCents: number;
  choice: boolean;
  itemOrder: number | null;
  minimum: number | null;
};

export type Discount = {
  code: string;
  description: string;
  kind: "percent" | "amount" | "free_item";
  value: number;
  usable: boolean;
  chooseItems: boolean;
  items: DiscountItem[];
};

/**
 * SPEC §5: a choice is required when the discount asks for chosen items and its
 * first item is a choice with order 1 (or none) and minimum 1 (or none).
 */
export function requiresChoice(d: Pick<Discount, "chooseItems" | "items">): boolean {
  if (!d.chooseItems) return false;
  const first = d.items[0];
  if (!first || !first.choice) return false;
  return (
    (first.itemOrder === 1 || first.itemOrder === null) &&
    (first.minimum === null || first.minimum === 1)
  );
}

/** The items a shopper may choose from. */
export function choiceItems(d: Pick<Discount, "items">): DiscountItem[] {
  return d.items.filter((i) => i.choice);
}

/** Tasmania: a discount whose items include salmon that is not a choice is removed (TASMANIA_DISCOUNT). */
export function blockedInTasmania(
  d: Pick<Discount, "items">,
  postcode: string | null | undefined,
): boolean {
  return d.items.some((i) => !i.choice && salmonBarred(postcode, i.name));
}

export type DiscountOutcome = {
  /** free products added to the order (price shown, then taken off) */
  freeItems: DiscountItem[];
  discountedCents: number;
};

/**
 * What the discount takes off a subtotal (box + add-ons). A free item's price is
 * added to the subtotal and taken off again, so the invoice shows both.
 */
export function applyDiscount(
  d: Discount,
  subtotalCents: number,
  chosenProductId: number | null,
): DiscountOutcome {
  if (d.kind === "percent")
    return {
      freeItems: [],
      discountedCents: Math.round((subtotalCents * Math.min(100, Math.max(0, d.value))) / 100),
    };
  if (d.kind === "amount")
    return { freeItems: [], discountedCents: Math.min(subtotalCents, Math.max(0, d.value)) };
  const free = d.chooseItems
    ? d.items.filter((i) => i.choice && i.productId === chosenProductId).slice(0, 1)
    : d.items.filter((i) => !i.choice);
  return { freeItems: free, discountedCents: free.reduce((s, i) => s + i.priceCents, 0) };
}
