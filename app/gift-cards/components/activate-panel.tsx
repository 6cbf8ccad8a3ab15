// The Activate tab's parts: the answer's dialogs (card activated, card refused), the code form and,
// signed out, the sign-in that claims the waiting code.
import { Link } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import { Dialog } from "~/components/dialog";
import { FocusFirstError, FormSubmit, TextField } from "~/components/forms";
import { formatAud } from "~/utils/money";
import { activateFormValidator } from "../form-validators";
import { ACTIVATION_MESSAGES } from "../rules";
import { InlineSignIn } from "./inline-sign-in";

export const FORM_ID = "gift-activate";
export const SIGN_IN_ID = "gift-activate-sign-in";
// Without JS an answer is a new page that would open at the top, its message below the fold on a
// phone: the form posts to (and success redirects to) this #fragment, so the page lands on the panel.
export const LAND = "#activate-title";

export type ActivateActionData = {
  signInNeeded?: boolean;
  failed?: string;
  code?: string;
  formError?: string;
  formId?: string;
};

type Activated = { last4: string; valueCents: number; expires: string | null };

export function ActivatedDialog({
  activated,
  balanceCents,
}: {
  activated: Activated | null;
  balanceCents: number | null;
}) {
  return (
    <Dialog
      open={Boolean(activated)}
      tone="success"
      returnFocusTo={FORM_ID}
      title={ACTIVATION_MESSAGES.success}
      actions={
        <>
          <Link className="button button--primary" to="/get-started">
            Build a box
          </Link>
          <Link className="button button--secondary" to="/gift-cards/activate" replace>
            Close
          </Link>
        </>
      }
    >
      {activated ? (
        <>
          <p>
            {formatAud(activated.valueCents)} from the gift card{" "}
            <span aria-hidden="true">•••• </span>
            <span className="visually-hidden">ending in </span>
            {activated.last4} was added to your credit.
          </p>
          <p>
            Your credit balance is now{" "}
            <strong data-testid="new-balance">{formatAud(balanceCents ?? 0)}</strong>.
          </p>
          {activated.expires ? (
            <p className="gift-activate__expiry">Gift card valid until {activated.expires}.</p>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}

export function RefusedDialog({ message }: { message: string | undefined }) {
  return (
    <Dialog
      open={Boolean(message)}
      tone="error"
      returnFocusTo={FORM_ID}
      title="We couldn't activate this card"
      actions={
        <Link className="button button--primary" to={`/gift-cards/activate`} replace>
          Ok
        </Link>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

export function ActivateForm({ code, activated }: { code: string; activated: boolean }) {
  return (
    <ValidatedForm
      id={FORM_ID}
      validator={activateFormValidator}
      method="post"
      action={`/gift-cards/activate${LAND}`}
      noValidate
      className="form gift-activate__form"
      defaultValues={{ code }}
      // a new code, or an activation done (with JS the typed code would otherwise stay in the field)
      key={activated ? "activated" : code}
    >
      <CsrfInput />
      <FocusFirstError formId={FORM_ID} />
      <TextField
        name="code"
        label="Activation code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="16 letters and numbers, e.g. ABCD-EFGH-JKLM-NPQR. Spaces and dashes don't matter."
        maxLength={40}
        className="gift-activate__code"
      />
      <FormSubmit formId={FORM_ID}>Activate</FormSubmit>
    </ValidatedForm>
  );
}

/** Signed out: the code waits in a cookie while the person signs in here. */
export function SignInToClaim({ error }: { error: string | null | undefined }) {
  return (
    <div className="gift-activate__sign-in" id="sign-in-to-claim">
      <div className="form-alert form-alert--info" role="status">
        <p>{ACTIVATION_MESSAGES.signInFirst}</p>
      </div>
      <h3 className="gift-activate__sign-in-title">Sign in to claim your card</h3>
      <InlineSignIn formId={SIGN_IN_ID} action="/gift-cards/activate" error={error} />
      <p className="gift-activate__aside">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <div className="gift-activate__create">
        <p>
          No account yet? Your account is created with your first box, and we keep your code until
          then (for a day).
        </p>
        <Link className="button button--secondary" to="/get-started">
          Create an account
        </Link>
      </div>
    </div>
  );
}
