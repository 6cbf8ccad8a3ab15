// The cleanup job: deletes rows nothing can use any more, so the tables they fill do not only grow
// (issue 34 item 6, decision 044; card attempts, decision 042). Each sweep deletes in batches of CLEANUP_BATCH_ROWS, each batch one
// short statement (`delete … where id in (select id … limit n)`), so a backlog never holds the
// SQLite write lock or a PostgreSQL transaction for long, and at most CLEANUP_BATCHES_PER_RUN batches
// per run, so one run of the job runner stays short; what is left goes on the next run. Deleting is
// idempotent: two runners at once delete a row once between them.
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import { SESSION_DAYS, idleSince } from "~/accounts/session-lifetime";
import { PROOF_SENDS_WINDOW_MINUTES } from "~/accounts/email-proof.server";
import type { DB } from "~/db/schema";
import { SECOND_STEP_MINUTES, STAFF_IDLE_MINUTES } from "~/staff/staff-session-times";
import { RATE_LIMIT } from "~/security/rate-limit.server";
import { CARD_LIMITS } from "~/payments/card-attempt-limits.server";
import type { JobContext, JobKind } from "./types";

export const CLEANUP_BATCH_ROWS = 500;
export const CLEANUP_BATCHES_PER_RUN = 20;

/**
 * Rate-limit hits are kept as long as the longest window any limit counts over: RATE_LIMIT's window
 * (sign-in, password reset, discount codes, gift-card activation) and the hour of e-mail-proof sends.
 * A limit with a longer window must be added here, or its older hits would be deleted too early.
 */
export const RATE_LIMIT_HITS_KEPT_MINUTES = Math.max(
  RATE_LIMIT.windowMinutes,
  PROOF_SENDS_WINDOW_MINUTES,
);

// which tables the query reads is its own business: the sweep only limits it and runs it
type Ids = SelectQueryBuilder<DB, never, { id: string | number }>;

type Sweep = {
  name: string;
  table:
    | "sessions"
    | "staffSessions"
    | "emailProofs"
    | "passwordResets"
    | "staffSetupLinks"
    | "rateLimitHits"
    | "cardAttempts"
    | "subscriptions";
  /** the ids of rows nothing can use at `asOf` */
  expired(db: Kysely<DB>, asOf: Date): Ids;
};

const minutesBefore = (at: Date, minutes: number) =>
  new Date(at.getTime() - minutes * 60_000).toISOString();

/** Past its absolute end or unused past the idle limit: isSessionLive (app/accounts/session-lifetime.ts) in SQL. */
const sessionEnded = (asOf: Date) => (eb: ExpressionBuilder<DB, "sessions">) =>
  eb.or([
    eb("sessions.expiresAt", "<=", asOf.toISOString()),
    eb(eb.fn.coalesce("sessions.lastSeenAt", "sessions.createdAt"), "<=", idleSince(asOf)),
  ]);

