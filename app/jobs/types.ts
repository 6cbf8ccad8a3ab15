// What a kind of timed work is, for the one job runner (./runner.server.ts).
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";

export type JobContext = {
  db: Kysely<DB>;
  /** the instant the run acts for (a --now seam for tests and demos) */
  now: Date;
  /** origin for absolute links in e-mails */
  origin: string;
};

/** "done": this run did the work; "skipped": another run (or process) already had. */
export type JobOutcome = "done" | "skipped";

/**
 * One kind of timed work. `due` lists waiting pieces; `run` does one of them
 * exactly once: it must claim the piece with a conditional update (or a unique
 * key) in the same transaction as its effects, so a second run, a crash half-way
 * or two runners at once are harmless.
 */
export type JobKind<T> = {
  name: string;
  due(ctx: JobContext, limit: number): Promise<T[]>;
  run(ctx: JobContext, item: T): Promise<JobOutcome>;
  /** what a log line says about one piece (ids only, never secrets) */
  describe(item: T): Record<string, unknown>;
  /** when the oldest waiting piece became due (ISO), for health checks */
  oldestDue?(ctx: JobContext): Promise<string | null>;
};
