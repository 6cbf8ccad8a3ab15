// The mail relay: the other half of the transactional outbox. Code that sends
// mail writes a row to email_outbox (in the transaction of what it tells about);
// this job claims each unsent row with a lease, sends it through SMTP and records
// sent_at. A failed try is retried after 1 min, 5 min, 30 min, 2 h and 12 h;
// after the sixth the row is marked failed with the error. A sent or failed row
// keeps only a redacted copy of its text. Without SMTP_URL there is no transport
// and the relay does nothing: the outbox is the mailbox (/dev/mailbox).
// Why a lease and a stable Message-ID: docs/decisions/034-mail-relay.md.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { JobKind } from "~/jobs/types";
import { redactMailText } from "./redact.server";
import { getMailer, mailDomain, type Mailer } from "./transport.server";

/** Waits before the 2nd, 3rd, … 6th try. */
export const MAIL_RETRY_MINUTES = [1, 5, 30, 120, 720];
export const MAIL_MAX_TRIES = MAIL_RETRY_MINUTES.length + 1;
/** How long a claim holds; far beyond the SMTP timeouts (transport.server.ts), so only a dead runner loses it. */
export const MAIL_LEASE_MINUTES = 5;
/** A row first seen this late (the relay was off, or SMTP_URL was set later) is old news: failed, not sent. */
export const MAIL_STALE_HOURS = 24;

/** After a try that could not reach the server, this process leaves the relay alone for a minute. */
export const MAIL_PAUSE_AFTER_UNREACHABLE_MS = 60_000;

// Per process, by the wall clock: with the server down, one try per minute pays the connection
// timeout, not every row of a batch (which would hold the runner, and the renewals behind it, for
// many minutes). Rows not tried are not charged a try.
let pausedUntil = 0;
const paused = () => Date.now() < pausedUntil;
/** Tests: forget a pause. */
export function resumeRelay() {
  pausedUntil = 0;
}

const minutesFrom = (at: Date, minutes: number) =>
  new Date(at.getTime() + minutes * 60_000).toISOString();

/** Unsent, not given up, its next try due, and nobody's lease running. */
const due = (now: Date) => (eb: ExpressionBuilder<DB, "emailOutbox">) =>
  eb.and([
    eb("sentAt", "is", null),
    eb("failedAt", "is", null),
    eb.or([eb("nextAttemptAt", "is", null), eb("nextAttemptAt", "<=", now.toISOString())]),
    eb.or([
      eb("claimedAt", "is", null),
      eb("claimedAt", "<=", minutesFrom(now, -MAIL_LEASE_MINUTES)),
    ]),
  ]);

/** `<outbox.{id}.{created}@domain>`: the same for every try of a row, different for every row. */
export function outboxMessageId(id: number, createdAt: string): string {
  return `<outbox.${id}.${Date.parse(createdAt).toString(36)}@${mailDomain()}>`;
}

export class MailNotSentError extends Error {
  constructor(
    readonly mailId: number,
    readonly attempt: number,
    readonly final: boolean,
    cause: string,
  ) {
    super(
      `mail ${mailId}: try ${attempt} of ${MAIL_MAX_TRIES} failed${final ? ", given up" : ""}: ${cause}`,
    );
    this.name = "MailNotSentError";
  }
}

/** An SMTP error's useful part (the server's reply when there is one), short enough for a column and a log line. */
function errorText(error: unknown): string {
  const e = error as { response?: string; message?: string };
  return String(e?.response || e?.message || error)
    .replace(/\s+/g, " ")
    .slice(0, 500);
}

/**
 * Sends one outbox row, exactly once among runners: the claim is a conditional
 * update (a write: SQLite writers queue, PostgreSQL re-checks the row after its
 * lock), so of two runners one claims and the other gets "skipped". Throws
 * MailNotSentError after recording a failed try.
 */
