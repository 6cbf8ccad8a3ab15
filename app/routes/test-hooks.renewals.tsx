// Only for the e2e suite: runs the renewal engine's jobs (plan, reminders, renewals) at `now`, so a
// test gets a reminder e-mail without waiting for days.
import type { ActionFunctionArgs } from "@remix-run/node";
import { notFound, runJobsHook } from "~/jobs/test-hook.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";

export const loader = () => notFound();

export const action = ({ request }: ActionFunctionArgs) =>
  runJobsHook(request, (form) => {
    // `subscriptionId` keeps a test's run to its own subscription (other tests share the server's database)
    const only = Number(form.get("subscriptionId")) || null;
    return only
      ? SUBSCRIPTION_JOB_KINDS.map((k) => ({
          ...k,
          due: async (ctx: Parameters<typeof k.due>[0], limit: number) =>
            (await k.due(ctx, 10_000))
              .filter((i: { subscriptionId: number }) => i.subscriptionId === only)
              .slice(0, limit),
        }))
      : SUBSCRIPTION_JOB_KINDS;
  });
