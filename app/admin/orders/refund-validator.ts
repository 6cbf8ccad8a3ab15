// The refund form's validator: remix-validated-form's shape around the refund schema's own reader
// (readRefundForm), which turns the "qty-{line}" fields into lines and refuses a line field the page
// did not write. The browser runs it through the library; the action runs the same reader on the
// raw form (checkRefundForm). An error not about one field ("form") is the form's own.
import { createValidator } from "remix-validated-form";
import { fieldErrorsOf, readRefundForm, type RefundForm } from "~/admin/refunds/refund-schema";

export const REFUND_FORM_ID = "refund";

/** The form's values back as FormData: the reader reads it as the action received it. */
function formDataOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const v of Array.isArray(value) ? value : [value])
      if (typeof v === "string") form.append(name, v);
  return form;
}

/**
 * The action's check, on the form exactly as posted: remix-validated-form reads "a.b" names as
 * paths, so a hand-made "qty-9.0" would not reach the reader through it and go unrefused.
 */
export function checkRefundForm(form: FormData) {
  const { parsed } = readRefundForm(form);
  return parsed.success
    ? { data: parsed.data, error: undefined }
    : { data: undefined, error: fieldErrorsOf(parsed.error) as Record<string, string> };
}

const check = (values: Record<string, unknown>) => checkRefundForm(formDataOf(values));

export const refundValidator = createValidator<RefundForm>({
  validate: async (values) => check(values),
  // a line's quantity is checked with the lines on submit: "lines" carries their one message
  validateField: async (values, field) => ({ error: check(values).error?.[field] }),
});
