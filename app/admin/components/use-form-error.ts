// The message of the whole-form refusal the action sent to this form (its formId), for
// forms.tsx's FormError. Field refusals reach their fields through remix-validated-form.
import { useActionData } from "@remix-run/react";

export function useFormError(formId: string): string | null {
  const answer = useActionData<{ formId?: unknown; formError?: unknown } | undefined>();
  return answer?.formId === formId && typeof answer.formError === "string"
    ? answer.formError
    : null;
}
