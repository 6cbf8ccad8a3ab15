import { FieldError, RadioCardText, type RadioOption, useFormField } from "~/components/forms";

/**
 * Radio cards whose initial choice is the caller's to give (unlike the shared
 * RadioCardGroup, which reads the form's defaults), so a new postcode can
 * start with no date or time chosen. Used by get-started and checkout.
 */
export function ChoiceGroup({
  formId,
  name,
  label,
  hint,
  className,
  options,
  checked,
  id: idProp,
}: {
  formId: string;
  name: string;
  label: string;
  hint?: string;
  className?: string;
  options: RadioOption[];
  checked: string;
  id?: string;
}) {
  const { error, validate } = useFormField(name);
  const id = idProp ?? `${formId}-${name}`;
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <fieldset
      id={id}
      className={`field radio-cards ${className ?? ""}`}
      aria-describedby={describedBy}
      data-invalid={error ? "true" : undefined}
    >
      <legend className="field__label">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="radio-cards__list">
        {options.map((o, i) => (
          <label key={o.value} className="radio-card" htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={o.value === checked}
              className="radio-card__input"
              onChange={() => {
                if (error) validate();
              }}
            />
            <RadioCardText option={o} />
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
