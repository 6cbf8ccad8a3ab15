// The stock page's adjustment form (issue 37), one per product: a reason, the change in units and a
// note; the form carries the key made when the page was shown, so a second press adjusts nothing.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

export const STOCK_REASONS = ["received", "stocktake", "damaged", "other"] as const;
export type StockReasonValue = (typeof STOCK_REASONS)[number];

export const REASON_LABELS: Record<StockReasonValue, string> = {
  received: "Received a delivery",
  stocktake: "Stocktake correction",
  damaged: "Damaged or spoiled",
  other: "Other (say why in the note)",
};

export const STOCK_MESSAGES = {
  key: "This form is out of date. Please reload the page.",
  product: "This product is not on the list any more. Please reload the page.",
  reason: "Choose a reason.",
  change: "Enter a whole number of units, like 12 to add or -3 to remove (not 0).",
  received: "A delivery received adds stock: enter a positive number.",
  damaged: "Damaged or spoiled stock is removed: enter a negative number, like -2.",
  note: "Say why in the note (3 to 200 characters).",
  noteLength: "Keep the note to 200 characters.",
} as const;

export const StockAdjustSchema = z
  .object({
    productId: z
      .string({ required_error: STOCK_MESSAGES.product })
      .regex(/^\d{1,9}$/, STOCK_MESSAGES.product)
      .transform(Number),
    key: z
      .string({ required_error: STOCK_MESSAGES.key })
      .regex(/^[A-Za-z0-9-]{16,64}$/, STOCK_MESSAGES.key),
    reason: z.enum(STOCK_REASONS, { errorMap: () => ({ message: STOCK_MESSAGES.reason }) }),
    change: z
      .string({ required_error: STOCK_MESSAGES.change })
      .trim()
      .regex(/^[+-]?\d{1,6}$/, STOCK_MESSAGES.change)
      .transform(Number)
      .refine((n) => n !== 0, STOCK_MESSAGES.change),
    note: z
      .string()
      .trim()
      .max(200, STOCK_MESSAGES.noteLength)
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "received" && v.change < 0)
      ctx.addIssue({ code: "custom", path: ["change"], message: STOCK_MESSAGES.received });
    if (v.reason === "damaged" && v.change > 0)
      ctx.addIssue({ code: "custom", path: ["change"], message: STOCK_MESSAGES.damaged });
    if (v.reason === "other" && (!v.note || v.note.length < 3))
      ctx.addIssue({ code: "custom", path: ["note"], message: STOCK_MESSAGES.note });
  });

export type StockAdjustInput = z.infer<typeof StockAdjustSchema>;

export const stockAdjustValidator = withZod(StockAdjustSchema);
