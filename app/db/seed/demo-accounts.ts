// The demo accounts the README prints with their passwords (and, for staff, their authenticator
// secrets): one list, read by the seed (which creates them only outside production) and by the
// start-up check that disables any of them found in a production database (decision 062).
import { DEMO_SECOND_SUBSCRIBER, DEMO_STAFF, DEMO_SUBSCRIBER } from "./catalogue";

// the seed takes the accounts it creates from here, so it can create none the check would miss
export { DEMO_SECOND_SUBSCRIBER, DEMO_STAFF, DEMO_SUBSCRIBER };

/** The demo customers' e-mails, as the README's "Demo accounts" table lists them. */
export const DEMO_CUSTOMER_EMAILS: readonly string[] = [
  DEMO_SUBSCRIBER.email,
  DEMO_SECOND_SUBSCRIBER.email,
];

/** The demo staff's e-mails, one per role, as the README's staff table lists them. */
export const DEMO_STAFF_EMAILS: readonly string[] = DEMO_STAFF.map((s) => s.email);

/** Every account whose password is public: none of them may be usable in production. */
export const DEMO_ACCOUNT_EMAILS: readonly string[] = [
  ...DEMO_CUSTOMER_EMAILS,
  ...DEMO_STAFF_EMAILS,
];

/** The README's password of each demo account (tests sign in with them to prove they are refused). */
export const DEMO_PASSWORDS: Readonly<Record<string, string>> = Object.fromEntries(
  [DEMO_SUBSCRIBER, DEMO_SECOND_SUBSCRIBER, ...DEMO_STAFF].map((a) => [a.email, a.password]),
);
