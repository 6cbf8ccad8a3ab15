// The act-for forms of the customer page, carrying the CSRF token, their intent and subscription.
// ActForm: a button alone (skip, unskip, resume), a plain POST. CareForm: a form with fields
// (pause, cancel, the next box, credit), validated in the browser and again by the action; its
// refusal shows right above its button, in an alert, and what was typed stays.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type Validator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { useFormError } from "~/admin/components/use-form-error";
import { careFormId } from "~/admin/customers/customer-schema";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormError, FormSubmit } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";

function Hidden({
  intent,
  subscriptionId,
  extra,
}: {
  intent: string;
  subscriptionId?: number;
  extra?: Record<string, string>;
}) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {subscriptionId ? <input type="hidden" name="subscriptionId" value={subscriptionId} /> : null}
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

export function ActForm({
  intent,
  subscriptionId,
  label,
  buttonLabel,
  tone = "secondary",
  extra,
}: {
  intent: string;
  subscriptionId?: number;
  /** the button's text */
  label: string;
  /** a fuller name for screen readers when the button's text is short ("Skip the delivery on …") */
  buttonLabel?: string;
  tone?: "primary" | "secondary" | "quiet";
  /** further hidden inputs (the delivery date) */
  extra?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    String(navigation.formData?.get("subscriptionId") ?? "") === String(subscriptionId ?? "") &&
    Object.entries(extra ?? {}).every(([k, v]) => navigation.formData?.get(k) === v);
  return (
    <Form method="post" className="admin-inline-form" preventScrollReset>
      <Hidden intent={intent} subscriptionId={subscriptionId} extra={extra} />
      <SubmitButton variant={tone} pending={pending} aria-label={buttonLabel}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export function CareForm<T extends Record<string, unknown>>({
  intent,
  subscriptionId,
  validator,
  label,
  tone = "secondary",
  className = "admin-inline-form",
  extra,
  defaultValues,
  children,
}: {
  intent: "pause" | "cancel" | "box" | "credit";
  subscriptionId?: number;
  validator: Validator<T>;
  label: string;
  tone?: "primary" | "secondary" | "quiet";
  className?: string;
  extra?: Record<string, string>;
  /** the fields' text as the page starts it */
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}) {
  const formId = careFormId(intent, subscriptionId ?? null);
  return (
    <ValidatedForm
      validator={validator}
      method="post"
      id={formId}
      noValidate
      className={className}
      preventScrollReset
      defaultValues={defaultValues as never}
    >
      <Hidden intent={intent} subscriptionId={subscriptionId} extra={extra} />
      <FocusFirstError formId={formId} />
      {children}
      <FormError message={useFormError(formId)} />
      <FormSubmit variant={tone} formId={formId}>
        {label}
      </FormSubmit>
    </ValidatedForm>
  );
}

/** Whether the action answered this form (to open the <details> it sits in). */
export function useAnswered(formId: string): boolean {
  const answer = useActionData<{ formId?: unknown } | undefined>();
  return answer?.formId === formId;
}
