// The form of the sign-in and password pages (the shop's and a member of staff's set-up): the
// page's error above it, then a validated form that carries the CSRF token and moves focus to the
// first wrong field.
import type { ReactNode } from "react";
import { type Validator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError } from "~/components/forms";

export function AuthForm<T extends object>({
  validator,
  formId,
  formError,
  errorMore,
  before,
  children,
}: {
  validator: Validator<T>;
  formId: string;
  /** the server's message for the whole form, if any */
  formError?: string;
  /** what follows that message (a way out), inside the same alert */
  errorMore?: ReactNode;
  /** what sits between that message and the form (the staff enrolment's QR code) */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {formError ? (
        <div className="form-alert form-alert--error auth__alert" role="alert">
          <p>{formError}</p>
          {errorMore}
        </div>
      ) : null}
      {before}
      <ValidatedForm
        validator={validator}
        method="post"
        id={formId}
        noValidate
        className="form auth__form"
      >
        <CsrfInput />
        <FocusFirstError formId={formId} />
        {children}
      </ValidatedForm>
    </>
  );
}
