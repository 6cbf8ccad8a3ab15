// The back office's sign-in forms (issue 36): the password step, then the authenticator code.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { SignInSchema } from "~/accounts/auth-schema";
import { normaliseRecoveryCode } from "~/staff/recovery-code-format";

export const StaffPasswordSchema = SignInSchema.pick({ email: true, password: true }).extend({
  redirectTo: z.string().max(2048).optional(),
});

export const CODE_REQUIRED =
  "Enter the 6-digit code from your authenticator app, or one of your recovery codes";
export const CODE_FORMAT =
  "The code is 6 digits; a recovery code is 8 letters and digits, like k7m2-qx4p";

/** A 6-digit authenticator code, or a recovery code (issue 44) normalised to "k7m2qx4p". */
export const StaffCodeSchema = z.object({
  code: z
    .string({ required_error: CODE_REQUIRED })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, CODE_REQUIRED))
    .transform((s, ctx) => {
      const digits = s.replace(/[\s-]/g, "");
      if (/^\d{6}$/.test(digits)) return digits;
      const recovery = normaliseRecoveryCode(s);
      if (recovery) return recovery;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CODE_FORMAT });
      return z.NEVER;
    }),
  redirectTo: z.string().max(2048).optional(),
});

export const staffPasswordValidator = withZod(StaffPasswordSchema);
export const staffCodeValidator = withZod(StaffCodeSchema);
