// One section of "Change what comes next": its heading, the refusal of its last post, and a validated
// form that posts its `intent` to the section's anchor, so the answer (a refusal under the field, with
// the choice made kept) lands in view.
import type { ReactNode } from "react";
import { type Validator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormSubmit } from "~/components/forms";
import {
  CHANGE_FORMS,
  subscriberFormValidators,
  type ChangeSectionIntent,
} from "../subscriber-form-validators";

/** What a section needs from the page: where it posts, its refused change, and whether it is posting now. */
export type SectionState = { action: string; refusal: string | null; pending: boolean };

export function Refusal({ message }: { message: string | null }) {
  return message ? (
    <div className="form-alert form-alert--error dash-notice" role="alert">
      <p>{message}</p>
    </div>
  ) : null;
}

export function ChangeSection({
  intent,
  title,
  state,
  defaultValues,
  submit,
  submitDescribedBy = "applies-from",
  children,
}: {
  intent: ChangeSectionIntent;
  title: string;
  state: SectionState;
  /** the section's field as it stands */
  defaultValues: Record<string, string | undefined>;
  /** the save button's words */
  submit: string;
  submitDescribedBy?: string;
  children: ReactNode;
}) {
  const id = CHANGE_FORMS[intent];
  // each section's own schema; one field each, all optional text
  const validator = subscriberFormValidators[intent] as Validator<Record<string, unknown>>;
  return (
    <section className="dash-sub__section" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <Refusal message={state.refusal} />
      <ValidatedForm
        id={id}
        method="post"
        action={state.action}
        validator={validator}
        defaultValues={defaultValues}
        noValidate
      >
        <CsrfInput />
        <FocusFirstError formId={id} />
        <input type="hidden" name="intent" value={intent} />
        {children}
        <FormSubmit variant="secondary" aria-describedby={submitDescribedBy}>
          {submit}
        </FormSubmit>
      </ValidatedForm>
    </section>
  );
}
