// A dialog the server can render open (no JS) and JS turns into a modal.
// Its buttons are links or submit buttons, so every choice works without JS.
import { useEffect, useId, useRef, type ReactNode } from "react";

export function Dialog({
  open,
  title,
  children,
  actions,
  tone = "default",
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  tone?: "default" | "error" | "success";
  onClose?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
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
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      open
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        if (onClose) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="dialog__title">{title}</h2>
      {children ? <div className="dialog__body">{children}</div> : null}
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
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
    const target = section.querySelector<HTMLElement>('[aria-invalid="true"]') ?? section.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
    target?.focus();
  });
}
