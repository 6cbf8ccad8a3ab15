// Fixed-window-ish rate limiting backed by the rate_limit_hits table, so every
// app instance behind a load balancer shares the same counts.
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
import { clientAddress } from "./origin.server";

const RateLimitEnv = z.object({
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
});

export type RateLimitConfig = { max: number; ipMax: number; windowMinutes: number };

export function rateLimitConfig(source: Record<string, string | undefined> = process.env): RateLimitConfig {
  const parsed = RateLimitEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid rate limit settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return { max: parsed.data.RATE_LIMIT_MAX, ipMax: parsed.data.RATE_LIMIT_IP_MAX, windowMinutes: parsed.data.RATE_LIMIT_WINDOW_MINUTES };
}

export const RATE_LIMIT = rateLimitConfig();

export function tooManyAttemptsMessage(windowMinutes = RATE_LIMIT.windowMinutes) {
  return `Too many attempts. Please wait ${windowMinutes} minutes and try again.`;
}

export class RateLimitedError extends Error {
  constructor(public readonly key: string, public readonly retryAfterSeconds: number) {
    super(tooManyAttemptsMessage());
    this.name = "RateLimitedError";
  }
}

export type Limit = { key: string; max: number; windowMinutes?: number };

function windowStart(windowMinutes: number, now: Date) {
  return new Date(now.getTime() - windowMinutes * 60_000).toISOString();
}

/** Hits for `key` inside the window. */
export async function countHits(key: string, windowMinutes = RATE_LIMIT.windowMinutes, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("rateLimitHits")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("key", "=", key)
    .where("createdAt", ">", windowStart(windowMinutes, now))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Throws RateLimitedError when any of the limits is already used up. Records nothing. */
export async function assertUnderLimits(limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const windowMinutes = limit.windowMinutes ?? RATE_LIMIT.windowMinutes;
    const used = await countHits(limit.key, windowMinutes, now);
    if (used >= limit.max) {
      const oldest = await db
        .selectFrom("rateLimitHits")
        .select("createdAt")
        .where("key", "=", limit.key)
        .where("createdAt", ">", windowStart(windowMinutes, now))
        .orderBy("createdAt", "asc")
        .executeTakeFirst();
      const freeAt = oldest ? new Date(oldest.createdAt).getTime() + windowMinutes * 60_000 : now.getTime();
      throw new RateLimitedError(limit.key, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    }
  }
}

/** Records one attempt against each key, and prunes that key's expired hits. */
export async function recordHits(keys: string[], now = new Date(), windowMinutes = RATE_LIMIT.windowMinutes): Promise<void> {
  if (keys.length === 0) return;
  const createdAt = now.toISOString();
  await db.insertInto("rateLimitHits").values(keys.map((key) => ({ key, createdAt }))).execute();
  await db
    .deleteFrom("rateLimitHits")
    .where("key", "in", keys)
    .where("createdAt", "<=", windowStart(Math.max(windowMinutes, RATE_LIMIT.windowMinutes), now))
    .execute();
}

/** Checks the limits, then records the attempt: for actions where every try counts. */
export async function consume(limits: Limit[], now = new Date()): Promise<void> {
  await assertUnderLimits(limits, now);
  await recordHits(limits.map((l) => l.key), now);
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
 * trusted proxy names (see origin.server.ts); "unknown" only when the request
 * did not come through our server (a loader called directly by a test).
 */
export function getClientIp(request: Request, context: AppLoadContext): string {
  return clientAddress(request, context) ?? "unknown";
}
