// Moving focus for the keyboard after client navigation (ConfirmStep, Dialog, FocusFirstError,
// NavigationFocus).

/**
 * The navigation's own scroll (to the top, or to its #fragment) may still be running smoothly
 * (html has scroll-behavior: smooth), and focus() only scrolls when the element looks out of view
 * at this moment: a scroll of our own replaces that animation, so the focused element stays in view.
 * `scrollTarget` is what has to be seen, when that is more than the element (a field and its error).
 */
export function focusInView(el: HTMLElement, scrollTarget: Element = el) {
  el.focus({ preventScroll: true });
  scrollTarget.scrollIntoView({ block: "center" });
}

/** A field to fix: focused, and centred with its label and the error written under it. */
export function focusFieldInView(field: HTMLElement) {
  focusInView(field, field.closest(".field") ?? field);
}
