// The facts /metrics reads from the database (decision 067): the outbox, how late each kind of timed
// work is, and how renewals were charged in the last day. They are the instance's and the shop's, not
// a worker's, and the job runner may be another process (`npm run jobs`), so the cluster's primary
// reads them once per scrape (app/bin/metrics.mjs) instead of each worker counting what it saw.
// Every query is a range on an index, so a scrape costs the same with 100,000 orders as with ten.
import { sql, type Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { getMailer } from "~/email/transport.server";
import { JOB_KINDS } from "~/jobs/registry.server";
import { jobOrigin } from "~/jobs/runner.server";
import type { JobKind } from "~/jobs/types";

export { databasePoolStats, type PoolStats } from "~/db/connection.server";

export type InstanceFacts = {
  outbox: {
    /** 1 when SMTP_URL is set and the relay sends the outbox; 0 when mail stays in it */
    relay: number;
    /** seconds since the oldest mail neither sent nor given up on was written; 0 when none waits */
    oldestUnsentAgeSeconds: number;
    unsent: number;
    /** mail given up on (six failed tries) in the last 24 hours */
    failedLastDay: number;
  };
  /** per kind of timed work: seconds since its oldest waiting piece became due, 0 when none waits */
  jobLagSeconds: Record<string, number>;
  /** renewal charges made in the last 24 hours, by outcome */
  renewalsLastDay: { charged: number; declined: number; recovered: number };
};

const DAY_MS = 24 * 60 * 60 * 1000;
const ageSeconds = (now: Date, iso: string | null | undefined) =>
  iso ? Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000)) : 0;
const count = (row: { n?: unknown } | undefined) => Number(row?.n ?? 0);

export async function instanceFacts({
  db = appDb,
  now = new Date(),
  kinds = JOB_KINDS,
}: { db?: Kysely<DB>; now?: Date; kinds?: JobKind<unknown>[] } = {}): Promise<InstanceFacts> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [outbox, failed, jobLagSeconds, renewalsLastDay] = await Promise.all([
    db
      .selectFrom("emailOutbox")
      .select((eb) => [eb.fn.min("createdAt").as("oldest"), eb.fn.countAll().as("n")])
      .where("sentAt", "is", null)
      .where("failedAt", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("emailOutbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("failedAt", "is not", null)
      .where("failedAt", ">", since)
      .executeTakeFirst(),
    jobLag(db, now, kinds),
    renewals(db, since),
  ]);
  return {
    outbox: {
      relay: getMailer() ? 1 : 0,
      oldestUnsentAgeSeconds: ageSeconds(now, outbox?.oldest as string | null | undefined),
      unsent: count(outbox),
      failedLastDay: count(failed),
    },
    jobLagSeconds,
    renewalsLastDay,
  };
}

/** The same "oldest due" each kind gives /healthz, as an age per kind. */
async function jobLag(db: Kysely<DB>, now: Date, kinds: JobKind<unknown>[]) {
  const ctx = { db, now, origin: jobOrigin() };
  const lag: Record<string, number> = {};
  for (const kind of kinds) {
    lag[kind.name] = ageSeconds(now, kind.oldestDue ? await kind.oldestDue(ctx) : null);
  }
  return lag;
}

/**
 * Renewal charges (payments keyed `renewal:{subscription}:{day}`, a retry's key ending `:retryN`,
 * app/subscriptions/schedule.ts) made since `since`: `charged` went through at the first try,
 * `declined` counts every declined try, `recovered` counts renewals paid after a decline (a retry,
 * staff's "Retry now", or the subscriber's pay link, whose delivery still says payment_failed).
 * Each starts from payments_status_idx (status, created_at).
 */
async function renewals(db: Kysely<DB>, since: string) {
  const taken = ["succeeded", "refunded"] as const;
  const [charged, declined, recovered] = await Promise.all([
    db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "in", taken)
      .where("createdAt", ">", since)
      .where("idempotencyKey", "like", "renewal:%")
      .where("idempotencyKey", "not like", "%:retry%")
      .executeTakeFirst(),
    db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "declined")
      .where("createdAt", ">", since)
      .where("idempotencyKey", "like", "renewal:%")
      .executeTakeFirst(),
    db
      .selectFrom("payments as p")
      .innerJoin("deliveries as d", "d.orderId", "p.orderId")
      .select(sql<number>`count(distinct d.id)`.as("n"))
      .where("p.status", "in", taken)
      .where("p.createdAt", ">", since)
      .where((eb) => eb.or([eb("d.chargeAttempts", ">", 1), eb("d.status", "=", "payment_failed")]))
      .executeTakeFirst(),
  ]);
  return { charged: count(charged), declined: count(declined), recovered: count(recovered) };
}
