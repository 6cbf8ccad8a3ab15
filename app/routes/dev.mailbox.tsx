// Development mailbox: the outbox, newest first, so a person can follow a
// reset link without a mail server; with SMTP_URL set it shows each message's
// status (sent, waiting for a retry, failed with the error) and only the
// redacted text of what has left. It lists password-reset links, so it
// answers only a browser on this machine (loopback socket, no forwarded
// address, and a Host of localhost, 127.0.0.1 or [::1] against DNS
// rebinding) and never when APP_ENV=production; everyone else gets a 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { FormSubmit, TextField } from "~/components/forms";
import { mailboxFilterBrowserValidator } from "~/email/form-validators";
import { mailboxFilterOf } from "~/email/mailbox-filter-schema";
import { listOutbox, type OutboxStatus } from "~/email/outbox.server";
import { isProduction } from "~/env.server";
import { addressedToLoopback, isLoopbackClient } from "~/security/origin.server";
import { pageMeta } from "~/utils/meta";
import accountsHref from "~/styles/accounts.css";

export const meta: MetaFunction = () => [
  ...pageMeta("Development mailbox", "E-mails the app has written to its outbox."),
  { name: "robots", content: "noindex" },
];

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isProduction || !isLoopbackClient(request, context) || !addressedToLoopback(request))
    throw new Response("Not found", { status: 404 });
  const { to } = await mailboxFilterOf(new URL(request.url));
  const messages = await listOutbox({ limit: 50, to: to || undefined });
  return { to, messages };
}

const sent = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Australia/Sydney",
});
const at = (iso: string) => sent.format(new Date(iso));

function statusText(s: OutboxStatus): string {
  switch (s.state) {
    case "kept":
      return "Kept here (no mail server configured)";
    case "sent":
      return `Sent ${at(s.at)}`;
    case "failed":
      return `Not sent: gave up ${at(s.at)} after ${s.attempts} ${s.attempts === 1 ? "try" : "tries"}${s.lastError ? ` (${s.lastError})` : ""}`;
    case "waiting":
      return s.attempts === 0
        ? "Waiting to be sent"
        : `Waiting to retry${s.nextAttemptAt ? ` after ${at(s.nextAttemptAt)}` : ""}: try ${s.attempts} failed${s.lastError ? ` (${s.lastError})` : ""}`;
  }
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  return (
    <section className="section mailbox" aria-labelledby="mailbox-title">
      <div className="container">
        <p className="eyebrow">Development only</p>
        <h1 id="mailbox-title">Mailbox</h1>
        <p className="mailbox__intro">
          Every e-mail the app sends lands here first. Without a mail server it stays here; with
          one, this page shows whether it was sent, is waiting for a retry or failed, and keeps only
          a copy with its links and codes removed. Only this machine can open this page, and it does
          not exist in production.
        </p>
        <ValidatedForm
          key={to}
          validator={mailboxFilterBrowserValidator}
          method="get"
          defaultValues={{ to }}
          className="mailbox__filter"
        >
          <TextField
            name="to"
            label="Recipient"
            type="email"
            placeholder="name@example.com"
            className="mailbox__to"
          />
          <FormSubmit variant="secondary">Filter</FormSubmit>
        </ValidatedForm>
        {messages.length === 0 ? (
          <p className="mailbox__empty">No e-mails{to ? ` to ${to}` : ""} yet.</p>
        ) : (
          <ol className="mailbox__list" role="list">
            {messages.map((m) => (
              <li key={m.id}>
                <article className="card mailbox__message" aria-labelledby={`mail-${m.id}`}>
                  <div className="card__body">
                    <h2 id={`mail-${m.id}`} className="mailbox__subject">
                      {m.subject}
                    </h2>
                    <dl className="mailbox__meta">
                      <dt>To</dt>
                      <dd>{m.to}</dd>
                      <dt>Written</dt>
                      <dd>
                        <time dateTime={m.createdAt}>{at(m.createdAt)}</time>
                      </dd>
                      <dt>Template</dt>
                      <dd>{m.template}</dd>
                      <dt>Status</dt>
                      <dd>{statusText(m.status)}</dd>
                    </dl>
                    {m.links.length > 0 ? (
                      <ul className="mailbox__links">
                        {m.links.map((href) => (
                          <li key={href}>
                            <a href={href} className="mailbox__link">
                              {href}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <details className="mailbox__body">
                      <summary>Show the message</summary>
                      <pre>{m.text}</pre>
                    </details>
                  </div>
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