export const SWEEPS: Sweep[] = [
  {
    name: "sessions",
    table: "sessions",
    expired: (db, asOf) => db.selectFrom("sessions").select("id").where(sessionEnded(asOf)),
  },
  {
    // isStaffSessionLive (app/staff/staff-session.server.ts) in SQL: past its 12 hours, idle for 30
    // minutes, or a password step whose code never came
    name: "staff-sessions",
    table: "staffSessions",
    expired: (db, asOf) =>
      db
        .selectFrom("staffSessions")
        .select("id")
        .where((eb) =>
          eb.or([
            eb("expiresAt", "<=", asOf.toISOString()),
            eb("lastSeenAt", "<=", minutesBefore(asOf, STAFF_IDLE_MINUTES)),
            eb.and([
              eb("secondFactorAt", "is", null),
              eb("createdAt", "<=", minutesBefore(asOf, SECOND_STEP_MINUTES)),
            ]),
          ]),
        ),
  },
  {
    // A code proves an e-mail for one session (decision 039), and the checkout reads a code's presence
    // as "one was sent already" for as long as the session lives: so an expired code goes once its
    // session has ended.
    name: "email-proofs",
    table: "emailProofs",
    expired: (db, asOf) =>
      db
        .selectFrom("emailProofs as p")
        .select("p.id")
        .where("p.expiresAt", "<=", asOf.toISOString())
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("sessions")
                .select(sql.lit(1).as("one"))
                .whereRef("sessions.id", "=", "p.sessionId")
                .where((eb) => eb.not(sessionEnded(asOf)(eb))),
            ),
          ),
        ),
  },
  {
    // an expired reset token is refused whether it was used or not (app/accounts/password-reset.server.ts)
    name: "password-resets",
    table: "passwordResets",
    expired: (db, asOf) =>
      db.selectFrom("passwordResets").select("id").where("expiresAt", "<=", asOf.toISOString()),
  },
  {
    // an expired staff set-up link is refused whether it was used or not (issue 44, decision 064)
    name: "staff-setup-links",
    table: "staffSetupLinks",
    expired: (db, asOf) =>
      db.selectFrom("staffSetupLinks").select("id").where("expiresAt", "<=", asOf.toISOString()),
  },
  {
    name: "rate-limit-hits",
    table: "rateLimitHits",
    expired: (db, asOf) =>
      db
        .selectFrom("rateLimitHits")
        .select("id")
        .where("createdAt", "<=", minutesBefore(asOf, RATE_LIMIT_HITS_KEPT_MINUTES)),
  },
  {
    // new-card attempts out of the card-testing limits' window (decision 042): no budget counts them
    name: "card-attempts",
    table: "cardAttempts",
    expired: (db, asOf) =>
      db
        .selectFrom("cardAttempts")
        .select("id")
        .where("createdAt", "<=", minutesBefore(asOf, CARD_LIMITS.windowHours * 60)),
  },
  {
    // A box a visitor started without signing in, older than the session cookie that held it: that
    // session began before the draft and has ended (signing in makes the draft the account's). Never
    // one a checkout holds or an order names.
    name: "anonymous-drafts",
    table: "subscriptions",
    expired: (db, asOf) =>
      db
        .selectFrom("subscriptions as s")
        .select("s.id")
        .where("s.status", "=", "draft")
        .where("s.userId", "is", null)
        .where("s.checkoutKey", "is", null)
        .where("s.createdAt", "<=", minutesBefore(asOf, SESSION_DAYS * 24 * 60))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("orders as o")
                .select(sql.lit(1).as("one"))
                .whereRef("o.subscriptionId", "=", "s.id"),
            ),
          ),
        ),
  },
];

/**
 * The instant a run deletes for: never later than the wall clock, so a run for a future instant
 * (`npm run jobs -- --now`, the e2e job hook) cannot end sessions or drop drafts still live today.
 */
const asOf = (ctx: JobContext) => new Date(Math.min(ctx.now.getTime(), Date.now()));

/** Deletes one batch of the sweep's rows; how many went. */
async function deleteBatch(db: Kysely<DB>, sweep: Sweep, at: Date, rows: number): Promise<number> {
  const result = await db
    .deleteFrom(sweep.table)
    .where("id", "in", sweep.expired(db, at).limit(rows))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

type Piece = { sweep: Sweep; deleted: number };

export function makeCleanupJob({
  batchRows = CLEANUP_BATCH_ROWS,
  batchesPerRun = CLEANUP_BATCHES_PER_RUN,
} = {}): JobKind<Piece> {
  return {
    name: "cleanup",
    async due(ctx) {
      const pieces: Piece[] = [];
      for (const sweep of SWEEPS) {
        if ((await sweep.expired(ctx.db, asOf(ctx)).limit(1).execute()).length)
          pieces.push({ sweep, deleted: 0 });
      }
      return pieces;
    },
    async run(ctx, piece) {
      for (let batch = 0; batch < batchesPerRun; batch++) {
        const deleted = await deleteBatch(ctx.db, piece.sweep, asOf(ctx), batchRows);
        piece.deleted += deleted;
        if (deleted < batchRows) break;
      }
      return piece.deleted > 0 ? "done" : "skipped";
    },
    describe: (piece) => ({ sweep: piece.sweep.name, deleted: piece.deleted }),
  };
}

export const cleanupJob = makeCleanupJob();
