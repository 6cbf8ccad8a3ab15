// The catalogue's forms (issue 37): a product, a box's sizes, a curated box's contents for a month.
// One set of schemas for the server's checks and the page's messages; every message says what to type.
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
