// A form-level error (not tied to one field) in the shape ValidatedForm reads
// from action data, so the fields the user typed are refilled without JS.
export type FormErrorData = {
  fieldErrors: Record<string, string>;
  formId: string;
  repopulateFields: Record<string, unknown>;
  formError: string;
};

export function formError(
  formId: string,
  message: string,
  repopulateFields: Record<string, unknown>,
): FormErrorData {
  return { fieldErrors: {}, formId, repopulateFields, formError: message };
}

/** The submitted values minus secrets, for refilling a form after an error. */
export function withoutSecrets(
  values: Record<string, unknown>,
  secrets = ["password", "passwordConfirmation", "csrf"],
) {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !secrets.includes(k)));
}
