// /admin/set-up/{token}: a new member of staff's one-time set-up link (issue 44, decision 064),
// from the owner's invitation or `npm run staff -- add`. The member chooses a password under the
// shop's rules (the shop's own new-password schema), then goes on to enrol an authenticator at
// /admin/sign-in, which then shows their recovery codes once. Works without JS.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AuthLayout } from "~/accounts/components/auth-layout";
import { newPasswordFormValidator } from "~/accounts/form-validators";
import { formError, type FormErrorData } from "~/accounts/form-error";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { newPasswordValidator } from "~/accounts/validators";
import { startStaffSession } from "~/staff/staff-session.server";
import { completeSetup, findSetupLink, InvalidSetupLinkError } from "~/admin/staff/staff.server";
import { newTotpSecret } from "~/admin/totp.server";
import { AuthForm } from "~/accounts/components/auth-form";
import { FormSubmit } from "~/components/forms";
import { loaderAndActionHeaders } from "~/http/route-headers";
import { readForm } from "~/security/csrf.server";
import { getClientIp } from "~/security/rate-limit.server";
import { pageMeta } from "~/utils/meta";
import accountsHref from "~/styles/accounts.css";
import adminHref from "~/styles/admin.css";
import { NewPasswordFields } from "~/accounts/components/new-password-fields";

const FORM_ID = "staff-set-up";

export const handle = { backOffice: "sign-in" };

export const meta: MetaFunction = () => [
  ...pageMeta("Set up your staff account", "Choose your back-office password."),
  { name: "robots", content: "noindex" },
];

export const links = () => [
  { rel: "stylesheet", href: accountsHref },
  { rel: "stylesheet", href: adminHref },
];

export const headers = loaderAndActionHeaders;

const tokenOf = (params: { token?: string }) => (params.token ?? "").slice(0, 256);

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findSetupLink(tokenOf(params));
  return data(
    link ? { valid: true as const, email: link.email, name: link.name } : { valid: false as const },
    { status: link ? 200 : 410, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = tokenOf(params);
  const form = await readForm(request);
  const result = await newPasswordValidator.validate(form);
  if (result.error) return validationError({ ...result.error, formId: FORM_ID });
  try {
    const ip = getClientIp(request, context);
    const { userId, enrolled } = await completeSetup(token, result.data.password, ip);
    // the password step is done: the sign-in page goes on to the authenticator
    const setCookie = await startStaffSession(request, {
      userId,
      ip,
      enrolSecret: enrolled ? null : newTotpSecret(),
    });
    return redirect("/admin/sign-in", { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof InvalidSetupLinkError)
      return data(formError(FORM_ID, error.message, {}), { status: 410 });
    throw error;
  }
}

export default function StaffSetUp() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Partial<FormErrorData> | undefined;
  if (!page.valid)
    return (
      <AuthLayout eyebrow="Back office" title="This link does not work">
        <div className="form-alert form-alert--error auth__alert" role="alert">
          <p>
            This set-up link is not valid any more: it was used, replaced by a newer one, or it is
            more than 24 hours old. Ask the owner for a new invitation.
          </p>
        </div>
      </AuthLayout>
    );
  return (
    <AuthLayout
      eyebrow="Back office"
      title="Set up your staff account"
      intro={
        <p>
          Welcome, {page.name}. Choose a password for <strong>{page.email}</strong>: at least{" "}
          {PASSWORD_MIN_LENGTH} characters; a short phrase is easy to remember and hard to guess.
          Next, you set up an authenticator app.
        </p>
      }
    >
      <AuthForm
        validator={newPasswordFormValidator}
        formId={FORM_ID}
        formError={actionData?.formError}
      >
        <input
          type="email"
          name="username"
          value={page.email}
          autoComplete="username"
          readOnly
          hidden
        />
        <NewPasswordFields label="Password" />
        <FormSubmit className="button--block">Save and continue</FormSubmit>
      </AuthForm>
    </AuthLayout>
  );
}
