// The rules of the card-testing limits (decision 042), free of the database so they can be unit
// tested. A new card typed anywhere (box checkout, pay an order, gift cards, the account page) is
// one attempt; a card the gateway then declines counts `declineWeight` in all. Each account and each
// client address has a budget of attempts in a sliding window; an attempt that would go over it is
// refused before anything reaches the gateway.
import { z } from "zod";
import { waitText } from "~/utils/wait-text";
import { digitsOnly } from "./card-rules";

const CardLimitEnv = z.object({
  /** attempts per account (signed in, or the e-mail a guest typed) in the window */
  CARD_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** attempts per client address (IPv6 by /64, see getClientIp) in the window */
  CARD_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  /** what a declined card counts, in attempts (the attempt itself included) */
  CARD_DECLINE_WEIGHT: z.coerce.number().int().positive().max(100).default(3),
  CARD_ATTEMPTS_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 30)
    .default(24),
});

export type CardLimitConfig = {
  perAccount: number;
  perAddress: number;
  declineWeight: number;
  windowHours: number;
};

/** The limits from the environment; a bad value stops the server with the variable's name. */
export function cardLimitConfig(
  source: Record<string, string | undefined> = process.env,
): CardLimitConfig {
  const parsed = CardLimitEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid card attempt limits: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  const e = parsed.data;
  return {
    perAccount: e.CARD_ATTEMPTS_PER_ACCOUNT,
    perAddress: e.CARD_ATTEMPTS_PER_ADDRESS,
    declineWeight: e.CARD_DECLINE_WEIGHT,
    windowHours: e.CARD_ATTEMPTS_WINDOW_HOURS,
  };
}

/** Who types a new card: the account it is for and the client address it comes from. */
export type CardAttempter = { userId: number; clientIp: string };

/** One budget: the rows of `card_attempts` with this scope, at most `max` in weight per window. */
export type Budget = { scope: string; max: number };

export function budgetsOf(who: CardAttempter, config: CardLimitConfig): Budget[] {
  return [
    { scope: `account:${who.userId}`, max: config.perAccount },
    { scope: `address:${who.clientIp}`, max: config.perAddress },
  ];
}

/**
 * What identifies one attempt. Copies of one submit (a double click, a resent form: the same
 * idempotency key) with the same card are one attempt, so they never use up the budget and still
 * get the first copy's answer; the same key with another card (its last four and expiry, which are
 * not secret) is another attempt. The account page has no key: each save is an attempt of its own.
 */
export function attemptIdOf(
  submitKey: string | null,
  card: { number: string; expMonth: number; expYear: number },
  random: () => string,
): string {
  if (!submitKey) return `once:${random()}`;
  return `${submitKey}|${digitsOnly(card.number).slice(-4)}|${card.expMonth}/${card.expYear}`;
}

export type Hit = { weight: number; createdAt: string };

/**
 * Null when a budget has room for one more attempt, given its hits inside the window; else the
 * seconds until enough of them have left the window.
 */
export function secondsUntilRoom(
  hits: Hit[],
  max: number,
  windowHours: number,
  now: Date,
): number | null {
  const used = hits.reduce((sum, h) => sum + h.weight, 0);
  if (used < max) return null;
  const oldestFirst = [...hits].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let left = used;
  for (const hit of oldestFirst) {
    left -= hit.weight;
    if (left < max) {
      const freeAt = new Date(hit.createdAt).getTime() + windowHours * 3_600_000;
      return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    }
  }
  return windowHours * 3600; // a budget of 0 never frees up; not reachable with positive limits
}

/** The message under the card number when a new card is refused by the limits. */
export function cardLimitMessage(retryAfterSeconds: number): string {
  return `Too many new cards have been tried from this account or connection. To protect card holders, please wait ${waitText(retryAfterSeconds, { about: true })} before trying a new card.`;
}
