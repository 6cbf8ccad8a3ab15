// Wild salmon is never delivered to Tasmania (quarantine, SPEC §5). The one place this rule is written:
// what counts as salmon, which postcodes it may not go to, and what the shopper is told. Pure, so the
// browser, the server and the unit tests share it.
import { isTasmanianPostcode } from "~/delivery/postcode";

/** Whether any of these names (a product, a box, a box range) is salmon. */
export function isSalmon(...names: (string | null | undefined)[]): boolean {
  return names.some((name) => Boolean(name?.toLowerCase().includes("salmon")));
}

/** Whether wild salmon may not go to this postcode. */
export function barsSalmon(postcode: string | null | undefined): boolean {
  return isTasmanianPostcode(postcode);
}

/** Whether something of these names cannot be delivered to this postcode. */
export function salmonBarred(
  postcode: string | null | undefined,
  ...names: (string | null | undefined)[]
): boolean {
  return barsSalmon(postcode) && isSalmon(...names);
}

/** A product or box that cannot be chosen for a Tasmanian address. */
export const notInTasmania = (name: string) =>
  `${name} is not available in Tasmania due to quarantine restrictions on our wild salmon.`;
/** The same on a box's card, under its name. */
export const NOT_IN_TASMANIA =
  "Not available in Tasmania due to quarantine restrictions on our wild salmon.";
/** The start of a line about an order or a delivery that leaves it out. */
export const cantGoToTasmania = (name: string) => `${name} can't be delivered to Tasmania`;
/** A discount that gives salmon away (not as one choice among others) is removed for a Tasmanian address. */
export const TASMANIA_DISCOUNT =
  "This promotion is not applicable to Tasmania customers due quarantine restrictions with our wild salmon.";
/** Moving a box with salmon to a Tasmanian address. */
export const BOX_HAS_SALMON =
  "Your box has wild salmon, which is not available in Tasmania due to quarantine restrictions. Change your box first.";
