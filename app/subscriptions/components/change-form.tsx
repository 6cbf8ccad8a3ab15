// One small form per subscriber action (skip, unskip, pause, resume, cancel).
// Without JS it is a plain post answered with a redirect to the confirmation
// (PRG) or the page with the refusal; with JS every form submits through one
// shared fetcher, so the refusal shows at the top of the page either way.
// Pause and cancel have fields: they are validated forms (their schemas in
// ../subscriber-schema.ts), the buttons-only ones plain forms.
import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { type Validator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError } from "~/components/forms";
import { SubmitButton, type ButtonVariant } from "~/components/submit-button";
import { subscriberFormValidators } from "../subscriber-form-validators";

export const CHANGE_FETCHER_KEY = "subscriber-change";

export type RefusalData = {
  refusal?: { message: string; subscriptionId: number; intent: string };
  /** a refused field of a validated form (its id), shown under that field instead of at the top */
  formId?: string;
  fieldErrors?: Record<string, string>;
};

export function useChangeFetcher() {
  return useFetcher<RefusalData>({ key: CHANGE_FETCHER_KEY });
}

type Intent = "skip" | "unskip" | "pause" | "resume" | "cancel";

/** The id of a change form with fields: the server's answer names it to put its errors under its fields. */
export const changeFormId = (intent: Intent, subscriptionId: number) =>
  `${intent}-${subscriptionId}`;

export function ChangeForm({
  intent,
  subscriptionId,
  fields,
  children,
  label,
  variant = "secondary",
  className,
  action = "/dashboard/my-deliveries",
  defaultValues,
}: {
  intent: Intent;
  subscriptionId: number;
  fields?: Record<string, string>;
  /** field components shown before the button: the form becomes a validated one */
  children?: ReactNode;
  label: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  /** where it posts: the page, or the page with its open confirmation (?cancel=) */
  action?: string;
  defaultValues?: Record<string, string>;
}) {
  const fetcher = useChangeFetcher();
  const mine =
    fetcher.state !== "idle" &&
    fetcher.formData?.get("intent") === intent &&
    fetcher.formData?.get("subscriptionId") === String(subscriptionId) &&
    Object.entries(fields ?? {}).every(([k, v]) => fetcher.formData?.get(k) === v);
  const inner = (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <SubmitButton variant={variant} pending={mine}>
        {label}
      </SubmitButton>
    </>
  );
  const validator =
    intent === "pause" || intent === "cancel"
      ? (subscriberFormValidators[intent] as Validator<Record<string, unknown>>)
      : null;
  if (!children || !validator) {
    return (
      <fetcher.Form method="post" action={action} className={className ?? "dash-inline-form"}>
        {inner}
      </fetcher.Form>
    );
  }
  const id = changeFormId(intent, subscriptionId);
  return (
    <ValidatedForm
      id={id}
      fetcher={fetcher}
      method="post"
      action={action}
      validator={validator}
      defaultValues={defaultValues}
      noValidate
      className={className ?? "dash-inline-form"}
    >
      <FocusFirstError formId={id} />
      {inner}
    </ValidatedForm>
  );
}
