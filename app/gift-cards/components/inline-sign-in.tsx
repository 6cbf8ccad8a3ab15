// A sign-in form inside a gift-card page (activation while signed out, the
// "email already taken" dialog at checkout). It posts `intent=sign-in` to the
// page's own action, which signs in with the account rules of /sign-in.
import { ValidatedForm } from "~/components/validated-form";
import { signInFormValidator } from "~/accounts/form-validators";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormSubmit, TextField } from "~/components/forms";

export function InlineSignIn({
  formId,
  action,
  email,
  error,
}: {
  formId: string;
  action: string;
  email?: string;
  error?: string | null;
}) {
  return (
    <ValidatedForm
      validator={signInFormValidator}
      method="post"
      action={action}
      id={formId}
      noValidate
      className="form gift-sign-in"
      defaultValues={{ email: email ?? "" }}
    >
      <CsrfInput />
      <FocusFirstError formId={formId} />
      <input type="hidden" name="intent" value="sign-in" />
      {error ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
      />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" />
      <FormSubmit formId={formId}>Sign in</FormSubmit>
    </ValidatedForm>
  );
}
