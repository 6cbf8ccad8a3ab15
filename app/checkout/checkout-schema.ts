// The box checkout form (SPEC §3 checkout payload, §5 "Box checkout"): one
// schema for the browser and the server. What depends on the shopper (password
// needed, knife in the box, discount choice, card needed) comes in as the
// context the loader computed; the server recomputes it before validating.
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { NewPasswordFields, PASSWORD_MISMATCH_MESSAGE } from "~/accounts/auth-schema";
import { CHOOSE_DATE, CHOOSE_FREQUENCY, CHOOSE_TIME } from "~/box/schemas";
import { CardFieldsSchema, parseCardChoice, type CardChoice } from "~/payments/card-schema";
import {
  AddressSchema,
  Checkbox,
  ContactFields,
  blankToUndefined,
  optionalText,
  refineWhen,
  type AddressInput,
} from "~/addresses/address-schema";
import { CHOOSE_PRODUCT, DISCOUNT_CODE_MAX } from "~/discounts/discount-rules";
import { KNIFE_ADULT, KNIFE_DISCLAIMER } from "~/box/knife-check";
import type { CheckoutContext } from "./form-ids";

export type { CheckoutContext };
export { CHECKOUT_FORM_ID } from "./form-ids";

/** Buttons that post the form without placing the order: apply a discount, look up a new postcode, confirm or resend the e-mail code. */
export const SIDE_INTENTS = ["discount", "postcode", "email-code", "email-code-resend"] as const;

/** The fields the cross-field checks read; none of them can fail, so they are read even when another field is invalid. */
const CrossFields = z.object({
  password: z.unknown(),
  passwordConfirmation: z.unknown(),
  shipping: z.any(),
  billingSameAsShipping: Checkbox,
  billing: z.any(),
  choice: z
    .preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional())
    .catch(undefined),
  knifeAdult: Checkbox,
  knifeDisclaimer: Checkbox,
  paymentMethod: z.string().max(20).optional().catch(undefined),
  card: CardFieldsSchema.optional().catch(undefined),
});

/** Each field on its own; what depends on another field is checked after (crossFieldChecks). */
function checkoutFields(ctx: CheckoutContext) {
  return z.object({
    idempotencyKey: z.string().min(16).max(100),
    ...ContactFields,
    password: ctx.needsPassword ? NewPasswordFields.password : z.any().optional(),
    passwordConfirmation: ctx.needsPassword
      ? NewPasswordFields.passwordConfirmation
      : z.any().optional(),
    sms: Checkbox,
    newsletter: Checkbox,
    shipping: z.any(),
    billingSameAsShipping: Checkbox,
    billing: z.any(),
    deliveryNotes: optionalText(500),
    frequencyDays: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ required_error: CHOOSE_FREQUENCY, invalid_type_error: CHOOSE_FREQUENCY })
        .int(CHOOSE_FREQUENCY)
        .positive(CHOOSE_FREQUENCY)
        .max(365, CHOOSE_FREQUENCY),
    ),
    deliveryDate: z.preprocess(
      blankToUndefined,
      z.string({ required_error: CHOOSE_DATE }).regex(/^\d{4}-\d{2}-\d{2}$/, CHOOSE_DATE),
    ),
    deliveryWindow: z.preprocess(
      blankToUndefined,
      z.string({ required_error: CHOOSE_TIME }).regex(/^[a-z0-9_-]{1,32}$/, CHOOSE_TIME),
    ),
    discountCode: optionalText(DISCOUNT_CODE_MAX),
    choice: z
      .preprocess(
        blankToUndefined,
        z.coerce.number().int().positive().max(2_147_483_647).optional(),
      )
      .catch(undefined),
    knifeAdult: Checkbox,
    knifeDisclaimer: Checkbox,
    paymentMethod: z.string().max(20).optional(),
    card: CardFieldsSchema.optional(),
    addressConfirmed: z.string().max(300).optional(),
    overnightAccepted: Checkbox,
    // what the page showed (decision 036): the total in cents, and its quote to name why it moved
    expectedTotalCents: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(0).max(100_000_000).optional(),
    ),
    shownQuote: z.string().max(8000).optional(),
  });
}

type CheckoutFields = z.output<ReturnType<typeof checkoutFields>>;
type Checked = {
  shipping: z.output<typeof AddressSchema> | undefined;
  billing: z.output<typeof AddressSchema> | undefined;
  card: CardChoice;
};

