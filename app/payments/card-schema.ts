// The card part of every payment form: a saved card (paymentMethod = its id)
// or a new card (paymentMethod = "new" with number, MM/YY expiry and CVC).
// Shared by box checkout, pay an order and gift-card checkout.
import { z } from "zod";
import { LIMITS } from "~/config";
import { NEW_CARD, digitsOnly, maskExpiry, parseExpiry } from "./card-rules";

export { NEW_CARD };

export const CARD_MESSAGES = {
  paymentMethod: "Choose a saved card or use a new card",
  numberRequired: "Card number is required",
  numberLength: `Card number must be at most ${LIMITS.cardNumberDigits} digits`,
  numberInvalid: "Your card number is invalid.",
  expirationRequired: "Expiry date is required",
  expirationInvalid: "Expiry date must be a valid MM/YY date that has not passed",
  cvcRequired: "CVC is required",
  cvcInvalid: `CVC must be ${LIMITS.cvcMin} or ${LIMITS.cvcMax} digits`,
} as const;

/** Card fields as posted; they are checked only when a new card is used. */
export const CardFieldsSchema = z.object({
  // room for spaces or dashes between the digits; longer is refused with the field's own message
  number: z.string().max(40, CARD_MESSAGES.numberLength).optional(),
  expiration: z.string().max(10, CARD_MESSAGES.expirationInvalid).optional(),
  cvc: z.string().max(10, CARD_MESSAGES.cvcInvalid).optional(),
});

export type NewCard = { number: string; expMonth: number; expYear: number; cvc: string };
export type CardChoice =
  { kind: "saved"; paymentMethodId: number } | { kind: "new"; card: NewCard } | { kind: "none" };

/** Checks the card part of a payment form. `required` is false when credit covers the whole total. */
export function parseCardChoice(
  ctx: z.RefinementCtx,
  input: { paymentMethod?: string; card?: z.infer<typeof CardFieldsSchema> },
  required = true,
): CardChoice {
  if (!required) return { kind: "none" };
  const choice = input.paymentMethod?.trim();
  if (!choice) {
    ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: CARD_MESSAGES.paymentMethod });
    return { kind: "none" };
  }
  if (choice !== NEW_CARD) {
    const id = Number(choice);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentMethod"],
        message: CARD_MESSAGES.paymentMethod,
      });
      return { kind: "none" };
    }
    return { kind: "saved", paymentMethodId: id };
  }
  const card = input.card ?? {};
  const number = digitsOnly(card.number ?? "");
  let ok = true;
  // Spaces and dashes are how people group the digits; anything else is a typo that stripping
  // would turn into a different, possibly valid, number ("424242424242424a" is 15 digits).
  if (/[^\d\s-]/.test(card.number ?? "")) {
    ctx.addIssue({
      code: "custom",
      path: ["card", "number"],
      message: CARD_MESSAGES.numberInvalid,
    });
    ok = false;
  } else if (!number) {
    ctx.addIssue({
      code: "custom",
      path: ["card", "number"],
      message: CARD_MESSAGES.numberRequired,
    });
    ok = false;
  } else if (number.length > LIMITS.cardNumberDigits) {
    ctx.addIssue({ code: "custom", path: ["card", "number"], message: CARD_MESSAGES.numberLength });
    ok = false;
  } else if (number.length < 12) {
    ctx.addIssue({
      code: "custom",
      path: ["card", "number"],
      message: CARD_MESSAGES.numberInvalid,
    });
    ok = false;
  }
  const expiration = (card.expiration ?? "").trim();
  // without JS nothing masks the field: "1230", "12/30" and "12 / 30" all mean December 2030
  const expiry = expiration ? parseExpiry(maskExpiry(expiration)) : null;
  if (!expiration) {
    ctx.addIssue({
      code: "custom",
      path: ["card", "expiration"],
      message: CARD_MESSAGES.expirationRequired,
    });
    ok = false;
  } else if (!expiry) {
    ctx.addIssue({
      code: "custom",
      path: ["card", "expiration"],
      message: CARD_MESSAGES.expirationInvalid,
    });
    ok = false;
  }
  const cvc = (card.cvc ?? "").trim();
  if (!cvc) {
    ctx.addIssue({ code: "custom", path: ["card", "cvc"], message: CARD_MESSAGES.cvcRequired });
    ok = false;
  } else if (!new RegExp(`^\\d{${LIMITS.cvcMin},${LIMITS.cvcMax}}$`).test(cvc)) {
    ctx.addIssue({ code: "custom", path: ["card", "cvc"], message: CARD_MESSAGES.cvcInvalid });
    ok = false;
  }
  if (!ok || !expiry) return { kind: "none" };
  return { kind: "new", card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } };
}

export { CARD_SECRET_KEYS, scrubCardData } from "./card-secrets";
