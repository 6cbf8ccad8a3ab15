import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AuthLayout } from "~/accounts/components/auth-layout";
import { RedirectNotice } from "~/accounts/components/redirect-notice";
import { formError, type FormErrorData } from "~/accounts/form-error";
import {
  InvalidResetTokenError,
  RESET_FAILED_MESSAGE,
  resetPassword,
} from "~/accounts/password-reset.server";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { getSession } from "~/accounts/session.server";
import { resetPasswordValidator } from "~/accounts/validators.server";
import { newPasswordFormValidator } from "~/accounts/form-validators";
import { AuthForm } from "~/accounts/components/auth-form";
import { FormSubmit } from "~/components/forms";
import { BRAND } from "~/config";
import { readForm } from "~/security/csrf.server";
import { pageMeta } from "~/utils/meta";
import accountsHref from "~/styles/accounts.css";
import { NewPasswordFields } from "~/accounts/components/new-password-fields";

const FORM_ID = "reset-password";

export const meta: MetaFunction = () =>
  pageMeta("Choose a new password", `Choose a new password for your ${BRAND.name} account.`);

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return {
    token: (params.get("token") ?? "").slice(0, 256),
    email: (params.get("email") ?? "").slice(0, 254),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const result = await resetPasswordValidator.validate(formData);
  const refill = {
    token: String(formData.get("token") ?? ""),
    email: String(formData.get("email") ?? ""),
  };
  if (result.error) {
    const { fieldErrors } = result.error;
    // The token and e-mail come from the link, not from the user: a bad one is a bad link.
    if (fieldErrors.token || fieldErrors.email)
      return data(formError(FORM_ID, RESET_FAILED_MESSAGE, refill), { status: 400 });
    return validationError(result.error, refill);
  }
  try {
    const session = await getSession(request);
    await resetPassword({
      token: result.data.token,
      email: result.data.email,
      password: result.data.password,
      keepSessionId: session?.id,
    });
  } catch (error) {
    if (error instanceof InvalidResetTokenError)
      return data(formError(FORM_ID, error.message, refill), { status: 400 });
    throw error;
  }
  return { changed: true as const };
}

export default function ResetPassword() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    (Partial<FormErrorData> & { changed?: true }) | undefined;
  if (actionData?.changed) {
    return (
      <AuthLayout eyebrow="All set" title="Password changed">
        <RedirectNotice to="/sign-in" linkLabel="Go to sign in now">
          <p>
            <strong>Password changed successfully</strong>
          </p>
          <p>
            Sign in with your new password. For your security we signed you out on your other
            devices.
          </p>
        </RedirectNotice>
      </AuthLayout>
    );
  }
  const linkIncomplete = !token || !email;
  return (
    <AuthLayout
      eyebrow="Account help"
      title="Choose a new password"
      intro={
        email ? (
          <p>
            For <strong>{email}</strong>. Use at least {PASSWORD_MIN_LENGTH} characters; a short
            phrase is easy to remember and hard to guess.
          </p>
        ) : null
      }
    >
      {linkIncomplete ? (
        <div className="form-alert form-alert--info auth__alert">
          <p>
            This page needs the link from your password reset e-mail.{" "}
            <Link to="/forgot-password">Ask for a reset link</Link>.
          </p>
        </div>
      ) : null}
      <AuthForm
        validator={newPasswordFormValidator}
        formId={FORM_ID}
        formError={actionData?.formError}
        errorMore={
          <p>
            The link may be wrong, already used or older than 60 minutes.{" "}
            <Link to="/forgot-password">Ask for a new link</Link>.
          </p>
        }
      >
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" value={email} />
        <NewPasswordFields />
        <FormSubmit className="button--block">Change password</FormSubmit>
      </AuthForm>
      <p className="auth__aside auth__aside--center">
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
