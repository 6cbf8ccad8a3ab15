// The development mailbox's recipient filter (/dev/mailbox, a GET form). The loader reads the
// query with it and the browser checks the form with it (decision 075); the e-mail input's own
// check is the browser's, as before.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { queryText } from "~/utils/query-fields";

export const MailboxFilterSchema = z.object({ to: queryText() });

export const mailboxFilterValidator = withZod(MailboxFilterSchema);

/** The filter as the query gives it; the schema refuses no query (a 400 were it to). */
export async function mailboxFilterOf(url: URL) {
  const result = await mailboxFilterValidator.validate(url.searchParams);
  if (!result.data) throw new Response("Bad request", { status: 400 });
  return result.data;
}
