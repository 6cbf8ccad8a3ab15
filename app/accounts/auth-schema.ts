// Form schemas of sign-in, forgot and reset password, run in the browser (remix-validated-form)
// and again in the actions. EmailSchema and PasswordSchema are the shared
// building blocks: checkout and gift cards compose them too.
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  emailProblem,
} from "./email-address";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
} from "./password-rules";

export { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, EMAIL_TOO_LONG_MESSAGE };

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH_MESSAGE };

/**
 * Trimmed, lower-cased e-mail: every form's e-mail field (decision 040). Empty and malformed values
 * share the spec's message, a value over 254 characters says so, and is never matched against the
 * pattern (zod would run `.email()` after a failed `.max()`).
 */
export const EmailSchema = z
  .string({ required_error: EMAIL_MESSAGE, invalid_type_error: EMAIL_MESSAGE })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, fatal: true });
  })
  .transform((value) => value.toLowerCase());

/**
 * A new password: 8 to 128 characters. Length is what makes a password strong;
 * composition rules only push people towards predictable patterns.
 */
export const PasswordSchema = z
  .string({ required_error: "Password is required", invalid_type_error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A new password with its confirmation; compose into any form that sets a password. */
export const NewPasswordFields = {
  password: PasswordSchema,
  passwordConfirmation: z
    .string({
      required_error: "Please confirm your password",
      invalid_type_error: "Please confirm your password",
    })
    .min(1, "Please confirm your password"),
};

/** Adds the "Password do not match" check on passwordConfirmation to an object schema. */
export function withMatchingPasswords<T extends z.ZodTypeAny>(schema: T) {
  return schema.superRefine((value: { password?: string; passwordConfirmation?: string }, ctx) => {
    if (value.passwordConfirmation && value.password !== value.passwordConfirmation) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["passwordConfirmation"],
        message: PASSWORD_MISMATCH_MESSAGE,
      });
    }
  });
}

/** Sign-in checks only presence: an old password may predate today's rule. */
export const SIGN_IN_PASSWORD_MAX = 1024;
export const SIGN_IN_PASSWORD_TOO_LONG = `Password must be at most ${SIGN_IN_PASSWORD_MAX} characters`;

export const SignInSchema = z.object({
  email: EmailSchema,
  // longer than any new password may be (128), for passwords set before that rule; a megabyte is never hashed
  password: z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .max(SIGN_IN_PASSWORD_MAX, SIGN_IN_PASSWORD_TOO_LONG),
  destination: z.string().max(2048).optional(),
});

export const ForgotPasswordSchema = z.object({
  email: EmailSchema,
});

/** The visible part of the reset form (token and e-mail travel in hidden fields from the link). */
export const NewPasswordSchema = withMatchingPasswords(z.object(NewPasswordFields));

export const ResetPasswordSchema = withMatchingPasswords(
  z.object({
    token: z
      .string({ required_error: "Reset link is missing its token" })
      .min(1, "Reset link is missing its token")
      .max(256),
    email: EmailSchema,
    ...NewPasswordFields,
  }),
);

export type SignInInput = z.infer<typeof SignInSchema>;
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
