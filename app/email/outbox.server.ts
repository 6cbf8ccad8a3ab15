// Reads the outbox for the development mailbox (/dev/mailbox): every message,
// and with SMTP_URL set, whether it has left, is waiting for a retry, or was
// given up on (a sent or failed message keeps only its redacted text).
import { db } from "~/db/client.server";
import { extractLinks } from "./links";
import { MAIL_MAX_TRIES } from "./relay.server";
import { getMailer } from "./transport.server";

export type OutboxStatus =
  | { state: "kept" } // no SMTP_URL: the outbox is the mailbox
  | { state: "waiting"; attempts: number; lastError: string | null; nextAttemptAt: string | null }
  | { state: "sent"; at: string }
  | { state: "failed"; at: string; attempts: number; lastError: string | null };

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string;
  createdAt: string;
  links: string[];
  status: OutboxStatus;
};

export { MAIL_MAX_TRIES };

export async function listOutbox({ limit = 50, to }: { limit?: number; to?: string } = {}): Promise<
  OutboxMessage[]
> {
  let q = db
    .selectFrom("emailOutbox")
    .select([
      "id",
      "toAddress",
      "subject",
      "text",
      "template",
      "createdAt",
      "sentAt",
      "failedAt",
      "attempts",
      "lastError",
      "nextAttemptAt",
    ])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (to) q = q.where("toAddress", "=", to.trim().toLowerCase());
  const rows = await q.execute();
  const relay = getMailer() !== null;
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.text,
    template: r.template,
    createdAt: r.createdAt,
    // a redacted link leads nowhere
    links: extractLinks(r.text).filter((href) => !href.includes("[redacted")),
    status: r.sentAt
      ? { state: "sent", at: r.sentAt }
      : r.failedAt
        ? { state: "failed", at: r.failedAt, attempts: r.attempts, lastError: r.lastError }
        : relay
          ? {
              state: "waiting",
              attempts: r.attempts,
              lastError: r.lastError,
              nextAttemptAt: r.nextAttemptAt,
            }
          : { state: "kept" },
  }));
}
