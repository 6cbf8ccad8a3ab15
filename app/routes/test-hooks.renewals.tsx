// Only for the e2e suite (E2E_TEST_ROUTES=1): runs the renewal engine's jobs
// (plan, reminders, renewals) for the instant posted as `now`, so a test can
// get a reminder e-mail without waiting for days. Anywhere else it is a 404.
import type { ActionFunctionArgs } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { env } from "~/env.server";
import { runDueJobs } from "~/jobs/runner.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!env.E2E_TEST_ROUTES) throw new Response("Not found", { status: 404 });
  const form = await request.formData();
  const raw = String(form.get("now") ?? "");
  const now = raw ? new Date(raw) : new Date();
  if (Number.isNaN(now.getTime())) return Response.json({ error: "now is not a date" }, { status: 400 });
  // `subscriptionId` keeps a test's run to its own subscription (other tests share the server's database)
  const only = Number(form.get("subscriptionId")) || null;
  const kinds = only
    ? SUBSCRIPTION_JOB_KINDS.map((k) => ({ ...k, due: async (ctx: Parameters<typeof k.due>[0], limit: number) => (await k.due(ctx, 10_000)).filter((i: { subscriptionId: number }) => i.subscriptionId === only).slice(0, limit) }))
    : SUBSCRIPTION_JOB_KINDS;
  const summary = await runDueJobs({ now, kinds, origin: appOrigin(request) });
  return Response.json({ now: now.toISOString(), summary });
}
