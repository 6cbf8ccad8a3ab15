// Form posts for the sign-in and password-reset abuse checks (decision 076; were helpers of
// tests/e2e/accounts-abuse.spec.ts): a client whose posts name where they come from
// (X-Forwarded-For, believed from the loopback proxy under TRUST_PROXY=loopback), timed, and the
// reset that must answer the same for an account and an unknown address.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { uniqueEmail } from "../factories";
import { cookieJar, type BuiltServer, type RawAnswer } from "./built-server";

export type TimedAnswer = { response: RawAnswer; ms: number; body: string };

/** A client holding the CSRF token of the form on `path`; `post` sends that form from `from`. */
export async function formClient(server: BuiltServer, path: string) {
  const client = cookieJar(server);
  const csrf = await client.csrfToken(path);
  return {
    async post(from: string, fields: Record<string, string>): Promise<TimedAnswer> {
      const started = Date.now();
      const response = await client.send(path, {
        form: { csrf, ...fields },
        headers: { "X-Forwarded-For": from },
      });
      return { response, ms: Date.now() - started, body: response.text() };
    },
  };
}
export const signInForm = (server: BuiltServer) => formClient(server, "/sign-in");

/** The page without what differs on every answer: the CSP nonce and the CSRF token. */
const comparable = (html: string) =>
  html.replace(/nonce="[^"]*"/g, "").replace(/name="csrf" value="[^"]*"/g, "");

/**
 * Asks, from `from`, for a reset for `known` (an account) and for an unknown address; both must
 * get status 200 and the same page. Returns the account's e-mail and its answer.
 */
export async function resetForBoth(server: BuiltServer, known: string, from: string) {
  const unknown = uniqueEmail("nobody");
  const form = await formClient(server, "/forgot-password");
  const forKnown = await form.post(from, { email: known });
  const forUnknown = await form.post(from, { email: unknown });
  expect(forKnown.response.status).toBe(200);
  expect(forUnknown.response.status).toBe(200);
  expect(comparable(forKnown.body).replaceAll(known, unknown)).toBe(comparable(forUnknown.body));
  return { known, forKnown };
}

/** The outbox row of the mail to `to`, once `column` is set. */
export async function outboxRowOnce(db: Kysely<DB>, to: string, column: "sentAt" | "lastError") {
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom("emailOutbox")
            .select(column)
            .where("toAddress", "=", to)
            .executeTakeFirst()
        )?.[column] ?? null,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return db
    .selectFrom("emailOutbox")
    .selectAll()
    .where("toAddress", "=", to)
    .executeTakeFirstOrThrow();
}
