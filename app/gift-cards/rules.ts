// Pure gift-card rules shared by the pages (browser) and the services: amounts
// and bonus (SPEC §4 "Gift amount entry", §9), codes, dates and expiry. No zod
// here: the give page imports this module up front.
import { GIFT_CARD } from "~/config";
import { addDays, formatCalendarDay } from "~/utils/calendar-day";

export const PRESETS_CENTS: readonly number[] = GIFT_CARD.presetsCents;
export const DEFAULT_CENTS = GIFT_CARD.defaultCents;
export const MINIMUM_CENTS = GIFT_CARD.minimumCents;
/** The most one card can hold (keeps a typo from becoming a $50,000 charge). */
export const MAXIMUM_CENTS = 100_000;
/** Australian law: a gift card is valid for at least 3 years from the day it is bought. */
export const EXPIRY_YEARS = 3;
/** Delivery can be scheduled up to a year ahead. */
export const MAX_SCHEDULE_DAYS = 365;
export const MESSAGE_MAX = 300;

export const AMOUNT_MESSAGES = {
  required: "Enter an amount",
  invalid: "Enter an amount in dollars, like 75 or 75.50",
  maximum: `The most one gift card can hold is $${MAXIMUM_CENTS / 100}`,
} as const;

export const ACTIVATION_MESSAGES = {
  required: "Enter your activation code",
  success: "Your card has been successfully activated.",
  failed: "Sorry, this gift card does not exist or has already been claimed.",
  signInFirst: "You must be logged in to claim your gift card.",
} as const;

export const EMAIL_TAKEN = "The email has already been taken.";

/** The gift-card checkout form's id (kept out of ./schemas so the page does not load zod up front). */
export const GIFT_CHECKOUT_FORM_ID = "gift-checkout";

/**
 * The amount field's key filter: digits and one decimal point with at most
 * two decimals ("12.345" → "12.34", "1a2.3.4" → "12.34").
 */
export function filterAmountInput(raw: string): string {
  let out = "";
  let dot = -1;
  for (const ch of raw) {
    if (ch >= "0" && ch <= "9") {
      if (dot >= 0 && out.length - dot > 2) continue;
      out += ch;
    } else if (ch === "." && dot < 0) {
      dot = out.length;
      out += ch;
    }
  }
  return out;
}

/** Dollars as typed ("75", "75.5", "$1,000.00") to cents; null when it is not an amount. */
export function parseDollars(raw: string): number | null {
  const value = raw.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/** SPEC §4: a custom amount of $10 or less becomes $10; the value is a rounded integer of cents. */
export function normaliseCustomCents(cents: number): number {
  const rounded = Math.round(cents);
  return rounded <= MINIMUM_CENTS ? MINIMUM_CENTS : rounded;
}

/** The preset equal to `cents`, if any (a custom amount equal to a preset selects it). */
export function presetFor(cents: number): number | null {
  return PRESETS_CENTS.includes(cents) ? cents : null;
}

/** Cents as the amount field shows them: "75", "75.50". */
export function centsToInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A chosen amount (preset or custom) → cents, or the message for the amount field. */
export function resolveAmount(
  choice: string,
  custom: string,
): { cents: number } | { error: string } {
  if (choice && choice !== "custom") {
    const cents = Number(choice);
    if (Number.isInteger(cents) && PRESETS_CENTS.includes(cents)) return { cents };
  }
  if (!custom.trim()) return { error: AMOUNT_MESSAGES.required };
  const parsed = parseDollars(custom);
  if (parsed === null) return { error: AMOUNT_MESSAGES.invalid };
  const cents = normaliseCustomCents(parsed);
  if (cents > MAXIMUM_CENTS) return { error: AMOUNT_MESSAGES.maximum };
  return { cents };
}

export function isValidAmount(cents: number): boolean {
  return Number.isInteger(cents) && cents >= MINIMUM_CENTS && cents <= MAXIMUM_CENTS;
}

export type BonusSettings = { bonusPercent: number; minimumCents: number };

/** SPEC §9: the bonus in dollars is amount in cents / 100 × bonus% / 100. */
export function bonusDollars(amountCents: number, bonusPercent: number): number {
  return ((amountCents / 100) * bonusPercent) / 100;
}

/** The bonus card's value in cents, or 0 when the promotion does not apply to this amount. */
export function bonusCents(amountCents: number, settings: BonusSettings | null): number {
  if (!settings || settings.bonusPercent <= 0 || amountCents < settings.minimumCents) return 0;
  return Math.round(bonusDollars(amountCents, settings.bonusPercent) * 100);
}

// ---- Codes -----------------------------------------------------------------

/** 32 symbols, no 0/O or 1/I: 16 of them carry 80 bits. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CODE_LENGTH = 16;

/** Upper-cased, without spaces, dashes or dots: the form a code is stored and looked up in. */
export function normaliseCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s\-_.]/g, "");
}

