// The failed-payments page's two buttons (retry now, send the pay link again): their schema and status messages.
import { z } from "zod";

/** The page's buttons all answer to this form id: their refusal shows above the table. */
export const PAYMENTS_FORM_ID = "payments";

export const PaymentActionSchema = z.object({
  intent: z.enum(["retry", "pay_link"], {
    errorMap: () => ({ message: "That action is not available." }),
  }),
  deliveryId: z.coerce
    .number({ invalid_type_error: "Choose a payment." })
    .int("Choose a payment.")
    .positive("Choose a payment.")
    .max(2_147_483_647, "Choose a payment."),
});

const DONE: Record<string, (ref: string) => string> = {
  paid: (ref) => `Order ${ref} was charged and is paid. The customer was e-mailed a receipt.`,
  declined: (ref) =>
    `The card was declined again for order ${ref}. It stays awaiting payment; you can send the pay link again.`,
  sent: (ref) => `The pay link for order ${ref} was e-mailed to the customer again.`,
};

export function paymentDoneMessage(kind: string | null, reference: string | null): string | null {
  const say = kind ? DONE[kind] : undefined;
  if (!say || !reference || !/^[A-Z0-9-]{1,40}$/.test(reference)) return null;
  return say(reference);
}
