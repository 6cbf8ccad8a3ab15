// Sliding-window rate limiting backed by the rate_limit_hits table, so every
// app instance behind a load balancer shares the same counts.
//
// An attempt is recorded before it is checked (`consume`, `recordAttempt`):
// each try's row is committed, then the rows of its key are counted, so of any
// number of tries sent at once at most `max` see a count within the limit (the
// last of them to count sees every row of the ones before). A refused try
// removes its own rows, so hammering a closed limit keeps it no longer closed.
//
// Limits come from the environment (read here, validated with zod):
//   RATE_LIMIT_MAX             tries per key (e.g. per e-mail) in the window, default 10
//   RATE_LIMIT_IP_MAX          tries per client IP in the window, default 100
//   RATE_LIMIT_WINDOW_MINUTES  the window, default 15
// The IP limit is deliberately loose: many people can share one address
// (offices, mobile carriers, a shop behind one proxy that TRUST_PROXY does not
// name; the e2e suite runs every test from 127.0.0.1).
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { waitText } from "~/utils/wait-text";
import { addressKey } from "./address-key";
import { clientAddress } from "./origin.server";

const RateLimitEnv = z.object({
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
});

export type RateLimitConfig = { max: number; ipMax: number; windowMinutes: number };

export function rateLimitConfig(
  source: Record<string, string | undefined> = process.env,
): RateLimitConfig {
  const parsed = RateLimitEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid rate limit settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  return {
    max: parsed.data.RATE_LIMIT_MAX,
    ipMax: parsed.data.RATE_LIMIT_IP_MAX,
    windowMinutes: parsed.data.RATE_LIMIT_WINDOW_MINUTES,
  };
}

export const RATE_LIMIT = rateLimitConfig();

export function tooManyAttemptsMessage(windowMinutes = RATE_LIMIT.windowMinutes) {
  return `Too many attempts. Please wait ${windowMinutes} minutes and try again.`;
}

/** The same words with the actual wait (see `waitText`). */
export function waitMessage(seconds: number) {
  return `Too many attempts. Please wait ${waitText(seconds)} and try again.`;
}

export class RateLimitedError extends Error {
  constructor(
    public readonly key: string,
    public readonly retryAfterSeconds: number,
    message = tooManyAttemptsMessage(),
  ) {
    super(message);
    this.name = "RateLimitedError";
  }
}

export type Limit = { key: string; max: number; windowMinutes?: number };

function windowStart(windowMinutes: number, now: Date) {
  return new Date(now.getTime() - windowMinutes * 60_000).toISOString();
}

