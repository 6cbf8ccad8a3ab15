// The server's side of the shop's ValidatedForm (decision 096): what each field of a form shows
// before hydration, read by remix-validated-form's own rules from the form's props (told through
// ServerFormContext), the action's data and the route's matches. A `.server` module, so the
// browser's bundle (where every hook is the library's) carries none of it.
import { createContext, useContext } from "react";
import { useActionData, useMatches, type FetcherWithComponents } from "@remix-run/react";
import {
  ValidatedForm as LibraryValidatedForm,
  setFormDefaults,
  type FieldErrors,
  type FormProps,
  type useField,
} from "remix-validated-form";
import { SubmitButton, type ButtonVariant } from "./submit-button";

/** What the library's internal form context holds, as its fields read it. */
type FormIdentity = {
  formId: string | undefined;
  defaultValuesProp?: unknown;
  fetcher?: FetcherWithComponents<unknown>;
  subaction?: string;
};

const ServerFormContext = createContext<FormIdentity | null>(null);

/** remix-validated-form's ValidatedForm, with its props told to the server's fields. */
export function ValidatedFormOnServer<
  // the library's own constraint
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  DataType extends { [fieldName: string]: any },
  Subaction extends string | undefined,
>(props: FormProps<DataType, Subaction>) {
  const identity: FormIdentity = {
    formId: props.id,
    defaultValuesProp: props.defaultValues,
    fetcher: props.fetcher,
    subaction: props.subaction,
  };
  return (
    <ServerFormContext.Provider value={identity}>
      <LibraryValidatedForm {...props} />
    </ServerFormContext.Provider>
  );
}

type ErrorResponse = {
  fieldErrors?: FieldErrors;
  repopulateFields?: unknown;
  formId?: string;
  subaction?: string;
};

/** The action's (or the fetcher's) refusal of this form, as the library's useErrorResponseForForm picks it. */
export function errorResponseFor(form: FormIdentity, actionData: unknown): ErrorResponse | null {
  if (form.fetcher) {
    const data = form.fetcher.data as ErrorResponse | undefined;
    return data?.fieldErrors ? data : null;
  }
  const response = actionData as ErrorResponse | undefined;
  if (!response?.fieldErrors) return null;
  if (typeof form.formId === "string" && response.formId)
    return response.formId === form.formId ? response : null;
  if ((!form.subaction && !response.subaction) || response.subaction === form.subaction)
    return response;
  return null;
}

/** The values a field starts from before hydration: repopulated, else the prop, else the loader's. */
function defaultsFor(
  form: FormIdentity,
  response: ErrorResponse | null,
  matches: ReturnType<typeof useMatches>,
): unknown {
  if (response?.repopulateFields) return response.repopulateFields;
  if (form.defaultValuesProp) return form.defaultValuesProp;
  if (typeof form.formId !== "string") return null;
  // the key setFormDefaults writes under
  const key = Object.keys(setFormDefaults(form.formId, {}))[0];
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data;
    if (data && typeof data === "object" && key in data)
      return (data as Record<string, unknown>)[key];
  }
  return undefined;
}

/** A value at a field's path ("email", "billing.line1", "items[0].qty"), as lodash.get reads it. */
export function valueAtPath(values: unknown, path: string): unknown {
  if (values === null || values === undefined) return undefined;
  if (typeof values === "object" && path in values)
    return (values as Record<string, unknown>)[path];
  if (!path.includes(".") && !path.includes("[")) return undefined; // a plain name, not there
  let here: unknown = values;
  for (const key of path.split(/[.[\]]+/).filter(Boolean)) {
    if (here === null || here === undefined) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

type InputProps = Parameters<ReturnType<typeof useField>["getInputProps"]>[0];
const noop = () => undefined;

/** The library's checkbox and radio rules for a field's starting value. */
function startsChecked(type: "checkbox" | "radio", value = "on", start: unknown) {
  if (type === "checkbox" && Array.isArray(start))
    return start.some((v) => v === true || v === value);
  if (type === "checkbox" && typeof start === "boolean") return start;
  return typeof start === "string" ? start === value : undefined;
}

/**
 * The props the library's getInputProps gives before hydration, without its event handlers (the
 * server never runs them, and React does not write them). Built by copying the defined props
 * rather than deleting the undefined ones: an object that loses keys is slow for React to read.
 */
function serverInputProps(name: string, defaultValue: unknown) {
  return (props: InputProps & { value?: unknown } = {}) => {
    const choice = props.type === "checkbox" || props.type === "radio";
    // the starting state the library writes over whatever the caller gave, even with undefined
    const replaced = choice ? "defaultChecked" : props.value === undefined ? "defaultValue" : null;
    const input: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(props))
      if (value !== undefined && key !== replaced) input[key] = value;
    input.name = name;
    const start = choice
      ? startsChecked(props.type as "checkbox" | "radio", props.value as string, defaultValue)
      : props.value === undefined
        ? defaultValue
        : undefined;
    if (replaced && start !== undefined) input[replaced] = start;
    return input;
  };
}

/** FormSubmit in the server's render: nothing is ever being submitted there. */
export function FormSubmitOnServer({
  formId: _formId,
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; formId?: string }) {
  return <SubmitButton pending={false} {...button} />;
}

/**
 * useField for the server's render: the same error, starting value and input props the library's
 * would give there, read once from the form's props and the route's data.
 */
export function useServerField(name: string, formId?: string): ReturnType<typeof useField> {
  const enclosing = useContext(ServerFormContext);
  const actionData = useActionData();
  const matches = useMatches();
  // as the library: a field given a formId knows only that id, not its form's props
  const form = formId ? { formId } : enclosing;
  if (!form)
    throw new Error(
      `Unable to determine form for useField. Please use it inside a ValidatedForm or pass a 'formId'.`,
    );
  const response = errorResponseFor(form, actionData);
  const defaultValue = valueAtPath(defaultsFor(form, response, matches), name);
  return {
    error: response?.fieldErrors?.[name],
    clearError: noop,
    validate: noop,
    defaultValue,
    touched: undefined as unknown as boolean, // the library's store has no touched fields before hydration
    setTouched: noop,
    getInputProps: serverInputProps(name, defaultValue) as ReturnType<
      typeof useField
    >["getInputProps"],
  };
}
