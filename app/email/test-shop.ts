// Every e-mail from a production shop on the payment sandbox says TEST (decision 063): in its
// subject, at the top of its text and at the top of its HTML, so no one takes it for a real receipt.
import type { RenderedEmail } from "./template";

export const TEST_SUBJECT_PREFIX = "[TEST] ";
export const TEST_EMAIL_NOTICE =
  "TEST: this e-mail comes from a test shop. No real payment was taken and no box will be delivered.";

export function markedAsTest(email: RenderedEmail): RenderedEmail {
  const notice = `<p style="margin:0;padding:8px 12px;background:#e8c98f;color:#1f1d1a;font-family:Helvetica,Arial,sans-serif;font-weight:bold;text-align:center">${TEST_EMAIL_NOTICE}</p>`;
  return {
    subject: `${TEST_SUBJECT_PREFIX}${email.subject}`,
    text: `${TEST_EMAIL_NOTICE}\n\n${email.text}`,
    html: /<body[^>]*>/.test(email.html)
      ? email.html.replace(/<body[^>]*>/, (body) => `${body}\n${notice}`)
      : `${notice}\n${email.html}`,
  };
}
