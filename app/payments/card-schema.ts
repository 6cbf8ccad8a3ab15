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
  const savedId = choice && choice !== NEW_CARD ? Number(choice) : null;
  if (!choice || (savedId !== null && !isRowId(savedId))) {
    ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: CARD_MESSAGES.paymentMethod });
    return { kind: "none" };
  }
  if (savedId !== null) return { kind: "saved", paymentMethodId: savedId };
  return parseNewCard(ctx, input.card ?? {});
}

const isRowId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** A new card's number, expiry and CVC, each field's first problem under it. */
function parseNewCard(ctx: z.RefinementCtx, card: z.infer<typeof CardFieldsSchema>): CardChoice {
  const number = digitsOnly(card.number ?? "");
  const expiration = (card.expiration ?? "").trim();
  // without JS nothing masks the field: "1230", "12/30" and "12 / 30" all mean December 2030
  const expiry = expiration ? parseExpiry(maskExpiry(expiration)) : null;
  const cvc = (card.cvc ?? "").trim();
  const problems = {
    number: numberProblem(card.number ?? "", number),
    expiration: expiryProblem(expiration, expiry),
    cvc: cvcProblem(cvc),
  };
  for (const [field, message] of Object.entries(problems))
    if (message) ctx.addIssue({ code: "custom", path: ["card", field], message });
  if (problems.number || problems.expiration || problems.cvc || !expiry) return { kind: "none" };
  return { kind: "new", card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } };
}

function numberProblem(typed: string, digits: string): string | null {
  // Spaces and dashes are how people group the digits; anything else is a typo that stripping
  // would turn into a different, possibly valid, number ("424242424242424a" is 15 digits).
  if (/[^\d\s-]/.test(typed)) return CARD_MESSAGES.numberInvalid;
  if (!digits) return CARD_MESSAGES.numberRequired;
  if (digits.length > LIMITS.cardNumberDigits) return CARD_MESSAGES.numberLength;
  if (digits.length < 12) return CARD_MESSAGES.numberInvalid;
  return null;
}

function expiryProblem(typed: string, expiry: unknown): string | null {
  if (!typed) return CARD_MESSAGES.expirationRequired;
  return expiry ? null : CARD_MESSAGES.expirationInvalid;
}

function cvcProblem(cvc: string): string | null {
  if (!cvc) return CARD_MESSAGES.cvcRequired;
  if (!new RegExp(`^\\d{${LIMITS.cvcMin},${LIMITS.cvcMax}}$`).test(cvc))
    return CARD_MESSAGES.cvcInvalid;
  return null;
}

export { CARD_SECRET_KEYS, scrubCardData } from "./card-secrets";
