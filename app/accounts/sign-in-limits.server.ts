// The limits of a password sign-in (issue 34 item 5, docs/decisions/043). Each
// try is recorded before anything is checked, so tries sent at once are counted
// against each other. Then:
// - per client address (an IPv4 address or an IPv6 /64): at most
//   RATE_LIMIT_IP_MAX failures in the window, over all e-mails;
// - per e-mail and place: growing, capped delays after a few failures
//   (sign-in-slowdown.ts). The place is the client address, or a browser that
//   signed in to the account before (known-device.server.ts), which owes only
//   its own failures' delays and skips the per-address limit.
// A refused try is taken back (it was not checked, so it is no failure), and a
// right password takes back its try and forgets its place's failures. The
// rows are ordinary rate_limit_hits rows of the sign-in window.
import {
  RATE_LIMIT,
  RateLimitedError,
  assertRecordedWithin,
  clearHits,
  otherHits,
  recordAttempt,
  waitMessage,
} from "~/security/rate-limit.server";
import { SLOWDOWN, secondsToWait, type SlowdownPolicy } from "./sign-in-slowdown";

export const SIGN_IN_SLOWDOWN: SlowdownPolicy = { emailFree: RATE_LIMIT.max, ...SLOWDOWN };

type SignInKeys = { place: string; email?: string; address?: string };

/** The rate_limit_hits keys one try counts under. `knownDeviceId`: the browser's id when it knows this account. */
export function signInKeys(email: string, ip: string, knownDeviceId: string | null): SignInKeys {
  const e = email.trim().toLowerCase();
  if (knownDeviceId) return { place: `sign-in:device:${knownDeviceId}:${e}` };
  return {
    place: `sign-in:email-ip:${e}|${ip}`,
    email: `sign-in:email:${e}`,
    address: `sign-in:ip:${ip}`,
  };
}

export type SignInTry = {
  /** a right password: the try does not count, and its place's failures are forgotten */
  succeeded: () => Promise<void>;
};

/**
 * Records the try, then lets it be checked or throws RateLimitedError (with
 * the wait in its message) after taking the try back. A wrong password needs
 * nothing more: the recorded try is its failure.
 */
export async function admitSignIn({
  email,
  ip,
  knownDeviceId,
  now = new Date(),
}: {
  email: string;
  ip: string;
  knownDeviceId: string | null;
  now?: Date;
}): Promise<SignInTry> {
  const keys = signInKeys(email, ip, knownDeviceId);
  const attempt = await recordAttempt(
    [keys.place, ...(keys.email ? [keys.email] : []), ...(keys.address ? [keys.address] : [])],
    now,
  );
  try {
    const place = await otherHits(keys.place, attempt.ids, now);
    const emailFailures = keys.email ? (await otherHits(keys.email, attempt.ids, now)).count : 0;
    const wait = secondsToWait(
      { emailFailures, placeFailures: place.count, lastPlaceFailureAt: place.latest },
      now,
      SIGN_IN_SLOWDOWN,
    );
    if (wait > 0) throw new RateLimitedError(keys.place, wait, waitMessage(wait));
    if (keys.address) {
      await assertRecordedWithin([{ key: keys.address, max: RATE_LIMIT.ipMax }], now).catch(
        (error: RateLimitedError) => {
          throw new RateLimitedError(
            error.key,
            error.retryAfterSeconds,
            waitMessage(error.retryAfterSeconds),
          );
        },
      );
    }
  } catch (error) {
    await attempt.forget();
    throw error;
  }
  return {
    succeeded: async () => {
      await attempt.forget();
      await clearHits(keys.place);
    },
  };
}
