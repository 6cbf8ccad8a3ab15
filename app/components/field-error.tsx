// A field's error under it, with its icon; hidden while there is none, so the id that
// aria-describedby names always exists. Its own module (no form library): forms.tsx re-exports it,
// and a plain form (the gift card's amount) uses it without loading remix-validated-form.
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p id={id} className="field__error" hidden={!error}>
      {error ? (
        <>
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 16 16"
            className="field__error-icon"
          >
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <rect x="7" y="3.5" width="2" height="6" rx="1" fill="#fff" />
            <circle cx="8" cy="12" r="1.1" fill="#fff" />
          </svg>
          {error}
        </>
      ) : null}
    </p>
  );
}
