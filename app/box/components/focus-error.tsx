import { useEffect, useRef } from "react";
import { useFormContext } from "remix-validated-form";

/**
 * After a submit that failed validation (in the browser or on the server), focus
 * the first invalid field. Unlike focusing on every new error, this never pulls
 * focus back while a person is still moving through the form.
 */
export function FocusErrorOnSubmit({ formId }: { formId: string }) {
  const { fieldErrors } = useFormContext(formId);
  const submitted = useRef(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    const onSubmit = () => { submitted.current = true; };
    form?.addEventListener("submit", onSubmit, true);
    return () => form?.removeEventListener("submit", onSubmit, true);
  }, [formId]);
  const first = Object.keys(fieldErrors)[0];
  useEffect(() => {
    if (!first || !submitted.current) return;
    submitted.current = false;
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalid] input')?.focus();
  }, [first, fieldErrors, formId]);
  return null;
}
