// Accessible form primitives shared by every form. Labels sit above inputs,
// hints and errors below, tied with aria-describedby; errors come from
// remix-validated-form (client) or the action's validationError (server).
import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useField, useIsSubmitting, useFormContext } from "remix-validated-form";
import { RENDERS_ON_SERVER } from "./validated-form";
// empty in the browser's bundle, where only the library's hooks are used
import { FormSubmitOnServer, useServerField } from "./server-fields.server";
import { FieldError } from "./field-error";
import { SubmitButton, type ButtonVariant } from "./submit-button";
import { focusFieldInView } from "~/utils/focus";

/**
 * Validate on submit first, then as the user types. The library's default
 * (on blur) can insert an error above a submit button on mousedown, moving the
 * button away from the pointer so the click is lost.
 */
const VALIDATION_BEHAVIOUR = {
  initial: "onSubmit",
  whenTouched: "onChange",
  whenSubmitted: "onChange",
} as const;

type BaseProps = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  formId?: string;
  className?: string;
};

function useFieldIds(name: string, formId?: string) {
  const reactId = useId();
  const base = `${formId ?? "f"}-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}-${reactId.replace(/:/g, "")}`;
  return { inputId: base, hintId: `${base}-hint`, errorId: `${base}-error` };
}

function useBrowserField(name: string, formId?: string) {
  return useField(name, { formId, validationBehavior: VALIDATION_BEHAVIOUR });
}

/**
 * useField with the shop's validation timing: every field of a validated form reads its value and
 * error here. The server's render reads the same without the library's store (decision 096).
 */
export const useFormField = RENDERS_ON_SERVER ? useServerField : useBrowserField;

/** What a control inside a FieldShell spreads onto itself: its id and the ARIA that ties it to the label, hint and error. */
export type FieldWiring = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

export type FieldShellProps = BaseProps & {
  error?: string;
  required?: boolean;
  /**
   * "stacked": label, control, hint, error. "check": the control before its label (a checkbox).
   * "group": a fieldset whose legend is the label, for radios (the wiring's id prefixes theirs).
   */
  layout?: "stacked" | "check" | "group";
  children: (wiring: FieldWiring) => ReactNode;
};

/**
 * The one place a field's label, hint, error and ARIA are drawn: every field component below, and
 * any custom input of a validated form (read its error with useFormField, render it in children).
 */
export function FieldShell({
  name,
  label,
  hint,
  error,
  formId,
  className,
  required,
  layout = "stacked",
  children,
}: FieldShellProps) {
  const { inputId, hintId, errorId } = useFieldIds(name, formId);
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const hintText = hint ? (
    <p id={hintId} className="field__hint">
      {hint}
    </p>
  ) : null;
  const errorText = <FieldError id={errorId} error={error} />;
  const invalid = error ? "true" : undefined;
  if (layout === "group") {
    // the fieldset carries the description; each radio is named by its own card
    const wiring: FieldWiring = {
      id: inputId,
      "aria-invalid": undefined,
      "aria-describedby": undefined,
      "aria-required": undefined,
    };
    return (
      <fieldset
        className={`field radio-cards ${className ?? ""}`}
        aria-describedby={describedBy}
        data-invalid={invalid}
      >
        <legend className="field__label">{label}</legend>
        {hintText}
        {children(wiring)}
        {errorText}
      </fieldset>
    );
  }
  const wiring: FieldWiring = {
    id: inputId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": required ? true : undefined,
  };
  const labelText = (
    <label htmlFor={inputId} className="field__label">
      {label}
    </label>
  );
  return (
    <div
      className={`field ${layout === "check" ? "field--check " : ""}${className ?? ""}`}
      data-invalid={invalid}
    >
      {layout === "check" ? (
        <>
          {children(wiring)}
          {labelText}
        </>
      ) : (
        <>
          {labelText}
          {children(wiring)}
        </>
      )}
      {hintText}
      {errorText}
    </div>
  );
}

export type TextFieldProps = BaseProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "form">;

