import { healthReport } from "~/http/health.server";

/**
 * Liveness and database check for load balancers and the Docker HEALTHCHECK,
 * with the age of the oldest piece of timed work still waiting (renewals,
 * reminders, gift-card mails, the mail relay): a stuck job runner shows as a
 * growing age. `mail` says how late the oldest unsent e-mail is and how many
 * were given up on in the last day (only with SMTP_URL: without it mail stays
 * in the outbox and `relay` is "off").
 */
export async function loader() {
  const report = await healthReport();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
