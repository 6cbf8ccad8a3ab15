// The fields of a back-office GET filter form (the audit's): plain inputs and selects with their
// labels, so a filtered list has a URL and works without JavaScript.
import type { InputHTMLAttributes } from "react";

export function FilterSelect({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string;
  label: string;
  /** the first option's text, meaning "no filter" */
  any: string;
  value: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  const id = `filter-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="field__input field__select" id={id} name={name} defaultValue={value}>
        <option value="">{any}</option>
        {options.map((o) =>
          typeof o === "string" ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </div>
  );
}

export function FilterInput({
  name,
  label,
  value,
  ...rest
}: { name: string; label: string; value: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name" | "id" | "defaultValue" | "value"
>) {
  const id = `filter-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input className="field__input" id={id} name={name} defaultValue={value} {...rest} />
    </div>
  );
}
