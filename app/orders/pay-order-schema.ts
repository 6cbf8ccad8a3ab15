// The pay-an-order form (SPEC §3 "Pay-an-order form", §5 "Pay an order"): one
// schema for the browser and the server, composed from the shared address,
// contact and card pieces. Whether a card is needed (credit may cover the whole
// total) is context the loader computes and the action recomputes.
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import {
  AddressSchema,
  Checkbox,
  ContactFields,
  blankToUndefined,
  refineWhen,
  type AddressInput,
} from "~/addresses/address-schema";
import { CardFieldsSchema, parseCardChoice, type CardChoice } from "~/payments/card-schema";
import { PAY_MESSAGES } from "./pay-order-messages";

export type PayOrderContext = { cardRequired: boolean };

const ContactSchema = z.object(ContactFields);

/** A field posted twice (a hidden input and the dialog's Continue button) counts once: the last value. */
const lastValue = (v: unknown) =>
  Array.isArray(v) ? v.filter((x) => typeof x === "string" && x !== "").at(-1) : v;

export function payOrderSchema(ctx: PayOrderContext) {
  // Every part is checked in the transform, so one submit reports the errors
  // of all sections at once, in the order the page shows them.
  return z
    .object({
      idempotencyKey: z.any(),
      firstName: z.any(),
      lastName: z.any(),
      phone: z.any(),
      sms: Checkbox,
      newsletter: Checkbox,
      billing: z.any(),
      paymentMethod: z.preprocess(lastValue, z.string().max(20).optional()).catch(undefined),
      card: CardFieldsSchema.optional().catch(undefined),
      addressConfirmed: z.preprocess(lastValue, z.string().max(100).optional()).catch(undefined),
      // what the card would be charged as the page showed it, in cents (decision 036)
      expectedTotalCents: z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ invalid_type_error: PAY_MESSAGES.expectedTotal })
          .int(PAY_MESSAGES.expectedTotal)
          .min(0, PAY_MESSAGES.expectedTotal)
          .max(100_000_000, PAY_MESSAGES.expectedTotal)
          .optional(),
      ),
    })
    .transform((v, zctx) => {
      const key =
        typeof v.idempotencyKey === "string" && /^[A-Za-z0-9_-]{16,100}$/.test(v.idempotencyKey)
          ? v.idempotencyKey
          : null;
      if (!key)
        zctx.addIssue({
          code: "custom",
          path: ["idempotencyKey"],
          message: PAY_MESSAGES.keyRequired,
        });
      const contact = refineWhen(
        zctx,
        true,
        ContactSchema,
        { firstName: v.firstName, lastName: v.lastName, phone: v.phone },
        [],
      );
      const billing = refineWhen(zctx, true, AddressSchema, v.billing, ["billing"]);
      // a card sent although credit covers the total is still checked (and kept in case the credit is gone by then)
      const wantsCard = ctx.cardRequired || Boolean(v.paymentMethod?.trim());
      const card: CardChoice = parseCardChoice(
        zctx,
        { paymentMethod: v.paymentMethod, card: v.card },
        wantsCard,
      );
      return {
        idempotencyKey: key ?? "",
        contact: {
          ...(contact as z.output<typeof ContactSchema>),
          sms: v.sms,
          newsletter: v.newsletter,
        },
        billing: billing as AddressInput,
        card,
        addressConfirmed: v.addressConfirmed ?? null,
        ...shownTotal(v.expectedTotalCents),
      };
    });
}

/** Optional in the output too: a caller that showed no total compares none. */
const shownTotal = (cents: number | undefined): { expectedTotalCents?: number } =>
  cents === undefined ? {} : { expectedTotalCents: cents };

export type PayOrderInput = z.output<ReturnType<typeof payOrderSchema>>;

const validators = new Map<boolean, Validator<PayOrderInput>>();

export function payOrderValidator(ctx: PayOrderContext): Validator<PayOrderInput> {
  let v = validators.get(ctx.cardRequired);
  if (!v) {
    v = withZod(payOrderSchema(ctx));
    validators.set(ctx.cardRequired, v);
  }
  return v;
}
