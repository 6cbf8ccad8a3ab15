import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "@remix-run/react";

/**
 * What a full page load does for keyboard and screen-reader users, done after a client-side
 * navigation too. Not on the first load (the browser did it) nor on back/forward (focus stays where
 * the person left it), and never over focus the page itself placed inside <main> (ConfirmStep,
 * FocusFirstError, autofocus): it waits a frame for the page to settle first.
 * - To a URL with a #fragment: focus its target. Without JS the browser does this, so after a change
 *   the keyboard and screen reader carry on from the confirmation (?done=...#confirmation). No scroll
 *   of its own: the navigation already scrolls to the fragment.
 * - To another page: announce its title and put focus on its heading (a full load would start
 *   there); otherwise focus stays on <body>, or on a header link of the page left behind, and a
 *   screen reader says nothing.
 */
export function NavigationFocus() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef({ key: location.key, pathname: location.pathname });
  const lastPathname = useRef(location.pathname);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const pageChanged = location.pathname !== lastPathname.current;
    lastPathname.current = location.pathname;
    if (location.key === first.current.key || navigationType === "POP") return;
    if (!location.hash && !pageChanged) return;
    const frame = requestAnimationFrame(() => {
      if (location.hash) {
        if (!focusIsFree()) return;
        const target = document.getElementById(fragmentId(location.hash));
        if (target && isFocusable(target)) target.focus({ preventScroll: true });
        return;
      }
      setAnnouncement(document.title);
      if (!focusIsFree()) return;
      const heading =
        document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
      if (!heading) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, location.hash, navigationType]);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {announcement}
    </div>
  );
}

/** Focus nobody chose on the new page: <body>, a control that left with the old page, or the header/footer. */
function focusIsFree() {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return !document.getElementById("main")?.contains(active);
}

function fragmentId(hash: string) {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1); // a malformed escape: look the id up as written
  }
}

// Kept here, not in ~/utils/focus: the root importing that module made it a chunk of its own, one more
// script request on every page (and home lost a Lighthouse point).
const NATIVELY_FOCUSABLE =
  "a[href], area[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, iframe, [contenteditable]";

/** Focusable by script: a control, or an element the page gave a tabindex (tabIndex={-1}). */
function isFocusable(el: Element): el is HTMLElement {
  return (
    el instanceof HTMLElement && (el.hasAttribute("tabindex") || el.matches(NATIVELY_FOCUSABLE))
  );
}
