// Which submitted values must never be stored, logged or sent back to the
// browser. Zod-free, so route modules can import it without pulling in schemas.
/** Form keys that hold card data: never logged, stored or sent back to the browser. */
export const CARD_SECRET_KEYS = [
  "card.number",
  "card.cvc",
  "card[number]",
  "card[cvc]",
  "number",
  "cvc",
] as const;

/** Removes card numbers and CVCs (flat or nested) from submitted data before it is re-rendered. */
export function scrubCardData<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (
      (CARD_SECRET_KEYS as readonly string[]).includes(k) ||
      k === "password" ||
      k === "passwordConfirmation" ||
      k === "csrf"
    )
      continue;
    if (k === "card" && v && typeof v === "object") {
      const { number: _n, cvc: _c, ...rest } = v as Record<string, unknown>;
      out[k] = rest;
      continue;
    }
    out[k] = v;
  }
  return out as T;
}
