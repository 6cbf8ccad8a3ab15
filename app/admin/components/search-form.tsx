// The search box of a back-office list: a GET form, so the results have a URL and work without JS.
import { Form } from "@remix-run/react";

export function SearchForm({
  label,
  hint,
  defaultValue,
  name = "q",
  children,
}: {
  label: string;
  hint?: string;
  defaultValue: string;
  name?: string;
  /** further filters (selects, dates) inside the same form */
  children?: React.ReactNode;
}) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <Form method="get" className="admin-search" role="search">
      <div className="field admin-search__field">
        <label className="field__label" htmlFor={`search-${name}`}>
          {label}
        </label>
        <input
          className="field__input"
          id={`search-${name}`}
          name={name}
          type="search"
          defaultValue={defaultValue}
          aria-describedby={hintId}
          maxLength={200}
        />
        {hint ? (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        ) : null}
      </div>
      {children}
      <button type="submit" className="button button--secondary admin-search__submit">
        Search
      </button>
    </Form>
  );
}
