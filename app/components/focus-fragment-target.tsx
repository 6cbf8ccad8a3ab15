import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "@remix-run/react";

/**
 * Without JS, arriving at a URL with a #fragment focuses its target: after a change the keyboard
 * and screen reader carry on from the confirmation (?done=...#confirmation, ?saved=...#heading).
 * A client-side navigation only scrolls there (ScrollRestoration), leaving focus on <body> when
 * the control that was used is gone or disabled; this does the browser's part. Not on the first
 * load (the browser did it) nor on back/forward (focus stays where the person left it), and never
 * over focus someone already placed (ConfirmStep, FocusFirstError, the control itself): it waits
 * a frame for the page to settle and acts only if focus is still on <body>. No scroll of its own:
 * the navigation already scrolls to the fragment.
 */
export function FocusFragmentTarget() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current || navigationType === "POP" || !location.hash) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      let id = location.hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // a malformed escape: look the id up as written
      }
      const target = document.getElementById(id);
      if (target && isFocusable(target)) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash, navigationType]);
  return null;
}

// Kept here, not in ~/utils/focus: the root importing that module made it a chunk of its own, one more
// script request on every page (and home lost a Lighthouse point).
const NATIVELY_FOCUSABLE = "a[href], area[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, iframe, [contenteditable]";

/** Focusable by script: a control, or an element the page gave a tabindex (tabIndex={-1}). */
function isFocusable(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && (el.hasAttribute("tabindex") || el.matches(NATIVELY_FOCUSABLE));
}
