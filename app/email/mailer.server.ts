// The one seam for outgoing e-mail. Code that sends mail renders a template
// and calls sendEmail(); which Mailer delivers it is decided here from the
// environment: SMTP (nodemailer) when SMTP_URL is set, otherwise the outbox
// table that /dev/mailbox lists.
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { db } from "~/db/client.server";
import { env } from "~/env.server";
import type { EmailTemplate } from "./template";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** the template's name, kept with the message for filtering and tests */
  template: string;
};

export interface Mailer {
  send(message: OutgoingEmail): Promise<void>;
}

/** Writes every message to email_outbox; nothing leaves the machine. */
export class OutboxMailer implements Mailer {
  async send(message: OutgoingEmail) {
    await db
      .insertInto("emailOutbox")
      .values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        template: message.template,
        createdAt: new Date().toISOString(),
        sentAt: null,
      })
      .execute();
  }
}

/**
 * Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
 * Nothing is copied to the outbox: messages carry secrets such as reset links,
 * which have no business sitting in the database of a production shop.
 */
export class SmtpMailer implements Mailer {
  private transport: nodemailer.Transporter;
  constructor(url: string, private from: string) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: OutgoingEmail) {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      headers: { "X-Template": message.template },
    });
    console.log(JSON.stringify({ level: "info", type: "email", template: message.template, at: new Date().toISOString() }));
  }
}

let mailer: Mailer | null = null;

export function getMailer(): Mailer {
  mailer ??= env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : new OutboxMailer();
  return mailer;
}

/** Lets tests (or a future queue) swap the delivery mechanism. */
export function setMailer(next: Mailer | null) {
  mailer = next;
}

/** Renders a template and hands it to the configured Mailer. */
export async function sendEmail<P>(template: EmailTemplate<P>, to: string, props: P, via: Mailer = getMailer()) {
  const { subject, text, html } = template.render(props);
  await via.send({ to, subject, text, html, template: template.name });
}

/**
 * Writes a rendered e-mail to the outbox through `executor`, so a message that
 * belongs to a money transaction (order confirmation, receipt, gift card) is
 * committed with it or not at all (a transactional outbox).
 */
export async function queueEmail<P>(executor: Kysely<DB>, template: EmailTemplate<P>, to: string, props: P) {
  const { subject, text, html } = template.render(props);
  await executor
    .insertInto("emailOutbox")
    .values({ toAddress: to, subject, text, html, template: template.name, createdAt: new Date().toISOString(), sentAt: null })
    .execute();
}
