// Form schemas of the gift-card pages (SPEC §5 "Personalise", "Gift card
// billing", "Activation code"), run in the browser (loaded lazily, see
// ./form-validators) and again in the actions. Address, card and e-mail rules
// are the shared pieces of box checkout and the account forms.
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { EMAIL_MESSAGE, EmailSchema } from "~/accounts/auth-schema";
import {
  AddressSchema,
  MESSAGES,
  optionalText,
  refineWhen,
  requiredText,
  type AddressInput,
} from "~/addresses/address-schema";
import { CardFieldsSchema, parseCardChoice, type CardChoice } from "~/payments/card-schema";
import { ACTIVATION_MESSAGES, MESSAGE_MAX, checkDeliveryDate } from "./rules";

export const PERSONALISE_MESSAGES = {
  firstName: MESSAGES.firstName,
  email: EMAIL_MESSAGE,
  bonusMessage: "A message for the bonus card is required",
} as const;

export type PersonaliseContext = {
  /** today in Sydney, yyyy-MM-dd (from the server, so the browser's clock does not matter) */
  today: string;
  /** whether the chosen amount earns a bonus card */
  bonusAvailable: boolean;
};

/** The personalise form as posted (and as kept in the personalizeGiftCardValues cookie). */
export const PERSONALISE_FIELDS = [
  "senderFirstName",
  "senderEmail",
  "receiverFirstName",
  "receiverEmail",
  "receiverMessage",
  "deliveryAt",
  "isAnotherReceiver",
  "bonusReceiverFirstName",
  "bonusReceiverEmail",
  "bonusReceiverMessage",
  "bonusDeliveryAt",
] as const;
export type PersonaliseValues = Partial<Record<(typeof PERSONALISE_FIELDS)[number], string>>;

// No field of the form is longer than a message; anything longer is refused before the finer checks
// (the values are kept in a cookie until checkout).
const loose = z.preprocess(
  (v) => (typeof v === "string" ? v : undefined),
  z.string().max(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`).optional(),
);

const PeopleSchema = z.object({
  senderFirstName: requiredText(PERSONALISE_MESSAGES.firstName, 60),
  senderEmail: EmailSchema,
  receiverFirstName: requiredText(PERSONALISE_MESSAGES.firstName, 60),
  receiverEmail: EmailSchema,
  receiverMessage: optionalText(MESSAGE_MAX),
});

const BonusReceiverSchema = z.object({
  bonusReceiverFirstName: requiredText(PERSONALISE_MESSAGES.firstName, 60),
  bonusReceiverEmail: EmailSchema,
  bonusReceiverMessage: requiredText(PERSONALISE_MESSAGES.bonusMessage, MESSAGE_MAX),
});

export function personaliseSchema(ctx: PersonaliseContext) {
  // Every field is checked in the transform, so all errors show at once.
  return z
    .object(
      Object.fromEntries(PERSONALISE_FIELDS.map((f) => [f, loose])) as Record<
        (typeof PERSONALISE_FIELDS)[number],
        typeof loose
      >,
    )
    .transform((v, zc) => {
      const people = refineWhen(zc, true, PeopleSchema, v, []);
      const date = checkDeliveryDate(v.deliveryAt, ctx.today);
      if (!date.ok) zc.addIssue({ code: "custom", path: ["deliveryAt"], message: date.message });
      const another =
        ctx.bonusAvailable && (v.isAnotherReceiver === "true" || v.isAnotherReceiver === "on");
      const bonus = refineWhen(zc, another, BonusReceiverSchema, v, []);
      const bonusDay = another ? checkDeliveryDate(v.bonusDeliveryAt, ctx.today) : null;
      if (bonusDay && !bonusDay.ok)
        zc.addIssue({ code: "custom", path: ["bonusDeliveryAt"], message: bonusDay.message });
      if (!people || !date.ok) return z.NEVER;
      return {
        sender: { firstName: people.senderFirstName, email: people.senderEmail },
        receiver: {
          firstName: people.receiverFirstName,
          email: people.receiverEmail,
          message: people.receiverMessage ?? null,
        },
        deliverOn: date.day,
        bonusReceiver:
          bonus && bonusDay?.ok
            ? {
                firstName: bonus.bonusReceiverFirstName,
                email: bonus.bonusReceiverEmail,
                message: bonus.bonusReceiverMessage,
                deliverOn: bonusDay.day,
              }
            : null,
      };
    });
}

export type PersonaliseInput = z.output<ReturnType<typeof personaliseSchema>>;

const personaliseCache = new Map<string, Validator<PersonaliseInput>>();
export function personaliseValidator(ctx: PersonaliseContext): Validator<PersonaliseInput> {
  const key = `${ctx.today}:${+ctx.bonusAvailable}`;
  let v = personaliseCache.get(key);
  if (!v) personaliseCache.set(key, (v = withZod(personaliseSchema(ctx))));
  return v;
}

export type GiftCheckoutContext = {
  /** a visitor gives the e-mail the receipt goes to (and the account the order is kept on) */
  needsEmail: boolean;
};

export function giftCheckoutSchema(ctx: GiftCheckoutContext) {
  return z
    .object({
      idempotencyKey: z.string().min(16).max(100),
      // checked in the transform, so every field's error shows at once
      email: z.any().optional(),
      billing: z.any(),
      paymentMethod: z.string().max(20).optional(),
      card: CardFieldsSchema.optional(),
      // the page's signed quote: what it showed is what is bought (decision 036)
      quote: z.string().max(6000).optional(),
    })
    .transform((v, zc) => {
      const email = refineWhen(zc, ctx.needsEmail, EmailSchema, v.email ?? "", ["email"]);
      const billing = refineWhen(zc, true, AddressSchema, v.billing, ["billing"]);
      const card: CardChoice = parseCardChoice(
        zc,
        { paymentMethod: v.paymentMethod, card: v.card },
        true,
      );
      return {
        idempotencyKey: v.idempotencyKey,
        email: ctx.needsEmail ? (email as string) : null,
        billing: billing as AddressInput,
        card,
        ...signedQuote(v.quote),
      };
    });
}

/** Optional in the output too: a purchase made without a page (a test) has no quote. */
const signedQuote = (quote: string | undefined): { quote?: string } =>
  quote === undefined ? {} : { quote };

export type GiftCheckoutInput = z.output<ReturnType<typeof giftCheckoutSchema>>;

const checkoutCache = new Map<string, Validator<GiftCheckoutInput>>();
export function giftCheckoutValidator(ctx: GiftCheckoutContext): Validator<GiftCheckoutInput> {
  const key = String(+ctx.needsEmail);
  let v = checkoutCache.get(key);
  if (!v) checkoutCache.set(key, (v = withZod(giftCheckoutSchema(ctx))));
  return v;
}

export const ActivateSchema = z.object({
  code: requiredText(ACTIVATION_MESSAGES.required, 64),
});

export const activateValidator = withZod(ActivateSchema);
