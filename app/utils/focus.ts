// Moving focus for the keyboard after client navigation (ConfirmStep, Dialog).

/**
 * The navigation's own scroll (to the top, or to its #fragment) may still be running smoothly
 * (html has scroll-behavior: smooth), and focus() only scrolls when the element looks out of view
 * at this moment: a scroll of our own replaces that animation, so the focused element stays in view.
 */
export function focusInView(el: HTMLElement) {
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: "center" });
}