/** Hits for `key` inside the window. */
export async function countHits(
  key: string,
  windowMinutes = RATE_LIMIT.windowMinutes,
  now = new Date(),
): Promise<number> {
  const row = await db
    .selectFrom("rateLimitHits")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("key", "=", key)
    .where("createdAt", ">", windowStart(windowMinutes, now))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Seconds until the oldest hit of `key` in the window leaves it (at least 1). */
async function secondsUntilFree(key: string, windowMinutes: number, now: Date): Promise<number> {
  const oldest = await db
    .selectFrom("rateLimitHits")
    .select("createdAt")
    .where("key", "=", key)
    .where("createdAt", ">", windowStart(windowMinutes, now))
    .orderBy("createdAt", "asc")
    .executeTakeFirst();
  const freeAt = oldest
    ? new Date(oldest.createdAt).getTime() + windowMinutes * 60_000
    : now.getTime();
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** The first limit whose count is past `allowed(limit)`, with its retry time; null when all are within. */
async function firstExceeded(
  limits: Limit[],
  now: Date,
  allowed: (limit: Limit) => number,
): Promise<RateLimitedError | null> {
  for (const limit of limits) {
    const windowMinutes = limit.windowMinutes ?? RATE_LIMIT.windowMinutes;
    if ((await countHits(limit.key, windowMinutes, now)) > allowed(limit)) {
      return new RateLimitedError(limit.key, await secondsUntilFree(limit.key, windowMinutes, now));
    }
  }
  return null;
}

/**
 * Throws RateLimitedError when any of the limits is already used up. Records
 * nothing, so it is a look, not a turn: tries sent at once all pass it. To
 * count a try, use `consume`.
 */
export async function assertUnderLimits(limits: Limit[], now = new Date()): Promise<void> {
  const exceeded = await firstExceeded(limits, now, (l) => l.max - 1);
  if (exceeded) throw exceeded;
}

/** The rows one attempt wrote; `forget` takes them back (a refused try, or one that should not count). */
export type Attempt = { ids: number[]; at: Date; forget: () => Promise<void> };

/**
 * Records one attempt against each key (one row per key, one timestamp) and
 * prunes those keys' expired rows. The rows are committed when this returns,
 * so every count made afterwards, in any process, sees them.
 */
export async function recordAttempt(
  keys: string[],
  now = new Date(),
  windowMinutes = RATE_LIMIT.windowMinutes,
): Promise<Attempt> {
  const createdAt = now.toISOString();
  const rows = keys.length
    ? await db
        .insertInto("rateLimitHits")
        .values(keys.map((key) => ({ key, createdAt })))
        .returning("id")
        .execute()
    : [];
  const ids = rows.map((r) => r.id);
  if (keys.length) await pruneExpired(keys, now, windowMinutes);
  return { ids, at: now, forget: () => forgetHits(ids) };
}

async function pruneExpired(keys: string[], now: Date, windowMinutes: number) {
  await db
    .deleteFrom("rateLimitHits")
    .where("key", "in", keys)
    .where("createdAt", "<=", windowStart(Math.max(windowMinutes, RATE_LIMIT.windowMinutes), now))
    .execute();
}

export async function forgetHits(ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom("rateLimitHits").where("id", "in", ids).execute();
}

/** Records one attempt against each key, and prunes that key's expired hits. */
export async function recordHits(
  keys: string[],
  now = new Date(),
  windowMinutes = RATE_LIMIT.windowMinutes,
): Promise<void> {
  await recordAttempt(keys, now, windowMinutes);
}

/** The hits of `key` in the window other than `exclude` (an attempt's own rows): how many, and the newest one's time. */
export async function otherHits(
  key: string,
  exclude: number[],
  now = new Date(),
  windowMinutes = RATE_LIMIT.windowMinutes,
): Promise<{ count: number; latest: string | null }> {
  let q = db
    .selectFrom("rateLimitHits")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("createdAt").as("latest")])
    .where("key", "=", key)
    .where("createdAt", ">", windowStart(windowMinutes, now));
  if (exclude.length) q = q.where("id", "not in", exclude);
  const row = await q.executeTakeFirst();
  return { count: Number(row?.n ?? 0), latest: (row?.latest as string | null | undefined) ?? null };
}

/**
 * One try of an action where every try counts: recorded first, then checked
 * (so tries sent at once cannot all slip under the limit), and taken back when
 * refused. Returns the attempt, whose `forget` un-counts a try that turned out
 * not to count (e.g. a right password). Throws RateLimitedError.
 */
export async function consume(limits: Limit[], now = new Date()): Promise<Attempt> {
  // pruning keeps each key's longest window (an hourly limit must not lose its rows after 15 minutes)
  const longest = Math.max(...limits.map((l) => l.windowMinutes ?? RATE_LIMIT.windowMinutes));
  const attempt = await recordAttempt(
    limits.map((l) => l.key),
    now,
    longest,
  );
  try {
    await assertRecordedWithin(limits, now);
  } catch (error) {
    await attempt.forget();
    throw error;
  }
  return attempt;
}

/** After `recordAttempt`: throws RateLimitedError when a limit's count, this try's row included, is past its max. */
export async function assertRecordedWithin(limits: Limit[], now = new Date()): Promise<void> {
  const exceeded = await firstExceeded(limits, now, (l) => l.max);
  if (exceeded) throw exceeded;
}

export async function clearHits(key: string): Promise<void> {
  await db.deleteFrom("rateLimitHits").where("key", "=", key).execute();
}

/** The limits of one action for one e-mail and one client address. */
export function accountLimits(action: string, email: string, ip: string): Limit[] {
  return [
    { key: `${action}:email:${email.trim().toLowerCase()}`, max: RATE_LIMIT.max },
    { key: `${action}:ip:${ip}`, max: RATE_LIMIT.ipMax },
  ];
}

/**
 * The key of the per-address limits: the socket's peer, or the client a
 * trusted proxy names (see origin.server.ts), as an IPv4 address or an IPv6
 * /64 (address-key.ts); "unknown" only when the request did not come through
 * our server (a loader called directly by a test).
 */
export function getClientIp(request: Request, context: AppLoadContext): string {
  return addressKey(clientAddress(request, context) ?? "unknown");
}
