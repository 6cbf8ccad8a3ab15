// The refund form of /admin/orders/{reference}: one schema for the page (its limits) and the action.
// The form carries the idempotency key made when the page was rendered (one per page view) and the
// "refunded so far" the member of staff saw, so a second press, or a press on a page that is out of
// date, refunds nothing more.
import { z } from "zod";
import { parseDollars, type LineChoice } from "./refund-rules";

export const REASON_MAX = 500;
/** a line's quantity field is named "qty-{invoiceLineId}" */
export const LINE_FIELD_PREFIX = "qty-";

export const REFUND_FIELD_MESSAGES = {
  reason: "Give a reason for the refund (the customer sees it on the adjustment note).",
  scope: "Choose what to refund: the whole order, chosen lines or an amount.",
  method: "Choose where the refund goes: the card or account credit.",
  amount: "Enter an amount to refund, like 12.50.",
  quantity: "Enter how many of the line to refund, 0 or more.",
  lineField:
    "The lines of this form were not understood (a line given twice, or not as the page wrote it). Nothing was refunded: reload the order and try again.",
  stale: "This page is out of date. Reload the order and try again.",
  amountUnused: 'To refund this amount, choose "An amount"; otherwise clear it.',
  linesUnused: 'To refund these lines, choose "Chosen lines"; otherwise set them to 0.',
} as const;

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** A form's idempotency key, made when its page was rendered (refunds, credit on a customer's page). */
export const idempotencyKeySchema = (stale: string) =>
  z.preprocess(text, z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, stale));

export const refundSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema(REFUND_FIELD_MESSAGES.stale),
    seenRefundedCents: z.preprocess(
      text,
      z
        .string()
        .regex(/^\d{1,9}$/, REFUND_FIELD_MESSAGES.stale)
        .transform(Number),
    ),
    scope: z.preprocess(
      text,
      z.enum(["order", "lines", "amount"], { message: REFUND_FIELD_MESSAGES.scope }),
    ),
    method: z.preprocess(
      text,
      z.enum(["card", "credit"], { message: REFUND_FIELD_MESSAGES.method }),
    ),
    amount: z.preprocess(text, z.string().max(20)),
    reason: z.preprocess(
      text,
      z
        .string()
        .trim()
        .min(3, REFUND_FIELD_MESSAGES.reason)
        .max(REASON_MAX, REFUND_FIELD_MESSAGES.reason),
    ),
    lines: z.array(
      z.object({
        invoiceLineId: z.number().int().positive(),
        quantity: z.number().int().min(0).max(999),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.scope === "amount" && parseDollars(v.amount) === null)
      ctx.addIssue({ code: "custom", path: ["amount"], message: REFUND_FIELD_MESSAGES.amount });
    // what was typed must match what was chosen: an amount or lines left beside another choice
    // would refund something other than what the member of staff meant
    if (v.scope !== "amount" && v.amount.trim() !== "")
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: REFUND_FIELD_MESSAGES.amountUnused,
      });
    if (v.scope !== "lines" && v.lines.some((l) => l.quantity > 0))
      ctx.addIssue({ code: "custom", path: ["lines"], message: REFUND_FIELD_MESSAGES.linesUnused });
  });

export type RefundForm = z.infer<typeof refundSchema>;

export type RefundFieldErrors = Partial<
  Record<"reason" | "scope" | "method" | "amount" | "lines" | "form", string>
>;

/** What the form posted, as typed, to show again beside its errors. */
export type RefundValues = {
  scope: string;
  method: string;
  amount: string;
  reason: string;
  lines: Record<string, string>;
};

/** Reads the posted form into the schema's shape (lines from their "qty-{id}" fields). */
export function readRefundForm(formData: FormData): {
  parsed: z.SafeParseReturnType<unknown, RefundForm>;
  values: RefundValues;
} {
  const lines: LineChoice[] = [];
  const typed: Record<string, string> = {};
  let badQuantity = false;
  let badField = false;
  const seen = new Set<number>();
  for (const [name, value] of formData.entries()) {
    if (!name.startsWith(LINE_FIELD_PREFIX)) continue;
    // strictly as the page writes it: "qty-41" once. "qty-041" or a second "qty-41" would refund
    // line 41 twice over (issue 46 item 6)
    const suffix = name.slice(LINE_FIELD_PREFIX.length);
    const id = Number(suffix);
    if (
      typeof value !== "string" ||
      !Number.isSafeInteger(id) ||
      id <= 0 ||
      String(id) !== suffix ||
      seen.has(id)
    ) {
      badField = true;
      continue;
    }
    seen.add(id);
    typed[String(id)] = value.slice(0, 5);
    const v = value.trim() === "" ? "0" : value.trim();
    if (!/^\d{1,3}$/.test(v)) {
      badQuantity = true;
      continue;
    }
    lines.push({ invoiceLineId: id, quantity: Number(v) });
  }
  const raw = Object.fromEntries(
    ["idempotencyKey", "seenRefundedCents", "scope", "method", "amount", "reason"].map((k) => [
      k,
      formData.get(k),
    ]),
  );
  const values: RefundValues = {
    scope: text(raw.scope).slice(0, 10),
    method: text(raw.method).slice(0, 10),
    amount: text(raw.amount).slice(0, 20),
    reason: text(raw.reason).slice(0, REASON_MAX),
    lines: typed,
  };
  const parsed = refundSchema.safeParse({ ...raw, lines });
  if (badField)
    return {
      parsed: {
        success: false,
        error: new z.ZodError([
          { code: "custom", path: ["lines"], message: REFUND_FIELD_MESSAGES.lineField },
        ]),
      },
      values,
    };
  if (badQuantity && parsed.success)
    return {
      parsed: {
        success: false,
        error: new z.ZodError([
          { code: "custom", path: ["lines"], message: REFUND_FIELD_MESSAGES.quantity },
        ]),
      },
      values,
    };
  return { parsed, values };
}

/** The first message of each field, for the page. */
export function fieldErrorsOf(error: z.ZodError): RefundFieldErrors {
  const errors: RefundFieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    const field = (
      ["reason", "scope", "method", "amount", "lines"].includes(key) ? key : "form"
    ) as keyof RefundFieldErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}
