// The back office's sign-in forms (issue 36): the password step, then the authenticator code.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { SignInSchema } from "~/accounts/schemas";

export const StaffPasswordSchema = SignInSchema.pick({ email: true, password: true }).extend({
  redirectTo: z.string().max(2048).optional(),
});

export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app";
export const CODE_FORMAT = "The code is 6 digits";

export const StaffCodeSchema = z.object({
  code: z
    .string({ required_error: CODE_REQUIRED })
    .transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, CODE_REQUIRED)
        .regex(/^\d{6}$/, CODE_FORMAT),
    ),
  redirectTo: z.string().max(2048).optional(),
});

export const staffPasswordValidator = withZod(StaffPasswordSchema);
export const staffCodeValidator = withZod(StaffCodeSchema);