export function checkoutSchema(ctx: CheckoutContext) {
  const fields = checkoutFields(ctx);
  // Every check runs on every submit: a missing name must not hide an invalid
  // address or card until the next round (a zod object with an invalid field
  // stops before its transform, so the object is parsed inside the transform).
  return z.any().transform((raw, ctxz) => {
    const base = fields.safeParse(raw ?? {});
    if (!base.success) for (const issue of base.error.issues) ctxz.addIssue(issue as z.IssueData);
    const checked = crossFieldChecks(
      ctxz,
      ctx,
      CrossFields.parse(raw && typeof raw === "object" ? raw : {}),
    );
    if (!base.success) return z.NEVER;
    return checkoutOutput(ctx, base.data, checked);
  });
}

/** The addresses, the password confirmation, the discount's choice, the knife check and the card. */
function crossFieldChecks(
  ctxz: z.RefinementCtx,
  ctx: CheckoutContext,
  c: z.output<typeof CrossFields>,
): Checked {
  const shipping = refineWhen(ctxz, true, AddressSchema, c.shipping, ["shipping"]);
  const billing = c.billingSameAsShipping
    ? shipping
    : refineWhen(ctxz, true, AddressSchema, c.billing, ["billing"]);
  if (ctx.needsPassword && c.passwordConfirmation && c.password !== c.passwordConfirmation) {
    ctxz.addIssue({
      code: "custom",
      path: ["passwordConfirmation"],
      message: PASSWORD_MISMATCH_MESSAGE,
    });
  }
  if (ctx.needsChoice && !c.choice)
    ctxz.addIssue({ code: "custom", path: ["choice"], message: CHOOSE_PRODUCT });
  if (ctx.hasKnife && !c.knifeAdult)
    ctxz.addIssue({ code: "custom", path: ["knifeAdult"], message: KNIFE_ADULT });
  if (ctx.hasKnife && !c.knifeDisclaimer)
    ctxz.addIssue({ code: "custom", path: ["knifeDisclaimer"], message: KNIFE_DISCLAIMER });
  const card: CardChoice = parseCardChoice(
    ctxz,
    { paymentMethod: c.paymentMethod, card: c.card },
    ctx.cardRequired,
  );
  return { shipping, billing, card };
}

/** The checkout as the server places it, from a valid form. */
function checkoutOutput(ctx: CheckoutContext, v: CheckoutFields, checked: Checked) {
  const { shipping, billing, card } = checked;
  return {
    idempotencyKey: v.idempotencyKey,
    contact: {
      firstName: v.firstName,
      lastName: v.lastName,
      phone: v.phone,
      sms: v.sms,
      newsletter: v.newsletter,
    },
    password: ctx.needsPassword ? (v.password as string) : null,
    shipping: shipping as AddressInput,
    billing: (billing ?? shipping) as AddressInput,
    billingSameAsShipping: v.billingSameAsShipping,
    deliveryNotes: v.deliveryNotes ?? null,
    frequencyDays: v.frequencyDays,
    deliveryDate: v.deliveryDate,
    deliveryWindow: v.deliveryWindow,
    discountCode: v.discountCode?.toUpperCase() ?? null,
    choiceId: v.choice ?? null,
    knifeConfirmed: v.knifeAdult && v.knifeDisclaimer,
    card,
    addressConfirmed: v.addressConfirmed ?? null,
    overnightAccepted: v.overnightAccepted,
    ...shown(v),
  };
}

/** Optional in the output too: a caller without a page (a test, a script) has shown nothing to compare. */
function shown(v: { expectedTotalCents?: number; shownQuote?: string }): {
  expectedTotalCents?: number;
  shownQuote?: string;
} {
  return { expectedTotalCents: v.expectedTotalCents, shownQuote: v.shownQuote };
}

export type CheckoutInput = z.output<ReturnType<typeof checkoutSchema>>;

function contextKey(ctx: CheckoutContext) {
  return `${+ctx.needsPassword}${+ctx.hasKnife}${+ctx.needsChoice}${+ctx.cardRequired}`;
}

const cache = new Map<string, Validator<CheckoutInput>>();

/** The form's validator; the side buttons (discount, postcode) post without placing, so they skip validation. */
export function checkoutValidator(ctx: CheckoutContext): Validator<CheckoutInput> {
  const key = contextKey(ctx);
  let v = cache.get(key);
  if (!v) {
    const inner = withZod(checkoutSchema(ctx));
    v = {
      validate: async (data) => {
        const intent = data instanceof FormData ? data.get("intent") : null;
        if ((SIDE_INTENTS as readonly unknown[]).includes(intent)) {
          return {
            data: {} as CheckoutInput,
            error: undefined,
            submittedData: {},
            formId: undefined,
          };
        }
        return inner.validate(data);
      },
      validateField: async (data, field) =>
        inner.validateField ? inner.validateField(data, field) : {},
    };
    cache.set(key, v);
  }
  return v;
}
