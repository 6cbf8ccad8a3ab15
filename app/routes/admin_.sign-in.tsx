// /admin/sign-in: the back office's sign-in, in two steps (app/admin/staff-sign-in.server.ts):
// e-mail and password, then the authenticator code, or the enrolment of an authenticator at a
// first sign-in. Each step is a POST answered with a redirect back here (works without JS), told
// apart by its `intent` (dispatchIntent).
import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { InvalidCredentialsError } from "~/accounts/auth.server";
import { AuthForm } from "~/accounts/components/auth-form";
import { AuthLayout } from "~/accounts/components/auth-layout";
import { formError, withoutSecrets, type FormErrorData } from "~/accounts/form-error";
import { getUser } from "~/accounts/session.server";
import { homeOf, isStaffRole } from "~/staff/permissions";
import {
  staffCodeFormValidator,
  staffPasswordFormValidator,
} from "~/admin/sign-in-form-validators";
import { staffCodeValidator, staffPasswordValidator } from "~/admin/sign-in-schema";
import { codeStepSignIn, passwordStep, pendingSignIn } from "~/admin/staff-sign-in.server";
import { endStaffSession, getStaff } from "~/staff/staff-session.server";
import { groupedSecret, otpauthUri, qrCode } from "~/admin/totp.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormSubmit, TextField } from "~/components/forms";
import { dispatchIntent } from "~/http/intents.server";
import { loaderAndActionHeaders } from "~/http/route-headers";
import { readForm } from "~/security/csrf.server";
import { RateLimitedError } from "~/security/rate-limit.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import accountsHref from "~/styles/accounts.css";
import adminHref from "~/styles/admin.css";

const PASSWORD_FORM = "staff-password";
const CODE_FORM = "staff-code";

export const handle = { backOffice: "sign-in" };

export const meta: MetaFunction = () =>
  pageMeta("Back office sign-in", "Sign in to the Paddock & Tide back office.");

export const links = () => [
  { rel: "stylesheet", href: accountsHref },
  { rel: "stylesheet", href: adminHref },
];

export const headers = loaderAndActionHeaders;

/** Only back-office pages are places to come back to. */
function destination(value: string | null | undefined): string {
  const target = safeRedirect(value, "");
  return /^\/admin(\/|\?|$)/.test(target) && !target.startsWith("/admin/sign-") ? target : "";
}

