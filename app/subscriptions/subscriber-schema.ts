// The subscriber's forms' schemas: my-deliveries (skip, pause, cancel…) and the sections of
// "Change what comes next". Every form also carries `intent`. The pages load the validators
// lazily (./subscriber-form-validators), so zod stays out of their up-front JavaScript.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { CANCEL_REASONS } from "./cancel-reasons";
import { MAX_PAUSE_DAYS } from "./subscriber-schedule";

export { CANCEL_REASONS };

export const SUBSCRIBER_MESSAGES = {
  subscription: "That subscription could not be found.",
  deliveryDate: "Choose a delivery.",
  resumeOn: "Choose the date your deliveries start again.",
  resumeOnPast: "Choose a date after today.",
  resumeOnFar: `Choose a date within ${Math.round(MAX_PAUSE_DAYS / 30)} months.`,
  reason: "Keep your reason under 500 characters.",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = z.coerce
  .number({ invalid_type_error: SUBSCRIBER_MESSAGES.subscription })
  .int(SUBSCRIBER_MESSAGES.subscription)
  .positive(SUBSCRIBER_MESSAGES.subscription)
  .max(2_147_483_647, SUBSCRIBER_MESSAGES.subscription);
const day = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .regex(DAY, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

export const SkipSchema = z.object({
  subscriptionId: id,
  deliveryDate: day(SUBSCRIBER_MESSAGES.deliveryDate),
});

export const PauseSchema = z.object({
  subscriptionId: id,
  resumeOn: day(SUBSCRIBER_MESSAGES.resumeOn),
});

export const ResumeSchema = z.object({ subscriptionId: id });

export const CancelSchema = z.object({
  subscriptionId: id,
  reason: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(CANCEL_REASONS.map((r) => r.value) as [string, ...string[]], {
        errorMap: () => ({ message: "Choose a reason from the list." }),
      })
      .optional(),
  ),
  comment: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(500, SUBSCRIBER_MESSAGES.reason).optional(),
  ),
});

export type SkipInput = z.output<typeof SkipSchema>;
export type PauseInput = z.output<typeof PauseSchema>;
export type CancelInput = z.output<typeof CancelSchema>;

/** The first message of a failed parse, for the page's alert. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check your choice.";
}

/**
 * The one-choice sections of "Change what comes next". Their choices come from the server, which
 * checks each one (changeFrequency, changeDeliveryDay, …) and answers a refusal under the field;
 * the browser has nothing to add, so these only carry the value.
 */
export const FrequencyChangeSchema = z.object({ frequencyDays: z.string().optional() });
export const DayChangeSchema = z.object({ deliveryDate: z.string().optional() });
export const WindowChangeSchema = z.object({ window: z.string().optional() });
export const AddressChangeSchema = z.object({ addressId: z.string().optional() });

export const subscriberValidators = {
  pause: withZod(PauseSchema),
  cancel: withZod(CancelSchema),
  frequency: withZod(FrequencyChangeSchema),
  day: withZod(DayChangeSchema),
  window: withZod(WindowChangeSchema),
  address: withZod(AddressChangeSchema),
};