export function isWellFormedCode(normalised: string): boolean {
  if (normalised.length !== CODE_LENGTH) return false;
  for (const ch of normalised) if (!CODE_ALPHABET.includes(ch)) return false;
  return true;
}

/** "ABCDEFGHJKLMNPQR" → "ABCD-EFGH-JKLM-NPQR" (groups of four). */
export function formatCode(code: string): string {
  const n = normaliseCode(code);
  return n.match(/.{1,4}/g)?.join("-") ?? n;
}

// ---- Dates (Sydney calendar days) -------------------------------------------

// Today in Sydney is the server's (the pages pass it to the browser, whose clock may be wrong).
export { sydneyToday } from "~/utils/sydney-time.server";

/** "dd/MM/yyyy" → "yyyy-MM-dd", or null when it is not a real date. */
export function parseDisplayDate(raw: string): string | null {
  const m = raw.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return date.toISOString().slice(0, 10);
}

/** "yyyy-MM-dd" → "dd/MM/yyyy". */
export function toDisplayDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** The last day a card bought on `purchaseDay` is valid: the same calendar day 3 years on. */
export function expiryDay(purchaseDay: string, years = EXPIRY_YEARS): string {
  const [y, m, d] = purchaseDay.split("-").map(Number);
  const date = new Date(Date.UTC(y + years, m - 1, d));
  // 29 February → 1 March three years on: never shorter than 3 years
  return date.toISOString().slice(0, 10);
}

/** "1 December 2029" for a yyyy-MM-dd day. */
export function formatDay(day: string): string {
  return formatCalendarDay(day, { month: "long", year: true }) ?? day;
}

export type DateCheck = { ok: true; day: string } | { ok: false; message: string };

export const DATE_MESSAGES = {
  required: "Delivery date is required",
  format: "Enter the date as dd/mm/yyyy",
  past: "The delivery date can't be before today",
  tooFar: `The delivery date must be within the next ${MAX_SCHEDULE_DAYS} days`,
} as const;

/** SPEC §5: the delivery date is required, dd/MM/yyyy, not before today in Sydney. */
export function checkDeliveryDate(raw: string | undefined | null, today: string): DateCheck {
  if (!raw || !raw.trim()) return { ok: false, message: DATE_MESSAGES.required };
  const day = parseDisplayDate(raw);
  if (!day) return { ok: false, message: DATE_MESSAGES.format };
  if (day < today) return { ok: false, message: DATE_MESSAGES.past };
  if (day > addDays(today, MAX_SCHEDULE_DAYS)) return { ok: false, message: DATE_MESSAGES.tooFar };
  return { ok: true, day };
}

/** What the success page and receipt say about arrival (SPEC §4 "Gift purchase"). */
export function arrivalNote(deliverOn: string, today: string): string {
  return deliverOn <= today
    ? "It will arrive by e-mail within 5 minutes."
    : `It will arrive by e-mail on ${formatDay(deliverOn)}, within 15 minutes of the start of the day (Sydney time).`;
}
