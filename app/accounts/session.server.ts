// Database-backed sessions. The signed HttpOnly cookie holds only a random
// session id; the row holds the user and the draft subscription of the box flow.
// A session lasts 30 days at most and ends after 14 days unused (./session-lifetime.ts).
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { createCookie, redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { User } from "~/db/schema";
import { secureCookies } from "~/env.server";
import { cookieSecrets, currentKey } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { requestScope } from "~/log/log.server";
import {
  SESSION_DAYS,
  isSessionLive,
  recordedBefore,
  recordsUse,
  sessionEnd,
} from "./session-lifetime";

export const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  secure: secureCookies,
  sameSite: "lax",
  secrets: cookieSecrets(keyRing),
  maxAge: 60 * 60 * 24 * SESSION_DAYS,
});

export type SessionRecord = { id: string; userId: number | null; subscriptionId: number | null };

const newId = () => randomBytes(32).toString("base64url");
const expiry = () => sessionEnd(new Date());

async function cookieSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

const sessionUserById = preparedQuery(
  () => db,
  (q, id: string) =>
    q
      .selectFrom("sessions")
      .leftJoin("users", "users.id", "sessions.userId")
      .select([
        "sessions.id as sessionId",
        "sessions.userId as sessionUserId",
        "sessions.subscriptionId as sessionSubscriptionId",
        "sessions.expiresAt as sessionExpiresAt",
        "sessions.createdAt as sessionCreatedAt",
        "sessions.lastSeenAt as sessionLastSeenAt",
      ])
      .selectAll("users")
      .where("sessions.id", "=", id),
);

type SessionRead = { session: SessionRecord | null; stale: boolean; user: User | null };

/**
 * One read per page view: the root, the layout and the page loader of a GET each guard themselves,
 * and Remix hands each of them its own copy of the Request, so the read is kept per request served
 * (the request log's scope, which all of its loaders share) and per cookie. Nothing is kept past
 * the request. Only reads: a POST's action may sign in or out, or bind a draft, before the loaders
 * run again, so it always reads afresh.
 */
const readsOfPageViews = new WeakMap<
  object,
  { cookie: string | null; read: Promise<SessionRead> }
>();

/**
 * The live session of this request with its user, in one prepared query, read once per GET
 * (above). Every session read goes through it (an anonymous session's join finds no user).
 */
function readSessionUser(request: Request): Promise<SessionRead> {
  if (request.method !== "GET" && request.method !== "HEAD") return querySessionUser(request);
  const scope = requestScope() ?? request;
  const cookie = request.headers.get("Cookie");
  const kept = readsOfPageViews.get(scope);
  if (kept && kept.cookie === cookie) return kept.read;
  const read = querySessionUser(request);
  readsOfPageViews.set(scope, { cookie, read });
  return read;
}

async function querySessionUser(request: Request): Promise<SessionRead> {
  const id = await cookieSessionId(request);
  if (!id) return { session: null, stale: false, user: null };
  const [row] = await sessionUserById(id);
  const now = new Date();
  const times = row && {
    createdAt: row.sessionCreatedAt,
    expiresAt: row.sessionExpiresAt,
    lastSeenAt: row.sessionLastSeenAt,
  };
  if (!times || !isSessionLive(times, now)) return { session: null, stale: true, user: null };
  // a disabled account's session opens nothing (its rows are deleted when it is disabled; this
  // covers one that slipped in between): read as ended, like an expired one (decision 062)
  if (row.disabledAt) return { session: null, stale: true, user: null };
  if (recordsUse(times, now)) await recordUse(id, now);
  const {
    sessionId,
    sessionUserId,
    sessionSubscriptionId,
    sessionExpiresAt: _e,
    sessionCreatedAt: _c,
    sessionLastSeenAt: _l,
    ...user
  } = row;
  return {
    session: { id: sessionId, userId: sessionUserId, subscriptionId: sessionSubscriptionId },
    stale: false,
    user: sessionUserId !== null && user.id !== null ? (user as User) : null,
  };
}

/**
 * Slides the idle limit. Only when the last recorded use is an hour old (recordsUse), so a session
 * costs one write an hour, not one per request; the condition is repeated in the update so requests
 * at the same moment do not all write.
 */
async function recordUse(id: string, now: Date) {
  await db
    .updateTable("sessions")
    .set({ lastSeenAt: now.toISOString() })
    .where("id", "=", id)
    .where((eb) => eb(eb.fn.coalesce("lastSeenAt", "createdAt"), "<=", recordedBefore(now)))
    .execute();
}

