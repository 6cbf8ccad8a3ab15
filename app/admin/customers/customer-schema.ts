// The customer page's forms (issue 36): acting for the customer. Skip, pause, resume and cancel use
// the subscriber's own schemas (app/subscriptions/subscriber-schema.ts); staff must give a reason to
// cancel; credit is added or removed with a reason. Zod-free messages live here for the page too.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { idempotencyKeySchema } from "~/admin/refunds/refund-schema";
import {
  CancelSchema,
  PauseSchema,
  ResumeSchema,
  SkipSchema,
  firstIssue,
} from "~/subscriptions/subscriber-schema";

export { PauseSchema, ResumeSchema, SkipSchema, firstIssue };

export const CARE_MESSAGES = {
  cancelReason: "Choose the customer's reason for cancelling.",
  amount: "Enter an amount in dollars, like 12.50.",
  amountRange: "Enter an amount from $0.01 to $1,000.",
  direction: "Choose whether to add or remove credit.",
  reason: "Say why, in 3 to 200 characters.",
  quantity: "Enter a whole number from 0 to 99.",
  stale: "This page is out of date. Reload the customer's page and try again.",
} as const;

/** Staff cancel for the customer with their reason (the subscriber's list), a note optional. */
export const StaffCancelSchema = CancelSchema.superRefine((v, ctx) => {
  if (!v.reason)
    ctx.addIssue({ code: "custom", path: ["reason"], message: CARE_MESSAGES.cancelReason });
});

/** "12", "12.5", "$12.50" → 1250 cents; anything else fails. */
const dollars = z
  .string({ required_error: CARE_MESSAGES.amount, invalid_type_error: CARE_MESSAGES.amount })
  .trim()
  .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, CARE_MESSAGES.amount))
  .transform((v) => Math.round(Number(v) * 100))
  .pipe(z.number().int().min(1, CARE_MESSAGES.amountRange).max(100_000, CARE_MESSAGES.amountRange));

export const CreditSchema = z.object({
  direction: z.enum(["add", "remove"], { errorMap: () => ({ message: CARE_MESSAGES.direction }) }),
  amount: dollars,
  reason: z
    .string({ required_error: CARE_MESSAGES.reason })
    .trim()
    .min(3, CARE_MESSAGES.reason)
    .max(200, CARE_MESSAGES.reason),
  /** made when the page was rendered: a repeated post adds (or removes) once (last: the fields' own messages come first) */
  key: idempotencyKeySchema(CARE_MESSAGES.stale),
});

export type CreditInput = z.output<typeof CreditSchema>;

/** The next box: one whole quantity per cut (`cut-{id}`) and add-on (`addon-{id}`). */
export function boxOf(
  form: FormData,
): { items: Record<number, number>; addons: Record<number, number> } | null {
  const box = { items: {} as Record<number, number>, addons: {} as Record<number, number> };
  for (const [name, value] of form) {
    const m = /^(cut|addon)-(\d{1,9})$/.exec(name);
    if (!m) continue;
    const raw = String(value).trim();
    const n = raw === "" ? 0 : Number(raw);
    if (!/^\d{0,2}$/.test(raw) || !Number.isInteger(n) || n < 0 || n > 99) return null;
    (m[1] === "cut" ? box.items : box.addons)[Number(m[2])] = n;
  }
  return box;
}

/** The next box's form: each quantity a whole number from 0 to 99 (boxOf reads it on the server). */
export const BoxFormSchema = z.record(z.unknown()).superRefine((values, ctx) => {
  for (const [name, value] of Object.entries(values))
    if (/^(cut|addon)-\d{1,9}$/.test(name) && !/^\d{0,2}$/.test(String(value ?? "").trim()))
      ctx.addIssue({ code: "custom", path: [name], message: CARE_MESSAGES.quantity });
});

/** The validated forms of the customer page, by intent (the buttons-only forms have none). */
export const careValidators = {
  pause: withZod(PauseSchema),
  cancel: withZod(StaffCancelSchema),
  box: withZod(BoxFormSchema),
  credit: withZod(CreditSchema),
};

/**
 * The form an answer belongs to: the credit form, a subscription's pause, cancel or box form, the
 * subscription's card for its buttons (skip, unskip, resume), or the page.
 */
export function careFormId(intent: string, subscriptionId: number | null): string {
  if (intent === "credit") return "credit";
  if (!subscriptionId) return "customer";
  if (intent === "pause" || intent === "cancel" || intent === "box")
    return `${intent}-${subscriptionId}`;
  return `sub-${subscriptionId}`;
}
