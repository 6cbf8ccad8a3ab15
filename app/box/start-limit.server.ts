// How many new boxes and accounts one client address may start at /get-started (issue 34): each
// post that would create a draft or a password-less account counts against GET_STARTED_IP_MAX
// (default 20) in the rate-limit window. An account costs nothing to make and is the first step of
// a card test, and every draft is a stored row; a shopper changing their own box, or typing an
// e-mail that already has an account, creates nothing and is never counted.
import { db } from "~/db/client.server";
import { env } from "~/env.server";
import { consume, RateLimitedError, type Limit } from "~/security/rate-limit.server";
import { hasOpenDraft, type FlowState } from "./flow.server";

export function newStartLimits(ip: string): Limit[] {
  return [{ key: `get-started:ip:${ip}`, max: env.GET_STARTED_IP_MAX }];
}

/** Whether saving get-started for `flow` with `email` (already normalised) would create a draft or a user. */
export async function startsSomethingNew(
  flow: Pick<FlowState, "draft" | "checkedOut" | "user">,
  email: string | null | undefined,
): Promise<boolean> {
  if (!hasOpenDraft(flow)) return true;
  if (flow.user || !email) return false;
  return !(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst());
}

export function tooManyStartsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many new boxes have been started from your internet connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Counts a post that starts something new; null when it may go ahead, else why not and when to retry. */
export async function refuseTooManyStarts(
  flow: Pick<FlowState, "draft" | "checkedOut" | "user">,
  email: string | null | undefined,
  ip: string,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  if (!(await startsSomethingNew(flow, email))) return null;
  try {
    await consume(newStartLimits(ip));
    return null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return {
      message: tooManyStartsMessage(error.retryAfterSeconds),
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
}
