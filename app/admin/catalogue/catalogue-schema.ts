// The catalogue's forms (issue 37): a product, a box's sizes, a curated box's contents for a month.
// One set of schemas for the server's checks and the page's messages; every message says what to type.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

export const CATALOGUE_MESSAGES = {
  name: "Enter a name of 2 to 120 characters.",
  description: "Keep the description under 2,000 characters.",
  price: "Enter a price in dollars and cents, like 12.50.",
  priceRange: "Enter a price from $0 to $9,999.99.",
  category: "Choose a category.",
  weight: "Keep the weight under 60 characters, like 2 x 250g.",
  maximum: "Enter a whole number of cuts from 1 to 99.",
  item: "Give each line an item of up to 120 characters and a quantity of up to 60.",
  month: "Choose this month or next month.",
  unchanged:
    "This box changed since you opened the page. Please look at it again and repeat your change.",
} as const;

/** "12", "12.5", "$12.50", "1,200" → cents; anything else fails. */
export const priceField = z
  .string({
    required_error: CATALOGUE_MESSAGES.price,
    invalid_type_error: CATALOGUE_MESSAGES.price,
  })
  .trim()
  .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
  .pipe(z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, CATALOGUE_MESSAGES.price))
  .transform((v) => {
    const [whole, cents = ""] = v.split(".");
    return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  })
  .pipe(
    z
      .number()
      .int()
      .min(0, CATALOGUE_MESSAGES.priceRange)
      .max(999_999, CATALOGUE_MESSAGES.priceRange),
  );

const checkbox = z
  .union([z.literal("on"), z.literal("1"), z.undefined(), z.null()])
  .transform((v) => v === "on" || v === "1");

export const ProductSchema = z.object({
  name: z
    .string({ required_error: CATALOGUE_MESSAGES.name })
    .trim()
    .min(2, CATALOGUE_MESSAGES.name)
    .max(120, CATALOGUE_MESSAGES.name),
  description: z
    .string()
    .trim()
    .max(2000, CATALOGUE_MESSAGES.description)
    .optional()
    .transform((v) => v ?? ""),
  price: priceField,
  categoryId: z
    .string({ required_error: CATALOGUE_MESSAGES.category })
    .regex(/^\d{1,9}$/, CATALOGUE_MESSAGES.category)
    .transform(Number),
  weight: z
    .string()
    .trim()
    .max(60, CATALOGUE_MESSAGES.weight)
    .optional()
    .transform((v) => (v ? v : null)),
  taxable: checkbox,
  active: checkbox,
});

export type ProductInput = z.output<typeof ProductSchema>;

/** The fields the product form sends back to itself when refused (never the file). */
export const PRODUCT_FIELDS = [
  "name",
  "description",
  "price",
  "categoryId",
  "weight",
  "taxable",
  "active",
] as const;

export const selectionMaximumField = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, CATALOGUE_MESSAGES.maximum)
  .transform(Number)
  .pipe(z.number().int().min(1, CATALOGUE_MESSAGES.maximum).max(99, CATALOGUE_MESSAGES.maximum));

export const ContentLineSchema = z.object({
  item: z.string().trim().min(1, CATALOGUE_MESSAGES.item).max(120, CATALOGUE_MESSAGES.item),
  quantity: z.string().trim().min(1, CATALOGUE_MESSAGES.item).max(60, CATALOGUE_MESSAGES.item),
});

/** The most lines a month's contents may have. */
export const MAX_CONTENT_LINES = 20;

/** The first message of a failed parse, for the page's alert. */
export const firstMessage = (error: z.ZodError) =>
  error.issues[0]?.message ?? "Please check the form.";

/** The image a product form may carry: none, or up to 2 MB (its kind is checked by the server). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TOO_BIG = "This image is larger than 2 MB. Please upload a smaller one.";
const imageFile = z
  .unknown()
  .refine(
    (v) =>
      !(typeof v === "object" && v !== null && "size" in v) || Number(v.size) <= IMAGE_MAX_BYTES,
    IMAGE_TOO_BIG,
  );

/** The product form as the browser and the action check it: the product's fields and the image's size. */
export const productFormValidator = withZod(ProductSchema.extend({ image: imageFile.optional() }));

/**
 * A box's sizes form: "price-<id>" and "max-<id>" for each size, so the keys are checked by their
 * pattern (the server then checks each size it has, with the size's name in the message).
 */
export const boxSizesValidator = withZod(
  z.record(z.unknown()).superRefine((values, ctx) => {
    for (const [key, value] of Object.entries(values)) {
      const field = /^price-\d{1,9}$/.test(key)
        ? priceField
        : /^max-\d{1,9}$/.test(key)
          ? selectionMaximumField
          : null;
      const parsed = field?.safeParse(value ?? "");
      if (parsed && !parsed.success)
        ctx.addIssue({ code: "custom", path: [key], message: firstMessage(parsed.error) });
    }
  }),
);

/** A month's contents form: each line with an item or a quantity needs both, within their lengths. */
export const contentsValidator = withZod(
  z.record(z.unknown()).superRefine((values, ctx) => {
    for (let n = 0; n < MAX_CONTENT_LINES; n++) {
      const item = String(values[`item-${n}`] ?? "").trim();
      const quantity = String(values[`quantity-${n}`] ?? "").trim();
      if (!item && !quantity) continue;
      const itemOk = ContentLineSchema.shape.item.safeParse(item).success;
      const quantityOk = ContentLineSchema.shape.quantity.safeParse(quantity).success;
      if (!itemOk || !quantityOk)
        ctx.addIssue({
          code: "custom",
          path: [itemOk ? `quantity-${n}` : `item-${n}`],
          message: CATALOGUE_MESSAGES.item,
        });
    }
  }),
);

/** What the product form sends back to itself after a refusal: its text fields, never the file. */
export const typedProductFields = (submitted: Record<string, unknown>) =>
  Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, submitted[f]]).filter(([, v]) => v != null));
