// A back-office service's refusal ({ message, field, values }) answered in the shape
// remix-validated-form reads: the message under its field when the form has that field, else as
// the form's own error (forms.tsx's FormError); what was typed comes back either way (JS off too).
import { data } from "@remix-run/node";

export type ServiceRefusal = {
  message: string;
  field: string | null;
  values: Record<string, unknown>;
};

export type RefusalData = {
  formId: string;
  fieldErrors: Record<string, string>;
  repopulateFields: Record<string, unknown>;
  formError?: string;
};

export function refusalData(
  formId: string,
  { message, field, values }: ServiceRefusal,
  fields?: readonly string[],
): RefusalData {
  const onField = field && (!fields || fields.includes(field));
  return onField
    ? { formId, fieldErrors: { [field]: message }, repopulateFields: values }
    : { formId, fieldErrors: {}, repopulateFields: values, formError: message };
}

/** The refusal as the action's answer, with the service's status (400, 409, 422…). */
export function refuse(
  formId: string,
  refusal: ServiceRefusal,
  status: number,
  fields?: readonly string[],
) {
  return data(refusalData(formId, refusal, fields), { status });
}
