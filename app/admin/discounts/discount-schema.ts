// The discount code form (issue 37, decision 056): one zod schema, validated in the browser
// (remix-validated-form, loaded on first use) and again in the action.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { DISCOUNT_CODE_MAX } from "~/discounts/discount-rules";

export const DISCOUNT_MESSAGES = {
  code: `Enter a code of 3 to ${DISCOUNT_CODE_MAX} letters, digits or dashes, like WINTER10.`,
  description: "Describe the offer for the shopper in 3 to 200 characters.",
  kind: "Choose what the code gives.",
  percent: "Enter a whole percentage from 1 to 100.",
  amount: "Enter an amount in dollars from $0.01 to $1,000, like 15 or 12.50.",
  products: "Choose at least one product to give free.",
  appliesTo: "Choose first order only, or recurring.",
  deliveries: "Enter a whole number of deliveries from 2 to 104, or leave it empty.",
  date: "Enter a date as YYYY-MM-DD.",
  endBeforeStart: "The last day must be on or after the first day.",
  limit: "Enter a whole number from 1 to 1,000,000, or leave it empty.",
  perCustomerOverTotal: "The limit per customer cannot be more than the limit on total uses.",
  recurringChoice:
    "A choice of free product is for the first order only: tick one product to give it on every delivery, or choose first order only.",
} as const;

const text = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim();

/** Empty → null; otherwise a whole number in range. */
const optionalWhole = (min: number, max: number, message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(
      z
        .string()
        .regex(/^\d{1,7}$/, message)
        .transform(Number)
        .pipe(z.number().int().min(min, message).max(max, message))
        .nullable(),
    );

const optionalDay = z
  .string({ invalid_type_error: DISCOUNT_MESSAGES.date })
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, DISCOUNT_MESSAGES.date)
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, DISCOUNT_MESSAGES.date)
      .nullable(),
  );

/** A checkbox group: nothing, one value or several → a list of ids. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(
    z
      .array(z.string())
      .max(200, "Choose from the list.")
      .refine((ids) => ids.every((id) => /^\d{1,9}$/.test(id)), "Choose from the list.")
      .transform((ids) => ids.map(Number)),
  );

export const DiscountFormSchema = z
  .object({
    code: text(DISCOUNT_MESSAGES.code)
      .transform((v) => v.toUpperCase())
      .pipe(
        z
          .string()
          .min(3, DISCOUNT_MESSAGES.code)
          .max(DISCOUNT_CODE_MAX, DISCOUNT_MESSAGES.code)
          .regex(/^[A-Z0-9][A-Z0-9-]*$/, DISCOUNT_MESSAGES.code),
      ),
    description: text(DISCOUNT_MESSAGES.description)
      .min(3, DISCOUNT_MESSAGES.description)
      .max(200, DISCOUNT_MESSAGES.description),
    kind: z.enum(["percent", "amount", "free_item"], {
      errorMap: () => ({ message: DISCOUNT_MESSAGES.kind }),
    }),
    percent: z.string().trim().max(20).optional(),
    amount: z.string().trim().max(20).optional(),
    products: idList,
    appliesTo: z.enum(["first", "recurring"], {
      errorMap: () => ({ message: DISCOUNT_MESSAGES.appliesTo }),
    }),
    deliveries: optionalWhole(2, 104, DISCOUNT_MESSAGES.deliveries),
    startsOn: optionalDay,
    endsOn: optionalDay,
    maxUses: optionalWhole(1, 1_000_000, DISCOUNT_MESSAGES.limit),
    maxUsesPerCustomer: optionalWhole(1, 1_000_000, DISCOUNT_MESSAGES.limit),
    excludedRegions: idList,
    active: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && !/^\d{1,3}$/.test(v.percent ?? ""))
      ctx.addIssue({ code: "custom", path: ["percent"], message: DISCOUNT_MESSAGES.percent });
    else if (v.kind === "percent" && (Number(v.percent) < 1 || Number(v.percent) > 100))
      ctx.addIssue({ code: "custom", path: ["percent"], message: DISCOUNT_MESSAGES.percent });
    if (v.kind === "amount" && amountCents(v.amount) === null)
      ctx.addIssue({ code: "custom", path: ["amount"], message: DISCOUNT_MESSAGES.amount });
    if (v.kind === "free_item" && v.products.length === 0)
      ctx.addIssue({ code: "custom", path: ["products"], message: DISCOUNT_MESSAGES.products });
    // renewals have no checkout to choose at, so a choice would give nothing after the first order (decision 070)
    if (v.kind === "free_item" && new Set(v.products).size > 1 && v.appliesTo === "recurring")
      ctx.addIssue({
        code: "custom",
        path: ["appliesTo"],
        message: DISCOUNT_MESSAGES.recurringChoice,
      });
    if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: DISCOUNT_MESSAGES.endBeforeStart });
    if (v.maxUses !== null && v.maxUsesPerCustomer !== null && v.maxUsesPerCustomer > v.maxUses)
      ctx.addIssue({
        code: "custom",
        path: ["maxUsesPerCustomer"],
        message: DISCOUNT_MESSAGES.perCustomerOverTotal,
      });
  });

/** "15", "12.5", "$1,000.00" → cents from 1 to 100,000; anything else null. */
export function amountCents(value: string | undefined): number | null {
  const clean = (value ?? "").trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents >= 1 && cents <= 100_000 ? cents : null;
}

export type DiscountFormInput = z.output<typeof DiscountFormSchema>;

export const discountFormValidator = withZod(DiscountFormSchema);
