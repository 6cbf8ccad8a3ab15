// The my-deliveries action and confirmation, kept out of the route module: one function per
// posted intent (dispatchIntent) runs the owner-scoped change through the renewal engine's
// service (./changes.server.ts), and a finished change (by its reference) is described for the
// confirmation panel.
import { formatDeliveryDate } from "~/accounts/format";
import { dispatchIntent, intentOf } from "~/http/intents.server";
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
import type { z } from "zod";

export type ChangeRefusal = {
  message: string;
  subscriptionId: number;
  intent: string;
  /** a field the form can show its message under (a bad date or reason), with the form's values */
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

export type ChangeOutcome =
  | { kind: "done"; reference: string }
  | { kind: "refused"; refusal: ChangeRefusal }
  | { kind: "not_found" };

type ChangeArgs = {
  userId: number;
  values: Record<string, FormDataEntryValue>;
  opts: { origin: string; actor: { kind: "subscriber"; email: string } };
  refuse: (message: string, error?: z.ZodError) => ChangeOutcome;
};

const done = ({ reference }: { reference: string }): ChangeOutcome => ({ kind: "done", reference });

function skipOrUnskip(run: typeof skipDelivery) {
  return async ({ userId, values, opts, refuse }: ChangeArgs) => {
    const parsed = SkipSchema.safeParse(values);
    if (!parsed.success) return refuse(firstIssue(parsed.error), parsed.error);
    return done(await run({ userId, ...parsed.data }, opts));
  };
}

async function pauseChange({ userId, values, opts, refuse }: ChangeArgs) {
  const parsed = PauseSchema.safeParse(values);
  if (!parsed.success) return refuse(firstIssue(parsed.error), parsed.error);
  const { subscriptionId, resumeOn } = parsed.data;
  return done(await pause({ userId, subscriptionId, until: resumeOn }, opts));
}

async function resumeChange({ userId, values, opts, refuse }: ChangeArgs) {
  const parsed = ResumeSchema.safeParse(values);
  if (!parsed.success) return refuse(firstIssue(parsed.error), parsed.error);
  return done(await resume({ userId, subscriptionId: parsed.data.subscriptionId }, opts));
}

async function cancelChange({ userId, values, opts, refuse }: ChangeArgs) {
  const parsed = CancelSchema.safeParse(values);
  if (!parsed.success) return refuse(firstIssue(parsed.error), parsed.error);
  const label = CANCEL_REASONS.find((r) => r.value === parsed.data.reason)?.label;
  const reason = [label, parsed.data.comment].filter(Boolean).join(": ") || undefined;
  return done(await cancel({ userId, subscriptionId: parsed.data.subscriptionId, reason }, opts));
}

const CHANGES = {
  skip: skipOrUnskip(skipDelivery),
  unskip: skipOrUnskip(unskipDelivery),
  pause: pauseChange,
  resume: resumeChange,
  cancel: cancelChange,
};

/** The first message of each field a failed parse names (the form shows it under that field). */
function fieldErrorsOf(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

export async function runChange(
  user: { userId: number; email: string },
  formData: FormData,
  origin: string,
): Promise<ChangeOutcome> {
  const intent = intentOf(formData);
  const values = Object.fromEntries(formData);
  const subscriptionId = Number(values.subscriptionId) || 0;
  const refuse = (message: string, error?: z.ZodError): ChangeOutcome => ({
    kind: "refused",
    refusal: {
      message,
      subscriptionId,
      intent,
      ...(error
        ? {
            fieldErrors: fieldErrorsOf(error),
            values: Object.fromEntries(
              Object.entries(values).filter(([k, v]) => k !== "csrf" && typeof v === "string"),
            ) as Record<string, string>,
          }
        : {}),
    },
  });
  const opts = { origin, actor: { kind: "subscriber" as const, email: user.email } };
  try {
    const outcome = await dispatchIntent(formData, CHANGES, {
      userId: user.userId,
      values,
      opts,
      refuse,
    });
    // an intent no form of the page posts
    return "kind" in outcome ? outcome : refuse("That change is not available.");
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
