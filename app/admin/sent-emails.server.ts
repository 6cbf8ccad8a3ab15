// The e-mails the shop wrote to a customer, for the back office's order and customer pages: subject,
// kind, when, and whether it left. Never the body: before it leaves it may hold a link with a secret.
import { db } from "~/db/client.server";
import { getMailer } from "~/email/transport.server";

export type SentEmail = {
  id: number;
  subject: string;
  template: string;
  createdAt: string;
  state: "sent" | "waiting" | "failed" | "kept";
};

/**
 * The latest e-mails to `to`; with `mentioning`, only those whose subject or text names it (an
 * order's reference), so an order page lists that order's e-mails.
 */
export async function sentEmails({
  to,
  mentioning,
  limit = 50,
}: {
  to: string;
  mentioning?: string;
  limit?: number;
}): Promise<SentEmail[]> {
  let q = db
    .selectFrom("emailOutbox")
    .select(["id", "subject", "template", "createdAt", "sentAt", "failedAt"])
    .where("toAddress", "=", to.trim().toLowerCase())
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (mentioning) {
    const like = `%${mentioning.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb("subject", "like", eb.val(like)), eb("text", "like", eb.val(like))]),
    );
  }
  const relay = getMailer() !== null;
  return (await q.execute()).map((r) => ({
    id: r.id,
    subject: r.subject,
    template: r.template,
    createdAt: r.createdAt,
    state: r.sentAt ? "sent" : r.failedAt ? "failed" : relay ? "waiting" : "kept",
  }));
}
