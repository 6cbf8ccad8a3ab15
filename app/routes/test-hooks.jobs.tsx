// Only for the e2e suite (E2E_TEST_ROUTES=1): runs the job runner now, or for
// the instant posted as `now`, so a test can deliver due gift-card mails
// without waiting for the in-app interval. Anywhere else it is a 404.
import type { ActionFunctionArgs } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { env } from "~/env.server";
import { runDueJobs } from "~/jobs/runner.server";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!env.E2E_TEST_ROUTES) throw new Response("Not found", { status: 404 });
  const form = await request.formData();
  const raw = String(form.get("now") ?? "");
  const now = raw ? new Date(raw) : new Date();
  if (Number.isNaN(now.getTime())) return Response.json({ error: "now is not a date" }, { status: 400 });
  const summary = await runDueJobs({ now, origin: appOrigin(request) });
  return Response.json({ now: now.toISOString(), summary });
}
