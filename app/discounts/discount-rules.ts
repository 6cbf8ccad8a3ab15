// Discount rules of SPEC §4-§5, pure so the browser, the server and the unit
// tests share them: when a choice is required, the Tasmanian salmon rule (app/box/tasmania.ts), and
// how much a discount takes off.
import { salmonBarred, TASMANIA_DISCOUNT } from "~/box/tasmania";
import { addDays } from "~/utils/calendar-day";
import { sydneyDayOf, sydneyDayStart } from "~/utils/sydney-time.server";

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

/* ---------------------------------------------------------------------------------------------
 * The terms staff set on a code in the back office (issue 37, decision 056): dates, limits, first
 * order or N deliveries, excluded regions. Pure, so the unit tests hold every rule.
 * ------------------------------------------------------------------------------------------- */

export const DISCOUNT_USED_UP = "This discount code has been used as many times as it allows.";
export const DISCOUNT_CUSTOMER_LIMIT =
  "You have already used this discount code as many times as it allows.";
export const DISCOUNT_FIRST_ORDER =
  "This discount code is for a first order only, and this account has ordered before.";
export const discountRegionMessage = (region: string) =>
  `This discount code can't be used for deliveries to ${region}.`;

export type DiscountTerms = {
  id: number;
  /** the usable column: staff can pause a code */
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  recurring: boolean;
  /** with recurring: the deliveries covered, the first order counting as 1; null: every delivery */
  deliveries: number | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  usesCount: number;
  excludedRegions: { id: number; name: string }[];
};

export type FoundDiscount = Discount & { terms: DiscountTerms };

/** Inside its dates: from startsAt, up to and including endsAt (both instants; null is open). */
export function inDates(t: Pick<DiscountTerms, "startsAt" | "endsAt">, at: Date): boolean {
  const iso = at.toISOString();
  return (!t.startsAt || t.startsAt <= iso) && (!t.endsAt || t.endsAt >= iso);
}

export const usedUp = (t: Pick<DiscountTerms, "maxUses" | "usesCount">) =>
  t.maxUses !== null && t.usesCount >= t.maxUses;

/** What the checkout knows of the shopper: where the box goes and what they did before. */
export type CheckoutFacts = {
  at: Date;
  postcode: string | null;
  /** the delivery region of the postcode, when known */
  region: { id: number; name: string } | null;
  /** the account has ordered a box before (null: no account known yet) */
  orderedBefore: boolean | null;
  /** checkout uses of this code by the account so far */
  customerUses: number;
};

/**
 * Why a code cannot be used at this checkout, in the shopper's words, or null. The order of the
 * checks is the order of the messages' usefulness: a code that cannot work at all says so first.
 */
export function checkoutRefusal(d: FoundDiscount, f: CheckoutFacts): string | null {
  const t = d.terms;
  if (!t.active || !inDates(t, f.at)) return DISCOUNT_UNUSABLE;
  if (usedUp(t)) return DISCOUNT_USED_UP;
  const excluded = f.region && t.excludedRegions.find((r) => r.id === f.region!.id);
  if (excluded) return discountRegionMessage(excluded.name);
  if (blockedInTasmania(d, f.postcode)) return TASMANIA_DISCOUNT;
  if (!t.recurring && f.orderedBefore) return DISCOUNT_FIRST_ORDER;
  if (t.maxUsesPerCustomer !== null && f.customerUses >= t.maxUsesPerCustomer)
    return DISCOUNT_CUSTOMER_LIMIT;
  return null;
}

/**
 * A renewal keeps a recurring code while it is active and in its dates, the region is not
 * excluded and the deliveries it covers are not all used: with N deliveries, the first order and
 * the next N-1 renewals are discounted, and delivery N+1 is full price. `usesSoFar`: the orders
 * of this subscription that used the code (the first order included).
 */
export function renewalKeeps(
  d: FoundDiscount,
  f: { at: Date; postcode: string | null; regionId: number | null; usesSoFar: number },
): boolean {
  const t = d.terms;
  if (!t.recurring || !t.active || !inDates(t, f.at)) return false;
  if (f.regionId !== null && t.excludedRegions.some((r) => r.id === f.regionId)) return false;
  if (blockedInTasmania(d, f.postcode)) return false;
  return t.deliveries === null || f.usesSoFar < t.deliveries;
}

export type DiscountStatus = "Active" | "Paused" | "Scheduled" | "Ended" | "Used up";

export function discountStatus(
  t: Pick<DiscountTerms, "active" | "startsAt" | "endsAt" | "maxUses" | "usesCount">,
  at: Date,
): DiscountStatus {
  const iso = at.toISOString();
  if (!t.active) return "Paused";
  if (t.endsAt && t.endsAt < iso) return "Ended";
  if (usedUp(t)) return "Used up";
  if (t.startsAt && t.startsAt > iso) return "Scheduled";
  return "Active";
}

/* Sydney dates: staff pick whole days; a code runs from 00:00 of its first day to 23:59:59.999 of
 * its last, Sydney time (daylight saving included), kept as UTC instants like every timestamp. */

export { sydneyDayOf, sydneyDayStart };

/** Inclusive Sydney days as the instants the checkout compares: the end is the last millisecond of its day. */
export function datesToWindow(
  startDay: string | null,
  endDay: string | null,
): { startsAt: string | null; endsAt: string | null } {
  return {
    startsAt: startDay ? sydneyDayStart(startDay).toISOString() : null,
    endsAt: endDay
      ? new Date(sydneyDayStart(addDays(endDay, 1)).getTime() - 1).toISOString()
      : null,
  };
}
