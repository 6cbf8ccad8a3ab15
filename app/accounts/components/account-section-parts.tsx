// What the sections of /dashboard/account share: the panel around each, where a form posts, a save's
// notice, the key that empties a form after a save, the folded "Add …" forms and a row's error.
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type Validator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError } from "~/components/forms";

/**
 * The URL a form posts to: the page as it is (like a form without an action) plus the #fragment of
 * the form or its section. Without JS a refusal answers with the page itself, and the browser then
 * lands on the errors instead of the top of the page; a success redirects to its own #fragment.
 */
export function usePostTo(fragment: string) {
  const { pathname, search } = useLocation();
  return `${pathname}${search}#${fragment}`;
}

/** A save's confirmation, shown in the section it changed: the redirect lands there, not at the top of the page. */
export function SavedNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-alert form-alert--success dash-notice" role="status">
      <p>{message}</p>
    </div>
  );
}

/**
 * A key that remounts a form, empty, after a save (each save redirects to a new ?saved= page; a
 * refusal answers on the same page, so the key and what was typed stay). Not the form library's
 * resetAfterSubmit: it can read a server-side refusal as a success before the refusal's errors reach
 * its store, and empty the form.
 */
export function useFreshFormKey() {
  const { key, search } = useLocation();
  return new URLSearchParams(search).has("saved") ? `saved-${key}` : "form";
}

/**
 * A section of the page: its heading, then a save's notice. The heading takes focus (tabIndex) where
 * a save lands (?saved=…#{titleId}) and once a removal's confirmation is gone (ConfirmStep).
 */
export function AccountPanel({
  titleId,
  title,
  id,
  notice,
  children,
}: {
  titleId: string;
  title: ReactNode;
  id?: string;
  notice: string | null;
  children: ReactNode;
}) {
  return (
    <section className="card dash-panel" aria-labelledby={titleId} id={id}>
      <div className="card__body">
        <h2 id={titleId} className="dash-panel__title" tabIndex={-1}>
          {title}
        </h2>
        <SavedNotice message={notice} />
        {children}
      </div>
    </section>
  );
}

/** An "Add …" form folded in a <details> (open while it has errors), emptied after a save. */
export function AddForm<Data extends Record<string, unknown>>({
  summary,
  formId,
  intent,
  validator,
  open,
  children,
}: {
  summary: string;
  formId: string;
  intent: "card-add" | "address-add";
  validator: Validator<Data>;
  open: boolean;
  children: ReactNode;
}) {
  const freshKey = useFreshFormKey();
  const action = usePostTo(formId);
  return (
    <details className="dash-details" open={open}>
      <summary>{summary}</summary>
      <ValidatedForm
        key={freshKey}
        id={formId}
        method="post"
        action={action}
        validator={validator}
        noValidate
        className="form dash-details__body"
      >
        <CsrfInput />
        <FocusFirstError formId={formId} />
        <input type="hidden" name="intent" value={intent} />
        {children}
      </ValidatedForm>
    </details>
  );
}

/** A refusal about one row (a card, an address), under it. */
export function RowError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}
