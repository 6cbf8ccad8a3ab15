// remix-validated-form validators of the account forms (one module so the
// zod code is shared by the account routes' chunks).
import { withZod } from "@remix-validated-form/with-zod";
import {
  ForgotPasswordSchema,
  NewPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
} from "./auth-schema";

export const signInValidator = withZod(SignInSchema);
export const forgotPasswordValidator = withZod(ForgotPasswordSchema);
export const resetPasswordValidator = withZod(ResetPasswordSchema);
/** The browser checks only the fields a person types; the server checks the link's token and e-mail too. */
export const newPasswordValidator = withZod(NewPasswordSchema);
