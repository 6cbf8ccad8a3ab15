// What the sections of /dashboard/account share: where a form posts, a save's notice, and the key
// that empties a form after a save.
import { useLocation } from "@remix-run/react";

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
