// The my-deliveries action and confirmation, kept out of the route module:
// parse the posted intent, run the owner-scoped change through the renewal
// engine's service (./changes.server.ts), and describe a finished change (by
// its reference) for the confirmation panel.
import { formatDeliveryDate } from "~/accounts/format";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  cancel,
  pause,
  resume,
  skipDelivery,
  unskipDelivery,
} from "./changes.server";
import { CANCEL_REASONS } from "./cancel-reasons";
import { findChange } from "./subscriber-actions.server";
import {
  CancelSchema,
  PauseSchema,
  ResumeSchema,
  SkipSchema,
  firstIssue,
} from "./subscriber-schema";

export type ChangeOutcome =
  | { kind: "done"; reference: string }
  | { kind: "refused"; refusal: { message: string; subscriptionId: number; intent: string } }
  | { kind: "not_found" };

export async function runChange(
  user: { userId: number; email: string },
  formData: FormData,
  origin: string,
): Promise<ChangeOutcome> {
  const intent = String(formData.get("intent") ?? "");
  const values = Object.fromEntries(formData);
  const subscriptionId = Number(values.subscriptionId) || 0;
  const refuse = (message: string): ChangeOutcome => ({
    kind: "refused",
    refusal: { message, subscriptionId, intent },
  });
  const opts = { origin, actor: { kind: "subscriber" as const, email: user.email } };
  const { userId } = user;
  try {
    switch (intent) {
      case "skip":
      case "unskip": {
        const parsed = SkipSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const run = intent === "skip" ? skipDelivery : unskipDelivery;
        return { kind: "done", reference: (await run({ userId, ...parsed.data }, opts)).reference };
      }
      case "pause": {
        const parsed = PauseSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        return {
          kind: "done",
          reference: (
            await pause(
              { userId, subscriptionId: parsed.data.subscriptionId, until: parsed.data.resumeOn },
              opts,
            )
          ).reference,
        };
      }
      case "resume": {
        const parsed = ResumeSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        return {
          kind: "done",
          reference: (await resume({ userId, subscriptionId: parsed.data.subscriptionId }, opts))
            .reference,
        };
      }
      case "cancel": {
        const parsed = CancelSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const label = CANCEL_REASONS.find((r) => r.value === parsed.data.reason)?.label;
        const reason = [label, parsed.data.comment].filter(Boolean).join(": ") || undefined;
        return {
          kind: "done",
          reference: (
            await cancel({ userId, subscriptionId: parsed.data.subscriptionId, reason }, opts)
          ).reference,
        };
      }
      default:
        return refuse("That change is not available.");
    }
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) return { kind: "not_found" };
    if (error instanceof ChangeRefusedError) return refuse(error.message);
    throw error;
  }
}

const TITLES: Record<string, string> = {
  skipped: "Delivery skipped",
  unskipped: "Delivery back on",
  paused: "Deliveries paused",
  resumed: "Deliveries resumed",
  cancelled: "Subscription cancelled",
  box_changed: "Box changed",
  frequency_changed: "Frequency changed",
  day_changed: "Delivery day changed",
  window_changed: "Delivery time changed",
  address_changed: "Delivery address changed",
};

/** The confirmation of one of the user's changes, or null for a missing or foreign reference. */
export async function changeOutcome({
  userId,
  reference,
}: {
  userId: number;
  reference: string | null;
}) {
  if (!reference) return null;
  const change = await findChange({ userId, reference });
  if (!change) return null;
  return {
    reference: change.reference,
    title: TITLES[change.type] ?? "Change saved",
    what: change.what,
    note: change.lockedDate
      ? `The delivery on ${formatDeliveryDate(change.lockedDate)} was already past its change cut-off, so it still arrives and is charged${change.type.endsWith("_changed") ? " as it stood; your change applies from the delivery after it" : ""}.`
      : change.type === "cancelled"
        ? "No further deliveries will be made or charged."
        : null,
  };
}
