// The gift-card page's forms: resend, and cancel with a refund (carrying the press's idempotency key).
import { z } from "zod";

export const giftCardActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend") }),
  z.object({
    intent: z.literal("cancel"),
    key: z
      .string({ required_error: "This form is out of date. Please reload the page." })
      .regex(/^[A-Za-z0-9-]{16,64}$/, "This form is out of date. Please reload the page."),
  }),
]);

export type GiftCardAction = z.infer<typeof giftCardActionSchema>;
