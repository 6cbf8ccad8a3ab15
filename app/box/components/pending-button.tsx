import type { ButtonHTMLAttributes } from "react";

/**
 * A submit button with a pending state, markup-identical to the shared
 * SubmitButton but free of the form library, so steps without validated forms
 * stay light.
 */
export function PendingButton({ children, pending, className, variant = "primary", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; variant?: "primary" | "secondary" }) {
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
