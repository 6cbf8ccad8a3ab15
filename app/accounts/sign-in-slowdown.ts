// How long a sign-in try must wait (issue 34 item 5, docs/decisions/043):
// wrong passwords slow sign-in down, with growing delays and a short cap, and
// never lock it. The delay is owed by the place the failures came from (an
// e-mail + client address pair, or a browser that signed in to the account
// before), measured from that place's own last failure, so an attacker
// elsewhere can lengthen the owner's wait after a typo to the cap at most,
// and never make them wait for someone else's tries.

export type SlowdownPolicy = {
  /** failures of one e-mail address, from anywhere, before its tries slow down */
  emailFree: number;
  /** failures of one e-mail from one place before its tries slow down */
  pairFree: number;
  /** the first delay; each further failure doubles it */
  baseSeconds: number;
  /** no try ever waits longer than this after the place's last failure */
  capSeconds: number;
};

/** The shop's numbers but for `emailFree` (RATE_LIMIT_MAX, sign-in-limits.server.ts). */
export const SLOWDOWN = { pairFree: 5, baseSeconds: 2, capSeconds: 60 } as const;

/** The delay after `steps` failures past a free allowance (0: the first slowed try). */
export function slowdownSeconds(steps: number, policy: SlowdownPolicy): number {
  return Math.min(policy.capSeconds, policy.baseSeconds * 2 ** Math.min(steps, 30));
}

export type FailuresSoFar = {
  /** failures for the e-mail in the window, from every place (0 for a known browser: it does not share them) */
  emailFailures: number;
  /** failures for the e-mail from this place in the window */
  placeFailures: number;
  /** when this place's newest failure was recorded (null: none in the window) */
  lastPlaceFailureAt: string | null;
};

/** Whole seconds this try must still wait; 0 when it may be checked now. */
export function secondsToWait(failures: FailuresSoFar, now: Date, policy: SlowdownPolicy): number {
  const steps = Math.max(
    failures.emailFailures - policy.emailFree,
    failures.placeFailures - policy.pairFree,
  );
  if (steps < 0 || !failures.lastPlaceFailureAt) return 0;
  const due = Date.parse(failures.lastPlaceFailureAt) + slowdownSeconds(steps, policy) * 1000;
  return Math.max(0, Math.ceil((due - now.getTime()) / 1000));
}
