// Kept apart from forms.tsx so pages without validated forms can use it
// without loading the form library.
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "quiet";

/** A submit button that shows a spinner and keeps its width while its form submits. */
export function SubmitButton({
  children,
  variant = "primary",
  pending,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending?: boolean }) {
  return (
    <button
      type="submit"
      className={`button button--${variant} ${className ?? ""}`}
      aria-disabled={pending || undefined}
      data-pending={pending ? "true" : undefined}
      {...rest}
    >
      <span className="button__label">{children}</span>
      {pending ? <span className="button__spinner" aria-hidden="true" /> : null}
      {pending ? <span className="visually-hidden"> (working…)</span> : null}
    </button>
  );
}
