// Postcode rules shared by the browser and the server (SPEC §5 Get-started).
import { TASMANIA_POSTCODE_PREFIX } from "~/config";

/** 3 or 4 digits, as a person types them ("800" or "0800"). */
export const POSTCODE_PATTERN = /^\d{3,4}$/;
export const POSTCODE_INVALID = "Post code invalid";
export const POSTCODE_UNDELIVERABLE =
  "I'm sorry, it doesn't look like we can deliver to your postcode yet.";

export type NormalisedPostcode = {
  /** four digits as printed on an envelope: "0800" */
  display: string;
  /** the look-up key without leading zeros: "800" (suburbs.postcode_key) */
  key: string;
  /** the key as a number, for the regions' integer ranges */
  number: number;
};

/** Trims spaces; answers null unless the input is 3 or 4 digits. A leading 0 is dropped for the look-up. */
export function normalisePostcode(input: string | null | undefined): NormalisedPostcode | null {
  const value = (input ?? "").replace(/\s+/g, "");
  if (!POSTCODE_PATTERN.test(value)) return null;
  const display = value.padStart(4, "0");
  const key = display.replace(/^0+/, "") || "0";
  return { display, key, number: Number(key) };
}

/** Tasmanian postcodes start with 7 (printed form): no salmon is shipped there. */
export function isTasmanianPostcode(postcode: string | null | undefined): boolean {
  const n = normalisePostcode(postcode);
  return Boolean(n && n.display.startsWith(TASMANIA_POSTCODE_PREFIX));
}