/** The live session of this request, or null. `stale` tells a cookie whose row expired, went unused too long or was ended. */
export async function readSession(
  request: Request,
): Promise<{ session: SessionRecord | null; stale: boolean }> {
  const { session, stale } = await readSessionUser(request);
  return { session, stale };
}

export async function getSession(request: Request) {
  return (await readSession(request)).session;
}

/** The live session and its signed-in user (null for an anonymous session), from the same read. */
export async function getSessionAndUser(
  request: Request,
): Promise<{ session: SessionRecord | null; user: User | null }> {
  const { session, user } = await readSessionUser(request);
  return { session, user };
}

/** Returns the session, creating an anonymous one when needed (with its Set-Cookie header). */
export async function getOrCreateSession(
  request: Request,
): Promise<{ session: SessionRecord; setCookie: string | null }> {
  const existing = await getSession(request);
  if (existing) return { session: existing, setCookie: null };
  const session = await insertSession({ userId: null, subscriptionId: null });
  return { session, setCookie: await sessionCookie.serialize(session.id) };
}

async function insertSession(values: {
  userId: number | null;
  subscriptionId: number | null;
}): Promise<SessionRecord> {
  const id = newId();
  await db
    .insertInto("sessions")
    .values({ id, ...values, createdAt: new Date().toISOString(), expiresAt: expiry() })
    .execute();
  return { id, ...values };
}

export async function getUser(request: Request): Promise<User | null> {
  return (await readSessionUser(request)).user;
}

function here(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * The signed-in user, or: a 401 (session-expired state) when the cookie points
 * at an expired or ended session, else a redirect to sign-in that comes back here.
 */
export async function requireUser(request: Request): Promise<User> {
  const { user, stale } = await readSessionUser(request);
  if (user) return user;
  if (stale) throw new Response("Your session has expired.", { status: 401 });
  throw redirect(`/sign-in?destination=${encodeURIComponent(here(request))}`);
}

/** Signs the user in on a fresh session id (fixation-safe), keeping the draft box of the old session. */
export async function startUserSession(request: Request, userId: number): Promise<string> {
  const old = await getSession(request);
  if (old) await db.deleteFrom("sessions").where("id", "=", old.id).execute();
  const session = await insertSession({ userId, subscriptionId: old?.subscriptionId ?? null });
  return sessionCookie.serialize(session.id);
}

export async function endSession(request: Request): Promise<string> {
  const id = await cookieSessionId(request);
  if (id) await db.deleteFrom("sessions").where("id", "=", id).execute();
  return sessionCookie.serialize("", { maxAge: 0 });
}

export async function endOtherSessions(userId: number, exceptSessionId?: string) {
  let q = db.deleteFrom("sessions").where("userId", "=", userId);
  if (exceptSessionId) q = q.where("id", "!=", exceptSessionId);
  await q.execute();
}

/**
 * The session a checkout signs its new customer into. Its id is derived from
 * the browser's old session id and the submit's idempotency key with the
 * server secret, so a duplicate of the same submit (double click, resent form)
 * answers with the very same session, and nobody without the secret can
 * predict it. The old session stays readable a few minutes for those duplicates.
 */
const checkoutSessionKey = currentKey(keyRing, "checkout-session");

export function checkoutSessionId(oldSessionId: string, idempotencyKey: string): string {
  // the current key only: a duplicate comes within minutes, a rotation's restart at worst makes it a new session
  return createHmac("sha256", checkoutSessionKey)
    .update(`${oldSessionId}:${idempotencyKey}`)
    .digest("base64url");
}

export async function startCheckoutSession(
  trx: Kysely<DB>,
  old: SessionRecord,
  userId: number,
  idempotencyKey: string,
): Promise<string> {
  const id = checkoutSessionId(old.id, idempotencyKey);
  await trx
    .insertInto("sessions")
    .values({
      id,
      userId,
      subscriptionId: old.subscriptionId,
      createdAt: new Date().toISOString(),
      expiresAt: expiry(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const grace = new Date(Date.now() + 5 * 60_000).toISOString();
  await trx
    .updateTable("sessions")
    .set({ expiresAt: grace })
    .where("id", "=", old.id)
    .where("expiresAt", ">", grace)
    .execute();
  return id;
}

/** The Set-Cookie header for a session id made by startCheckoutSession. */
export async function sessionCookieFor(id: string) {
  return sessionCookie.serialize(id);
}

/** Whether a session row exists and is live (used to answer duplicates of a checkout). */
export async function sessionExists(id: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select(["createdAt", "expiresAt", "lastSeenAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  return Boolean(row && isSessionLive(row, new Date()));
}
