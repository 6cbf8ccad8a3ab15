import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AuthLayout } from "~/accounts/components/auth-layout";
import { RedirectNotice } from "~/accounts/components/redirect-notice";
import { formError, type FormErrorData } from "~/accounts/form-error";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { forgotPasswordValidator } from "~/accounts/validators.server";
import { appOrigin } from "~/accounts/origin.server";
import { forgotPasswordFormValidator } from "~/accounts/form-validators";
import { AuthForm } from "~/accounts/components/auth-form";
import { FormSubmit, TextField } from "~/components/forms";
import { BRAND } from "~/config";
import { loaderAndActionHeaders } from "~/http/route-headers";
import { readForm } from "~/security/csrf.server";
import { RateLimitedError, getClientIp } from "~/security/rate-limit.server";
import { pageMeta } from "~/utils/meta";
import accountsHref from "~/styles/accounts.css";
import type { RenderCacheHandle } from "~/http/render-template.server";

const FORM_ID = "forgot-password";
const SENT_MESSAGE =
  "If an account exists for that address, we've sent it a link to reset your password. Check your inbox (and the spam folder).";

// an anonymous visitor's page is its URL and loader data: rendered once, filled per request (decision 085)
export const handle = { renderCache: "anonymous" } satisfies RenderCacheHandle;

export const meta: MetaFunction = () =>
  pageMeta("Forgot your password?", `Reset the password of your ${BRAND.name} account.`);

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

// the action's Retry-After reaches a document request (JavaScript off) too
export const headers = loaderAndActionHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const result = await forgotPasswordValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  try {
    await requestPasswordReset({
      email: result.data.email,
      ip: getClientIp(request, context),
      origin: appOrigin(request),
    });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return data(
        formError(FORM_ID, error.message, { email: String(formData.get("email") ?? "") }),
        {
          status: 429,
          headers: { "Retry-After": String(error.retryAfterSeconds) },
        },
      );
    }
    throw error;
  }
  return { sent: true as const };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>() as
    (Partial<FormErrorData> & { sent?: true }) | undefined;
  if (actionData?.sent) {
    return (
      <AuthLayout eyebrow="Check your inbox" title="Reset link sent">
        <RedirectNotice to="/sign-in" linkLabel="Go to sign in now">
          <p>{SENT_MESSAGE}</p>
        </RedirectNotice>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      eyebrow="Account help"
      title="Forgot your password?"
      intro={
        <p>
          Enter the e-mail address of your account and we'll send you a link to choose a new
          password. The link works for 60 minutes.
        </p>
      }
    >
      <AuthForm
        validator={forgotPasswordFormValidator}
        formId={FORM_ID}
        formError={actionData?.formError}
      >
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <div className="auth__actions">
          <FormSubmit>Send reset link</FormSubmit>
          <Link to="/sign-in" className="button button--secondary">
            Cancel
          </Link>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}