export function TextField({
  name,
  label,
  hint,
  formId,
  className,
  type = "text",
  ...rest
}: TextFieldProps) {
  const { error, getInputProps } = useFormField(name, formId);
  return (
    <FieldShell {...{ name, label, hint, formId, className, error, required: rest.required }}>
      {({ id, ...aria }) => (
        <input {...getInputProps({ id, type, ...rest })} className="field__input" {...aria} />
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  formId,
  className,
  ...rest
}: BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "form">) {
  const { error, getInputProps } = useFormField(name, formId);
  return (
    <FieldShell {...{ name, label, hint, formId, className, error, required: rest.required }}>
      {({ id, ...aria }) => (
        <textarea
          {...getInputProps({ id, ...rest })}
          className="field__input field__textarea"
          {...aria}
        />
      )}
    </FieldShell>
  );
}

export type SelectFieldProps = BaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "form"> & {
    options: { value: string; label: string }[];
    placeholder?: string;
  };

export function SelectField({
  name,
  label,
  hint,
  formId,
  className,
  options,
  placeholder,
  ...rest
}: SelectFieldProps) {
  const { error, getInputProps } = useFormField(name, formId);
  return (
    <FieldShell {...{ name, label, hint, formId, className, error, required: rest.required }}>
      {({ id, ...aria }) => (
        <select
          {...getInputProps({ id, ...rest })}
          className="field__input field__select"
          {...aria}
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  formId,
  className,
  value = "true",
  ...rest
}: BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "form" | "type">) {
  const { error, getInputProps } = useFormField(name, formId);
  return (
    <FieldShell
      {...{ name, label, hint, formId, className, error, required: rest.required }}
      layout="check"
    >
      {({ id, ...aria }) => (
        <input
          {...getInputProps({ id, type: "checkbox", value: String(value), ...rest })}
          className="field__checkbox"
          {...aria}
        />
      )}
    </FieldShell>
  );
}

export type RadioOption = {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
};

/** A fieldset of radio cards (box type, size, frequency, saved card...). */
export function RadioCardGroup({
  name,
  label,
  hint,
  formId,
  className,
  options,
  required,
}: BaseProps & { options: RadioOption[]; required?: boolean }) {
  const { error, getInputProps } = useFormField(name, formId);
  return (
    <FieldShell {...{ name, label, hint, formId, className, error }} layout="group">
      {({ id }) => (
        <div className="radio-cards__list">
          {options.map((o, i) => (
            <label key={o.value} className="radio-card" htmlFor={`${id}-${i}`}>
              <input
                {...getInputProps({
                  id: `${id}-${i}`,
                  type: "radio",
                  value: o.value,
                  disabled: o.disabled,
                  required,
                })}
                className="radio-card__input"
              />
              <RadioCardText option={o} />
            </label>
          ))}
        </div>
      )}
    </FieldShell>
  );
}

/** The label and description inside a radio card: shared by every radio-card group (RadioCardGroup, ChoiceGroup). */
export function RadioCardText({ option }: { option: Pick<RadioOption, "label" | "description"> }) {
  return (
    <span className="radio-card__body">
      <span className="radio-card__label">{option.label}</span>
      {option.description ? (
        <span className="radio-card__description">{option.description}</span>
      ) : null}
    </span>
  );
}

export { FieldError } from "./field-error";
export { SubmitButton, type ButtonVariant } from "./submit-button";

type FormSubmitProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  formId?: string;
};

/** SubmitButton wired to the enclosing ValidatedForm's submitting state. */
function FormSubmitInBrowser(props: FormSubmitProps) {
  const { formId, ...button } = props;
  const submitting = useIsSubmitting(formId);
  // formId names the validated form whose state it shows; it is not an HTML attribute
  return <SubmitButton pending={submitting} {...button} />;
}

export const FormSubmit = RENDERS_ON_SERVER ? FormSubmitOnServer : FormSubmitInBrowser;

/**
 * After a submit that failed validation (in the browser or on the server),
 * focus the first invalid field. It acts only after a submit, so it never
 * pulls focus back while a person is still moving through the form.
 */
function FocusFirstErrorInBrowser({ formId }: { formId: string }) {
  const { fieldErrors } = useFormContext(formId);
  const submitted = useRef(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    const onSubmit = () => {
      submitted.current = true;
    };
    // A submit the browser lets through (no field errors, or a formNoValidate button such as "Apply")
    // is over once the shopper types again: errors from that typing must not pull focus away.
    const onInput = () => {
      submitted.current = false;
    };
    form?.addEventListener("submit", onSubmit, true);
    form?.addEventListener("input", onInput, true);
    return () => {
      form?.removeEventListener("submit", onSubmit, true);
      form?.removeEventListener("input", onInput, true);
    };
  }, [formId]);
  const first = Object.keys(fieldErrors)[0];
  useEffect(() => {
    if (!first || !submitted.current) return;
    submitted.current = false;
    const field = document
      .getElementById(formId)
      ?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalid] input');
    // the error is written under the field: bring both into view, not just the field (a phone's fold)
    if (field) focusFieldInView(field);
  }, [first, fieldErrors, formId]);
  return null;
}

/** It only ever acts in effects, which the server never runs: there it reads nothing (decision 096). */
export const FocusFirstError: typeof FocusFirstErrorInBrowser = RENDERS_ON_SERVER
  ? () => null
  : FocusFirstErrorInBrowser;

/**
 * The server's refusal of a whole form, not of one field (`formError` in the shape of
 * ~/accounts/form-error), shown above the form's button as an alert.
 */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert form-alert--error" role="alert">
      {message}
    </p>
  );
}
