// Environment parsed once at boot; a bad value stops the server with a clear message.
import { z } from "zod";

/** Whether `value` is a URL of one of `protocols`. */
function hasProtocol(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A test-only duration: unset, or whole milliseconds from `min` to `max` ("5s", "5000.5", " 5000" refused). */
const testMilliseconds = (min: number, max: number) =>
  z
    .string()
    .optional()
    .refine(
      // a plain integer written as JavaScript writes it back: no sign, space, exponent or leading zero
      (v) =>
        v === undefined ||
        (String(Number(v)) === v && Number.isInteger(+v) && +v >= min && +v <= max),
      { message: `use whole milliseconds from ${min} to ${max}, or leave it unset` },
    )
    .transform((v) => (v === undefined ? undefined : Number(v)));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** a typo ("postgress://", "sqlite:") would otherwise open a new, empty SQLite file of that name */
    DATABASE_URL: z
      .string()
      .refine((v) => v === "" || /^(file:|postgres:\/\/|postgresql:\/\/)/.test(v), {
        message: "use file:<path> (SQLite) or postgres://... (PostgreSQL)",
      })
      .default("file:./data/app.db"),
    SESSION_SECRET: z.string().min(16).optional(),
    /** during a key rotation, the secret SESSION_SECRET had before: still verifies and opens, never signs (decision 060) */
    SESSION_SECRET_PREVIOUS: z.string().min(16).optional(),
    /** unset or empty: mail stays in the outbox; anything else must be an SMTP URL, not silently fail at each send */
    SMTP_URL: z
      .string()
      .refine((v) => v === "" || hasProtocol(v, ["smtp:", "smtps:"]), {
        message:
          "use smtp://host:port or smtps://user:pass@host:port, or leave it unset to keep mail in the outbox",
      })
      .optional(),
    MAIL_FROM: z.string().default("Paddock & Tide <hello@paddockandtide.com.au>"),
    /**
     * Opens /test-hooks/* for the e2e suite (sign in as anyone, run renewals at any instant). It fails
     * closed: exactly "1" opens them, unset or empty leaves them shut, and any other value ("0",
     * "false", "yes") stops the server instead of being read as true; never with APP_ENV=production.
     */
    E2E_TEST_ROUTES: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === "" || v === "1", {
        message: "use exactly 1 to open the e2e test routes, or leave it unset",
      })
      .transform((v) => v === "1"),
    /**
     * Where the app runs. app/bin/start.mjs always sets NODE_ENV=production (that
     * is about React's build), so deployment strictness hangs on APP_ENV instead:
     * "production" requires SESSION_SECRET and APP_ORIGIN, marks cookies Secure and hides /dev pages.
     */
    APP_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** origin of links in e-mails; required in production so a forged Host header cannot aim a reset link elsewhere */
    APP_ORIGIN: z
      .string()
      .refine((v) => hasProtocol(v, ["http:", "https:"]), {
        message: "use an http(s) origin such as https://www.paddockandtide.com.au",
      })
      .optional(),
    /**
     * The card payment gateway (app/payments/gateway-config.server.ts, decision 063). Only "sandbox"
     * exists so far: the in-app test gateway that approves 4242 4242 4242 4242. Unset means the
     * sandbox in development and test; with APP_ENV=production it must be named, and the shop then
     * says on every page, invoice and e-mail that it is a test shop.
     */
    PAYMENT_GATEWAY: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === "sandbox", {
        message:
          "use sandbox (the in-app test gateway, the only one so far); no real gateway exists yet",
      })
      .transform((v) => (v === undefined ? undefined : ("sandbox" as const))),
    /** new boxes and accounts one client address may start at /get-started per rate-limit window (app/box/start-limit.server.ts) */
    GET_STARTED_IP_MAX: z.coerce.number().int().positive().default(20),
    /**
     * APP_ENV=test only (decision 076): how long the sandbox's slow test card takes to answer
     * (default PAYMENTS.sandboxSlowCardMs, 25 s) and how long a second press waits for a payment
     * under way (default PAYMENTS.pressWaitMs, 20 s), so the suites' slow-gateway tests take
     * seconds. Whole milliseconds only; set with any other APP_ENV, the server refuses to start.
     */
    TEST_SLOW_CARD_MS: testMilliseconds(1_000, 60_000),
    TEST_PRESS_WAIT_MS: testMilliseconds(500, 20_000),
  })
  .refine((e) => e.APP_ENV !== "production" || Boolean(e.APP_ORIGIN), {
    path: ["APP_ORIGIN"],
    message: "is required when APP_ENV=production (e.g. https://www.paddockandtide.com.au)",
  })
  .refine((e) => !(e.APP_ENV === "production" && e.NODE_ENV === "development"), {
    // Remix's development mode sends every server error's message and stack to the browser
    path: ["NODE_ENV"],
    message: "must not be development when APP_ENV=production (it shows server errors to visitors)",
  })
  .refine((e) => e.APP_ENV !== "production" || e.PAYMENT_GATEWAY !== undefined, {
    // the sandbox approves a public test card: a production shop must not take it by default
    path: ["PAYMENT_GATEWAY"],
    message:
      "is required when APP_ENV=production. No real gateway exists yet: PAYMENT_GATEWAY=sandbox runs the test sandbox, which takes no real payments and marks the shop as a test shop",
  })
  .refine((e) => !(e.APP_ENV === "production" && e.E2E_TEST_ROUTES), {
    path: ["E2E_TEST_ROUTES"],
    message: "must not be set when APP_ENV=production",
  })
  .refine((e) => e.APP_ENV === "test" || e.TEST_SLOW_CARD_MS === undefined, {
    path: ["TEST_SLOW_CARD_MS"],
    message: "is a test setting: only with APP_ENV=test",
  })
  .refine((e) => e.APP_ENV === "test" || e.TEST_PRESS_WAIT_MS === undefined, {
    path: ["TEST_PRESS_WAIT_MS"],
    message: "is a test setting: only with APP_ENV=test",
  });

const parsed = EnvSchema.safeParse(process.env);
if (!parsed.success) {
  throw new Error(
    `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
  );
}
export const env = parsed.data;

export const isProduction = env.APP_ENV === "production";
export const secureCookies = isProduction;
