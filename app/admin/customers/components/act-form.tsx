// One act-for form of the customer page: a plain POST (works without JavaScript) carrying the CSRF
// token, its intent and subscription; with JavaScript its button says it is working. A refusal for
// this form shows right above its button, in an alert.
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";

export type ActRefusal = {
  intent: string;
  subscriptionId: number | null;
  message: string;
  values: Record<string, string>;
};

export function refusalFor(
  refusal: ActRefusal | undefined,
  intent: string | string[],
  subscriptionId: number | null = null,
): ActRefusal | null {
  if (!refusal) return null;
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!intents.includes(refusal.intent)) return null;
  if (subscriptionId !== null && refusal.subscriptionId !== subscriptionId) return null;
  return refusal;
}

export function ActForm({
  intent,
  subscriptionId,
  label,
  pendingLabel,
  buttonLabel,
  tone = "secondary",
  refusal,
  fields,
  className = "admin-inline-form",
  extra,
}: {
  intent: string;
  subscriptionId?: number;
  /** the button's text */
  label: string;
  pendingLabel: string;
  /** a fuller name for screen readers when the button's text is short ("Skip the delivery on …") */
  buttonLabel?: string;
  tone?: "primary" | "secondary" | "quiet";
  refusal?: ActRefusal | null;
  fields?: ReactNode;
  className?: string;
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
    <Form method="post" className={className} preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {subscriptionId ? <input type="hidden" name="subscriptionId" value={subscriptionId} /> : null}
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {fields}
      {refusal ? (
        <p className="form-alert form-alert--error care-refusal" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <button
        type="submit"
        className={`button button--${tone}`}
        aria-label={buttonLabel}
        aria-disabled={pending || undefined}
      >
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}
