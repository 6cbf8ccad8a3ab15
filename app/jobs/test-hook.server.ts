// The body of the e2e suite's job hooks (routes test-hooks.jobs and test-hooks.renewals, live only
// with E2E_TEST_ROUTES=1): run the job runner for the instant posted as `now` (default: now), so a
// test sees mails and renewals without waiting for the in-app interval. Anywhere else: 404.
import type { JobKind } from "./types";
import { appOrigin } from "~/accounts/origin.server";
import { env } from "~/env.server";
import { runDueJobs } from "./runner.server";

export function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

/** `kindsFor` picks the job kinds from the posted form (default: every kind). */
export async function runJobsHook(
  request: Request,
  kindsFor?: (form: FormData) => JobKind<unknown>[],
) {
  if (!env.E2E_TEST_ROUTES) notFound();
  const form = await request.formData();
  const raw = String(form.get("now") ?? "");
  const now = raw ? new Date(raw) : new Date();
  if (Number.isNaN(now.getTime()))
    return Response.json({ error: "now is not a date" }, { status: 400 });
  const summary = await runDueJobs({ now, kinds: kindsFor?.(form), origin: appOrigin(request) });
  return Response.json({ now: now.toISOString(), summary });
}