export async function relayMail(
  db: Kysely<DB>,
  id: number,
  now: Date,
  mailer: Mailer,
): Promise<"done" | "skipped"> {
  if (paused()) return "skipped";
  const stamp = now.toISOString();
  const claimed = await db
    .updateTable("emailOutbox")
    .set((eb) => ({ claimedAt: stamp, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where(due(now))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "skipped";
  const row = await db
    .selectFrom("emailOutbox")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const settle = (set: {
    sentAt?: string;
    failedAt?: string;
    lastError?: string | null;
    nextAttemptAt?: string;
  }) =>
    db
      .updateTable("emailOutbox")
      .set({
        ...set,
        claimedAt: null,
        ...(set.sentAt || set.failedAt ? { text: redactMailText(row.text), html: null } : {}),
      })
      .where("id", "=", id)
      .where("sentAt", "is", null)
      .execute();

  // by the wall clock: a run for another instant (`npm run jobs -- --now`, test hooks) must not age fresh mail
  if (row.createdAt < minutesFrom(new Date(), -MAIL_STALE_HOURS * 60)) {
    const why = `not sent: more than ${MAIL_STALE_HOURS} hours old when the relay first saw it`;
    await settle({ failedAt: stamp, lastError: why });
    throw new MailNotSentError(id, row.attempts, true, why);
  }
  try {
    await mailer.send({
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      template: row.template,
      messageId: outboxMessageId(row.id, row.createdAt),
    });
  } catch (error) {
    // no SMTP reply code: the server was not reached (refused, timed out, DNS, TLS)
    if (!(error as { responseCode?: number })?.responseCode)
      pausedUntil = Date.now() + MAIL_PAUSE_AFTER_UNREACHABLE_MS;
    const cause = errorText(error);
    const final = row.attempts >= MAIL_MAX_TRIES;
    await settle(
      final
        ? { failedAt: stamp, lastError: cause }
        : {
            lastError: cause,
            nextAttemptAt: minutesFrom(now, MAIL_RETRY_MINUTES[row.attempts - 1]),
          },
    );
    throw new MailNotSentError(id, row.attempts, final, cause);
  }
  // The window between the server's "250 accepted" and this update is the one
  // place a mail can go twice (a crash there, then the lease runs out): the
  // second copy carries the same Message-ID.
  await settle({ sentAt: stamp, lastError: null });
  return "done";
}

type DueMail = { id: number; template: string };

export const mailRelayJob: JobKind<DueMail> = {
  name: "mail-relay",
  async due({ db, now }, limit) {
    if (!getMailer() || paused()) return [];
    return db
      .selectFrom("emailOutbox")
      .select(["id", "template"])
      .where(due(now))
      .orderBy("id")
      .limit(limit)
      .execute();
  },
  async run({ db, now }, item) {
    const mailer = getMailer();
    if (!mailer) return "skipped";
    return relayMail(db, item.id, now, mailer);
  },
  // never the address or the body
  describe: (item) => ({ mailId: item.id, template: item.template }),
  async oldestDue({ db, now }) {
    if (!getMailer()) return null;
    const row = await db
      .selectFrom("emailOutbox")
      .select((eb) => eb.fn.min(eb.fn.coalesce("nextAttemptAt", "createdAt")).as("oldest"))
      .where(due(now))
      .executeTakeFirst();
    return (row?.oldest as string | null | undefined) ?? null;
  },
};

export type MailHealth = {
  /** "smtp": the relay sends the outbox; "off": no SMTP_URL, mail stays in the outbox */
  relay: "smtp" | "off";
  oldestUnsentAt: string | null;
  oldestUnsentAgeSeconds: number;
  /** rows given up on in the last 24 hours */
  failedLastDay: number;
};

/** For /healthz: how late the oldest mail still to be sent is, and how many were given up on lately. */
export async function mailHealth({
  db,
  now = new Date(),
}: {
  db: Kysely<DB>;
  now?: Date;
}): Promise<MailHealth> {
  if (!getMailer())
    return { relay: "off", oldestUnsentAt: null, oldestUnsentAgeSeconds: 0, failedLastDay: 0 };
  const unsent = await db
    .selectFrom("emailOutbox")
    .select((eb) => eb.fn.min("createdAt").as("oldest"))
    .where("sentAt", "is", null)
    .where("failedAt", "is", null)
    .executeTakeFirst();
  const failed = await db
    .selectFrom("emailOutbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("failedAt", "is not", null)
    .where("failedAt", ">", minutesFrom(now, -24 * 60))
    .executeTakeFirst();
  const oldest = (unsent?.oldest as string | null | undefined) ?? null;
  return {
    relay: "smtp",
    oldestUnsentAt: oldest,
    oldestUnsentAgeSeconds: oldest
      ? Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000))
      : 0,
    failedLastDay: Number(failed?.n ?? 0),
  };
}
