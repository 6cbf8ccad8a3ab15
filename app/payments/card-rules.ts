// Pure card rules shared by the client (masks, instant checks) and the server.
// No zod here: the card fields import this module up front.

/** The paymentMethod value of "Use a new card". */
export const NEW_CARD = "new";

export function digitsOnly(value: string) {
  return value.replace(/\D/g, "");
}

/** Luhn checksum, which every real card number passes. */
export function luhnValid(number: string) {
  const digits = digitsOnly(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(d)) return "Mastercard";
  if (/^3[47]/.test(d)) return "American Express";
  return "Card";
}

/**
 * The expiry mask of SPEC §4: a first digit 2-9 gets a leading 0, and a slash
 * follows the two month digits. "4" -> "04/", "1225" -> "12/25".
 */
export function maskExpiry(input: string): string {
  let d = digitsOnly(input);
  if (d.length > 0 && /[2-9]/.test(d[0])) d = `0${d}`;
  d = d.slice(0, 4);
  if (d.length >= 2) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return d;
}

/** Parses MM/YY; null when malformed, an impossible month, or already past. */
export function parseExpiry(
  value: string,
  now = new Date(),
): { month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (endOfMonth <= now) return null;
  return { month, year };
}
