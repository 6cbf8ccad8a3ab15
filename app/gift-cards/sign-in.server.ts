// Signing in from a gift-card page (activation while signed out, the "email
// already taken" dialog at checkout) with the rules of /sign-in: the same
// validator, credential check, rate limits and fresh session.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { InvalidCredentialsError } from "~/accounts/auth.server";
import { formError, withoutSecrets } from "~/accounts/form-error";
import { signInWithPassword } from "~/accounts/password-sign-in.server";
import { signInValidator } from "~/accounts/validators.server";
import { RateLimitedError } from "~/security/rate-limit.server";

export async function signInHere(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  formId: string,
  redirectTo: (request: Request) => string,
) {
  const result = await signInValidator.validate(formData);
  if (result.error)
    return validationError({ ...result.error, formId }, withoutSecrets(result.submittedData));
  const refill = { email: String(formData.get("email") ?? "") };
  try {
    const { headers } = await signInWithPassword(request, context, result.data);
    return redirect(redirectTo(request), { status: 303, headers });
  } catch (error) {
    if (error instanceof InvalidCredentialsError)
      return data(
        { ...formError(formId, error.message, refill), signIn: true as const },
        { status: 400 },
      );
    if (error instanceof RateLimitedError) {
      return data(
        { ...formError(formId, error.message, refill), signIn: true as const },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}
