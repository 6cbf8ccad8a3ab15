// What the two stepper steps (your cuts, add-ons) share: the one alert for the last refusal (of a
// stepper press with JS, or of the page's post without), and the summary's "Next step" form.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import type { StepperResult } from "./product-card";

/** The refusal the page's post answered (no JS), and the message of the last stepper press (JS). */
export function useStepperAlert() {
  const actionData = useActionData<{ error?: string | null; productId?: number | null }>();
  const [message, setMessage] = useState<string | null>(null);
  const onResult = useCallback((r: StepperResult) => setMessage(r.error ?? null), []);
  const refusal =
    actionData && "error" in actionData && actionData.error
      ? { productId: actionData.productId ?? null, error: actionData.error }
      : null;
  const alert = message ?? refusal?.error ?? null;
  return { refusal, alert, onResult, clearMessage: () => setMessage(null) };
}

export function StepAlert({ alert }: { alert: string | null }) {
  return alert ? (
    <p className="form-alert form-alert--error" role="alert">
      {alert}
    </p>
  ) : null;
}

/** "Next step"; while the step is not ready, a disabled button that points at why (`hintId`). */
export function NextStepForm({ ready = true, hintId }: { ready?: boolean; hintId?: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <CsrfInput />
      {ready ? (
        <SubmitButton
          className="button--block"
          name="intent"
          value="next"
          pending={navigation.formData?.get("intent") === "next"}
        >
          Next step
        </SubmitButton>
      ) : (
        <button
          type="button"
          className="button button--primary button--block"
          disabled
          aria-describedby={hintId}
        >
          Next step
        </button>
      )}
    </Form>
  );
}
