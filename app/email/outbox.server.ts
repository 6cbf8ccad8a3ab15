// Reads the outbox for the development mailbox (/dev/mailbox).
import { db } from "~/db/client.server";
import { extractLinks } from "./links";

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string;
  createdAt: string;
  links: string[];
};

export async function listOutbox({ limit = 50, to }: { limit?: number; to?: string } = {}): Promise<OutboxMessage[]> {
  let q = db
    .selectFrom("emailOutbox")
    .select(["id", "toAddress", "subject", "text", "template", "createdAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (to) q = q.where("toAddress", "=", to.trim().toLowerCase());
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.text,
    template: r.template,
    createdAt: r.createdAt,
    links: extractLinks(r.text),
  }));
}
