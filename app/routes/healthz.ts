import { sql } from "kysely";
import { db } from "~/db/client.server";
import { mailHealth, type MailHealth } from "~/email/relay.server";
import { oldestDueJob } from "~/jobs/runner.server";

/**
 * Liveness and database check for load balancers and the Docker HEALTHCHECK,
 * with the age of the oldest piece of timed work still waiting (renewals,
 * reminders, gift-card mails, the mail relay): a stuck job runner shows as a
 * growing age. `mail` says how late the oldest unsent e-mail is and how many
 * were given up on in the last day (only with SMTP_URL: without it mail stays
 * in the outbox and `relay` is "off").
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await sql`select 1`.execute(db);
  } catch {
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  }
  const now = new Date();
  let jobs: { oldestDueAt: string | null; oldestDueAgeSeconds: number } | { error: string };
  try {
    const oldestDueAt = await oldestDueJob({ now });
    jobs = { oldestDueAt, oldestDueAgeSeconds: oldestDueAt ? Math.max(0, Math.round((now.getTime() - Date.parse(oldestDueAt)) / 1000)) : 0 };
  } catch {
    jobs = { error: "unavailable" };
  }
  let mail: MailHealth | { error: string };
  try {
    mail = await mailHealth({ db, now });
  } catch {
    mail = { error: "unavailable" };
  }
  return Response.json({ status: "ok", jobs, mail }, { headers });
}
