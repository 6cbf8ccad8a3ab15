// The one job runner for timed work (gift-card mails now; reminders and
// renewals later): finds due pieces of every registered kind and does each
// exactly once. It runs inside the app (./start.server.ts) and as a separate
// worker (`npm run jobs`); see docs/decisions/006-job-runner.md.
import type { Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import { asJobRun, currentRunId, log as logger } from "~/log/log.server";
import { redactLogText } from "~/security/redact.mjs";
import type { DB } from "~/db/schema";
import { JOB_KINDS } from "./registry.server";
import type { JobContext, JobKind } from "./types";

export type RunSummary = Record<string, { done: number; skipped: number; failed: number }>;

/** Origin for links in mails sent without a request: APP_ORIGIN, else this server's own address. */
export function jobOrigin(env: Record<string, string | undefined> = process.env): string {
  if (env.APP_ORIGIN) return new URL(env.APP_ORIGIN).origin;
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host}:${env.PORT || 3000}`;
}

/**
 * Does every due piece of work once, as one job run: each of its log lines carries the run's `runId`
 * (a caller already inside a run, as `npm run jobs`, keeps its own).
 */
export function runDueJobs(options: Parameters<typeof runDue>[0] = {}): Promise<RunSummary> {
  return currentRunId() ? runDue(options) : asJobRun(() => runDue(options));
}

async function runDue({
  now,
  db = appDb,
  kinds = JOB_KINDS,
  batch = 100,
  maxBatches = 50,
  origin = jobOrigin(),
  log = true,
}: {
  /** a fixed instant to act for (tests, demos, `npm run jobs -- --now`): time stands still for the run */
  now?: Date;
  db?: Kysely<DB>;
  kinds?: JobKind<unknown>[];
  batch?: number;
  maxBatches?: number;
  origin?: string;
  log?: boolean;
} = {}): Promise<RunSummary> {
  // Without a fixed instant each piece is done at the time it is reached: a claim made ten minutes into a
  // long run is stamped ten minutes later, so another runner does not take its lease for an abandoned one.
  const at = (): JobContext => ({ db, now: now ?? new Date(), origin });
  const summary: RunSummary = {};
  for (const kind of kinds) {
    const tally = (summary[kind.name] = { done: 0, skipped: 0, failed: 0 });
    for (let round = 0; round < maxBatches; round++) {
      const items = await kind.due(at(), batch);
      let progressed = 0;
      for (const item of items) {
        const started = Date.now();
        const ctx = at();
        try {
          const outcome = await kind.run(ctx, item);
          tally[outcome]++;
          progressed++;
          if (log)
            logger().info({
              type: "job",
              kind: kind.name,
              ...kind.describe(item),
              outcome,
              ms: Date.now() - started,
              at: ctx.now.toISOString(),
            });
        } catch (error) {
          tally.failed++;
          logger().error(
            { type: "job", kind: kind.name, ...kind.describe(item), outcome: "failed" },
            redactLogText((error as Error).message),
          );
        }
      }
      // a short batch means the queue is drained; a batch of failures must not loop
      if (items.length < batch || progressed === 0) break;
    }
  }
  return summary;
}

/** The oldest due piece of work of any kind (ISO time), or null when nothing waits. */
export async function oldestDueJob({
  now = new Date(),
  db = appDb,
  kinds = JOB_KINDS,
} = {}): Promise<string | null> {
  const ctx: JobContext = { db, now, origin: jobOrigin() };
  let oldest: string | null = null;
  for (const kind of kinds) {
    const t = kind.oldestDue ? await kind.oldestDue(ctx) : null;
    if (t && (!oldest || t < oldest)) oldest = t;
  }
  return oldest;
}
