// What /healthz reports: the database answers, how late the oldest due job is, and how the mail relay
// is doing. Kept out of the route so no route touches the database itself.
import { sql } from "kysely";
import { db } from "~/db/client.server";
import { mailHealth, type MailHealth } from "~/email/relay.server";
import { oldestDueJob } from "~/jobs/runner.server";

type JobsHealth = { oldestDueAt: string | null; oldestDueAgeSeconds: number } | { error: string };

export type HealthReport =
  | { status: "error"; database: "unreachable" }
  | { status: "ok"; jobs: JobsHealth; mail: MailHealth | { error: string } };

export async function healthReport(now = new Date()): Promise<HealthReport> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { status: "error", database: "unreachable" };
  }
  let jobs: JobsHealth;
  try {
    const oldestDueAt = await oldestDueJob({ now });
    jobs = {
      oldestDueAt,
      oldestDueAgeSeconds: oldestDueAt
        ? Math.max(0, Math.round((now.getTime() - Date.parse(oldestDueAt)) / 1000))
        : 0,
    };
  } catch {
    jobs = { error: "unavailable" };
  }
  let mail: MailHealth | { error: string };
  try {
    mail = await mailHealth({ db, now });
  } catch {
    mail = { error: "unavailable" };
  }
  return { status: "ok", jobs, mail };
}
