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
   * Where the app runs. remix-serve always sets NODE_ENV=production (that is
   * about React's build), so deployment strictness hangs on APP_ENV instead:
   * "production" requires SESSION_SECRET, marks cookies Secure and hides /dev pages.
   */
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
});

const parsed = EnvSchema.safeParse(process.env);
if (!parsed.success) {
  throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}
export const env = parsed.data;

export const isProduction = env.APP_ENV === "production";
export const secureCookies = isProduction;
