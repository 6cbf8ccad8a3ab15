// How a message leaves the machine. With SMTP_URL set, an SmtpMailer; without
// it there is no transport and mail stays in the outbox table (/dev/mailbox).
// The mail relay (./relay.server.ts) is the only caller.
import nodemailer from "nodemailer";
import { env } from "~/env.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** the template's name, kept with the message for filtering and tests */
  template: string;
  /** stable per outbox row, so a message sent again after a crash is recognisably the same one */
  messageId?: string;
};

export interface Mailer {
  send(message: OutgoingEmail): Promise<void>;
}

/** Well under the relay's lease (5 minutes): a hung server cannot outlive the claim. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailer implements Mailer {
  private transport: nodemailer.Transporter;
  constructor(
    url: string,
    private from: string,
  ) {
    this.transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  }
  async send(message: OutgoingEmail) {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      messageId: message.messageId,
      headers: { "X-Template": message.template },
    });
  }
}

let mailer: Mailer | null | undefined;

/** The configured transport, or null when mail stays in the outbox (no SMTP_URL). */
export function getMailer(): Mailer | null {
  if (mailer === undefined)
    mailer = env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : null;
  return mailer;
}

/** Lets tests point the relay at their own SMTP server (or a fake); null goes back to the environment's. */
export function setMailer(next: Mailer | null) {
  mailer = next ?? undefined;
}

/** The domain of MAIL_FROM (after its last "@", up to a closing ">"), for Message-IDs. */
export function mailDomain(from: string = env.MAIL_FROM): string {
  // no /@([^>\s]+)>?\s*$/ here: tried from every "@", it walks the rest each time
  let rest = from.slice(from.lastIndexOf("@") + 1).trimEnd();
  if (rest.endsWith(">")) rest = rest.slice(0, -1);
  return from.includes("@") && rest !== "" && !/[\s<>]/.test(rest) ? rest : "localhost";
}