/** Who gets the page: a signed-in customer without a staff role gets the 404 of every /admin URL. */
async function refuseCustomers(request: Request) {
  const customer = await getUser(request);
  if (customer && !isStaffRole(customer.staffRole))
    throw new Response("Not found", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = destination(new URL(request.url).searchParams.get("redirectTo"));
  const staff = await getStaff(request, context);
  if (staff) throw redirect(redirectTo || homeOf(staff.role));
  await refuseCustomers(request);
  const pending = await pendingSignIn(request);
  if (!pending) return { step: "password" as const, redirectTo };
  if (pending.enrolSecret) {
    const uri = otpauthUri(pending.enrolSecret, pending.email);
    return {
      step: "enrol" as const,
      redirectTo,
      email: pending.email,
      locked: pending.locked,
      secret: groupedSecret(pending.enrolSecret),
      qr: qrCode(uri),
    };
  }
  return { step: "code" as const, redirectTo, email: pending.email, locked: pending.locked };
}

const here = (redirectTo: string) =>
  `/admin/sign-in${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;

type SignInAction = {
  request: Request;
  context: AppLoadContext;
  form: FormData;
  redirectTo: string;
};

/** "Use another account": the pending sign-in ends and the page starts over. */
async function restart({ request, redirectTo }: SignInAction) {
  return redirect(here(redirectTo), {
    headers: { "Set-Cookie": await endStaffSession(request) },
  });
}

async function codeStep({ request, context, form, redirectTo }: SignInAction) {
  const result = await staffCodeValidator.validate(form);
  if (result.error) return validationError(result.error, { redirectTo });
  const signedIn = await codeStepSignIn(request, context, result.data.code);
  // a new enrolment shows its 10 recovery codes, once, before anything else
  if (signedIn.ok && signedIn.recoveryCodes)
    return redirect("/admin/recovery-codes", {
      headers: { "Set-Cookie": signedIn.setCookie },
    });
  if (signedIn.ok)
    return redirect(redirectTo || homeOf(signedIn.role), {
      headers: { "Set-Cookie": signedIn.setCookie },
    });
  // an expired pending sign-in starts over at the password step, saying why
  if (signedIn.reason === "expired")
    return data(formError(PASSWORD_FORM, signedIn.message, { redirectTo }), {
      status: 400,
      headers: { "Set-Cookie": await endStaffSession(request) },
    });
  return data(formError(CODE_FORM, signedIn.message, { redirectTo }), {
    status: signedIn.reason === "locked" ? 429 : 400,
  });
}

async function passwordStepAction({ request, context, form, redirectTo }: SignInAction) {
  const result = await staffPasswordValidator.validate(form);
  if (result.error) return validationError(result.error, withoutSecrets(result.submittedData));
  const refill = { email: result.data.email, redirectTo };
  try {
    const { setCookie } = await passwordStep(request, context, result.data);
    return redirect(here(redirectTo), { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof InvalidCredentialsError)
      return data(formError(PASSWORD_FORM, error.message, refill), { status: 400 });
    if (error instanceof RateLimitedError)
      return data(formError(PASSWORD_FORM, error.message, refill), {
        status: 429,
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      });
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseCustomers(request);
  const form = await readForm(request);
  const redirectTo = destination(String(form.get("redirectTo") ?? ""));
  return dispatchIntent(
    form,
    { restart, code: codeStep, password: passwordStepAction },
    { request, context, form, redirectTo },
  );
}

/** The QR code of the authenticator key: dark modules on a white square with a 4-module quiet zone. */
function QrCode({ size, path }: { size: number; path: string }) {
  const quiet = 4;
  return (
    <svg
      role="img"
      aria-label="QR code of your authenticator key"
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={path} fill="#1f1d1a" />
    </svg>
  );
}

type SignInPage = ReturnType<typeof useLoaderData<typeof loader>>;

export default function StaffSignIn() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Partial<FormErrorData> | undefined;
  if (page.step === "password")
    return <PasswordStep redirectTo={page.redirectTo} formError={actionData?.formError} />;
  return <CodeStep page={page} formError={actionData?.formError ?? page.locked ?? undefined} />;
}

function PasswordStep({ redirectTo, formError }: { redirectTo: string; formError?: string }) {
  return (
    <AuthLayout
      eyebrow="Back office"
      title="Staff sign-in"
      intro={
        <p>
          Sign in with your staff e-mail and password. Next, you enter a code from your
          authenticator app.
        </p>
      }
    >
      <AuthForm validator={staffPasswordFormValidator} formId={PASSWORD_FORM} formError={formError}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <FormSubmit className="button--block">Continue</FormSubmit>
      </AuthForm>
    </AuthLayout>
  );
}

/** Step 2: the authenticator code, after enrolling one (a QR code and its key) at a first sign-in. */
function CodeStep({
  page,
  formError,
}: {
  page: Exclude<SignInPage, { step: "password" }>;
  formError?: string;
}) {
  const enrol = page.step === "enrol";
  return (
    <AuthLayout
      eyebrow="Back office"
      title={enrol ? "Set up your authenticator" : "Enter your code"}
      intro={
        enrol ? (
          <p>
            Your account has no authenticator yet. Scan the QR code with an authenticator app, or
            type the key into it, then enter the 6-digit code it shows. Next, you get 10 recovery
            codes to keep.
          </p>
        ) : (
          <p>
            Open your authenticator app and enter the 6-digit code for {page.email}. Without your
            phone, enter one of your recovery codes instead.
          </p>
        )
      }
    >
      <AuthForm
        validator={staffCodeFormValidator}
        formId={CODE_FORM}
        formError={formError}
        before={
          enrol ? (
            <div className="staff-enrol">
              <figure className="staff-enrol__qr">
                <QrCode size={page.qr.size} path={page.qr.path} />
                <figcaption>
                  Key for {page.email}: <code className="staff-enrol__secret">{page.secret}</code>
                </figcaption>
              </figure>
            </div>
          ) : null
        }
      >
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <TextField
          name="code"
          label={enrol ? "Authenticator code" : "Authenticator code or recovery code"}
          hint={
            enrol
              ? "6 digits. A new code comes every 30 seconds."
              : "6 digits from your app (a new code every 30 seconds), or a recovery code like k7m2-qx4p. Each recovery code works once."
          }
          autoComplete="one-time-code"
          inputMode={enrol ? "numeric" : "text"}
          maxLength={12}
          spellCheck={false}
        />
        <FormSubmit className="button--block">
          {enrol ? "Confirm and sign in" : "Sign in"}
        </FormSubmit>
      </AuthForm>
      <Form method="post" className="auth__aside">
        <CsrfInput />
        <input type="hidden" name="intent" value="restart" />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <button type="submit" className="button button--quiet">
          Use another account
        </button>
      </Form>
    </AuthLayout>
  );
}
