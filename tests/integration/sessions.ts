// A session row from the factories (tests/factories.ts) with the cookie a browser would send for it,
// signed as the app signs its own: for the suites that call services and route modules in process.
import { sessionCookie, type SessionRecord } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { createSession } from "../factories";

export type TestSession = SessionRecord & { cookie: string };

/** A new session, signed in as `userId` when given; `cookie` is its `__session=...` pair. */
export async function newSession(userId: number | null = null): Promise<TestSession> {
  const id = await createSession(db, { userId });
  return {
    id,
    userId,
    subscriptionId: null,
    cookie: (await sessionCookie.serialize(id)).split(";")[0],
  };
}
