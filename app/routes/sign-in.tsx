import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { InvalidCredentialsError } from "~/accounts/auth.server";
import { AuthLayout } from "~/accounts/components/auth-layout";
import { formError, withoutSecrets, type FormErrorData } from "~/accounts/form-error";
import { afterSignInPath } from "~/accounts/sign-in.server";
import { signInWithPassword } from "~/accounts/password-sign-in.server";
import { getUser } from "~/accounts/session.server";
import { signInValidator } from "~/accounts/validators.server";
import { signInFormValidator } from "~/accounts/form-validators";
import { AuthForm } from "~/accounts/components/auth-form";
import { FormSubmit, TextField } from "~/components/forms";
import { BRAND } from "~/config";
import { loaderAndActionHeaders } from "~/http/route-headers";
import { readForm } from "~/security/csrf.server";
import { RateLimitedError } from "~/security/rate-limit.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import accountsHref from "~/styles/accounts.css";
import type { RenderCacheHandle } from "~/http/render-template.server";

const FORM_ID = "sign-in";

// an anonymous visitor's page is its URL and loader data: rendered once, filled per request (decision 085)
export const handle = { renderCache: "anonymous" } satisfies RenderCacheHandle;

export const meta: MetaFunction = () =>
  pageMeta("Sign in", `Sign in to your ${BRAND.name} account to manage your deliveries and boxes.`);

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

// the action's Retry-After reaches a document request (JavaScript off) too
export const headers = loaderAndActionHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const destination = new URL(request.url).searchParams.get("destination");
  if (await getUser(request)) throw redirect(afterSignInPath(request, destination));
  return { destination: safeRedirect(destination, "") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const result = await signInValidator.validate(formData);
  if (result.error) return validationError(result.error, withoutSecrets(result.submittedData));
  const refill = {
    email: String(formData.get("email") ?? ""),
    destination: result.data.destination ?? "",
  };
  try {
    const { headers } = await signInWithPassword(request, context, result.data);
    return redirect(afterSignInPath(request, result.data.destination), { headers });
  } catch (error) {
    if (error instanceof InvalidCredentialsError)
      return data(formError(FORM_ID, error.message, refill), { status: 400 });
    if (error instanceof RateLimitedError) {
      return data(formError(FORM_ID, error.message, refill), {
        status: 429,
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      });
    }
    throw error;
  }
}

export default function SignIn() {
  const { destination } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Partial<FormErrorData> | undefined;
  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Sign in"
      intro={<p>Manage your deliveries, add-ons and gift cards.</p>}
    >
      <AuthForm validator={signInFormValidator} formId={FORM_ID} formError={actionData?.formError}>
        <input type="hidden" name="destination" value={destination} />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <p className="auth__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <FormSubmit className="button--block">Sign in</FormSubmit>
      </AuthForm>
      <div className="auth__footer">
        <p>New to {BRAND.name}? Your account is created when you order your first box.</p>
        <Link className="button button--secondary button--block" to="/get-started">
          Get started
        </Link>
      </div>
    </AuthLayout>
  );
}
