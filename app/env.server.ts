// Environment parsed once at boot; a bad value stops the server with a clear message.
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: z.string().default("file:./data/app.db"),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Paddock & Tide <hello@paddockandtide.com.au>"),
  /** enables /__test routes used by the e2e suite; never set in production */
  E2E_TEST_ROUTES: z.string().optional(),
  /**
   * Where the app runs. app/bin/start.mjs always sets NODE_ENV=production (that
   * is about React's build), so deployment strictness hangs on APP_ENV instead:
   * "production" requires SESSION_SECRET and APP_ORIGIN, marks cookies Secure and hides /dev pages.
   */
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** origin of links in e-mails; required in production so a forged Host header cannot aim a reset link elsewhere */
  APP_ORIGIN: z.string().url().optional(),
}).refine((e) => e.APP_ENV !== "production" || Boolean(e.APP_ORIGIN), {
  path: ["APP_ORIGIN"],
  message: "is required when APP_ENV=production (e.g. https://www.paddockandtide.com.au)",
});

const parsed = EnvSchema.safeParse(process.env);
if (!parsed.success) {
  throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}
export const env = parsed.data;

export const isProduction = env.APP_ENV === "production";
export const secureCookies = isProduction;
