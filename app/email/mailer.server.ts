// The one seam for outgoing e-mail. Every message is first a row in
// email_outbox (a transactional outbox); the mail relay (./relay.server.ts, a
// job of the runner) sends the rows through SMTP when SMTP_URL is set. Without
// it the rows stay where they are and /dev/mailbox lists them.
import type { Kysely } from "kysely";
import { log } from "~/log/log.server";
import { redactLogText } from "~/security/redact.mjs";
import type { DB } from "~/db/schema";
import { db } from "~/db/client.server";
import { isTestShop } from "~/payments/gateway-config.server";
import { relayMail } from "./relay.server";
import { markedAsTest } from "./test-shop";
import type { EmailTemplate } from "./template";
import { getMailer, type Mailer } from "./transport.server";

export {
  SmtpMailer,
  getMailer,
  setMailer,
  type Mailer,
  type OutgoingEmail,
} from "./transport.server";

/**
 * Writes a rendered e-mail to the outbox through `executor`, so a message that
 * belongs to a money transaction (order confirmation, receipt, gift card) is
 * committed with it or not at all. The relay sends it on its next run.
 */
export async function queueEmail<P>(
  executor: Kysely<DB>,
  template: EmailTemplate<P>,
  to: string,
  props: P,
): Promise<number> {
  const rendered = template.render(props);
  // a production shop on the payment sandbox marks every message TEST (decision 063)
  const { subject, text, html } = isTestShop ? markedAsTest(rendered) : rendered;
  const row = await executor
    .insertInto("emailOutbox")
    .values({
      toAddress: to,
      subject,
      text,
      html,
      template: template.name,
      createdAt: new Date().toISOString(),
      sentAt: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * For mail that cannot wait for the next run (a password reset, a checkout
 * code): written to the outbox like any other, then relayed at once through the
 * same path, after the caller's answer rather than before it. The caller waits
 * for the outbox row only: a slow or failing mail server must neither slow its
 * answer (a reset for an existing account would take longer than one for an
 * unknown address) nor change it. A failed first try is left to the relay's
 * retries.
 */
export async function sendEmail<P>(
  template: EmailTemplate<P>,
  to: string,
  props: P,
): Promise<void> {
  const id = await queueEmail(db, template, to, props);
  let mailer: Mailer | null;
  try {
    mailer = getMailer(); // a malformed SMTP_URL throws here: the mail waits in the outbox
  } catch (error) {
    return logSendFailed(id, template.name, error);
  }
  if (mailer) void relayNow(id, template.name, mailer);
}

/** Tries one outbox row once the caller has gone on; never throws (the outcome is logged, the row records it). */
async function relayNow(id: number, template: string, mailer: Mailer): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  try {
    const outcome = await relayMail(db, id, new Date(), mailer);
    // still in the request's log context: the line carries the reqId of the request that sent it
    log().info({ type: "email", mailId: id, template, outcome, at: new Date().toISOString() });
  } catch (error) {
    logSendFailed(id, template, error);
  }
}

function logSendFailed(mailId: number, template: string, error: unknown) {
  log().error(
    { type: "email.send_failed", mailId, template },
    redactLogText((error as Error).message),
  );
}
