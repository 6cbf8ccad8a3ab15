// A dialog the server can render open (no JS) and JS turns into a modal.
// Its buttons are links or submit buttons, so every choice works without JS.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { focusInView } from "~/utils/focus";

export function Dialog({
  open,
  title,
  children,
  actions,
  tone = "default",
  onClose,
  returnFocusTo,
  id,
}: {
  open: boolean;
  /** an anchor for links to the dialog while it is part of the page (no JS) */
  id?: string;
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  tone?: "default" | "error" | "success";
  onClose?: () => void;
  /**
   * The id of the part of the page the keyboard goes back to when the dialog closes and the
   * control that opened it is gone (a form re-rendered by the answer that opened the dialog):
   * an element to focus, or a section or form whose first invalid field, else first field, gets it.
   */
  returnFocusTo?: string;
}) {
  const ref = useModal(open, returnFocusTo);
  const titleId = useId();
  const bodyId = useId();
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      id={id}
      open
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      // the message is read with the title when the dialog opens, not only its button
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        if (onClose) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children ? (
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
      ) : null}
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}

/** Shows the dialog as a modal while open, and hands the keyboard back when it closes or goes. */
function useModal(open: boolean, returnFocusTo: string | undefined) {
  const ref = useRef<HTMLDialogElement>(null);
  // read when the dialog closes, after the render that closed it
  const returnFocusToRef = useRef(returnFocusTo);
  returnFocusToRef.current = returnFocusTo;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A native <dialog> gives focus back to its opener only when close() is called and the opener
    // is still in the page; this one is usually removed instead (a link's navigation, a state
    // change), which leaves focus on <body>. So remember the opener and hand focus back ourselves.
    const opener =
      document.activeElement instanceof HTMLElement &&
      document.activeElement !== document.body &&
      !el.contains(document.activeElement)
        ? document.activeElement
        : null;
    const giveFocusBack = () => restoreFocus(opener, returnFocusToRef.current);
    el.addEventListener("close", giveFocusBack); // Escape, or a <form method="dialog">
    if (open && !el.open) {
      try {
        el.showModal();
      } catch {
        el.setAttribute("open", "");
      }
    } else if (open && el.open && !el.matches(":modal")) {
      // rendered open by the server: upgrade to a modal now that JS runs
      el.close();
      el.showModal();
    }
    if (!open && el.open) el.close();
    return () => {
      el.removeEventListener("close", giveFocusBack);
      giveFocusBack(); // removed from the page (closed by a navigation or a state change)
    };
  }, [open]);
  return ref;
}

const FIELDS = 'input:not([type="hidden"]), select, textarea';

/** The field to fix in a section: its first invalid field, else its first field. */
function fieldIn(section: HTMLElement) {
  return (
    section.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    section.querySelector<HTMLElement>(FIELDS)
  );
}

/**
 * Waits a frame, like focusSection, and acts only if focus is still lost on <body>: a dialog's own
 * action (focusSection, a field error) may already have put it where it belongs.
 */
function restoreFocus(opener: HTMLElement | null, returnFocusTo: string | undefined) {
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (opener?.isConnected) return focusInView(opener);
    const section = returnFocusTo ? document.getElementById(returnFocusTo) : null;
    if (!section) return;
    const target = section.matches(`${FIELDS}, button, a[href], [tabindex]`)
      ? section
      : fieldIn(section);
    if (target) focusInView(target);
  });
}

/**
 * After a dialog closes, the keyboard goes back to the part of the page to fix: its first invalid
 * field, else its first field. Waits a frame: while the modal is still open everything behind it
 * is inert, and a focus() call then leaves the focus on <body>.
 */
export function focusSection(id: string) {
  requestAnimationFrame(() => {
    const section = document.getElementById(id);
    if (!section) return;
    section.scrollIntoView({ block: "center" });
    fieldIn(section)?.focus();
  });
}

/**
 * A dialog's "close" button that takes the keyboard to the part of the form to fix; without JS the
 * dialog is part of the page, and "close" is a link to that part.
 */
export function CloseTo({
  anchor,
  label,
  onClose,
}: {
  anchor: string;
  label: string;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  return hydrated ? (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        onClose();
        focusSection(anchor);
      }}
    >
      {label}
    </button>
  ) : (
    <a href={`#${anchor}`} className="button button--secondary">
      {label}
    </a>
  );
}
