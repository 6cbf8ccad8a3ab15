import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * The events React hydrates for at once (React 18's discrete events that require hydration).
 * RemixBrowser suspends at the root while it decodes the page's data (single fetch); one of these
 * events in that window makes React hydrate synchronously, the suspended root cannot complete, and
 * React 18 throws error #345, leaving the page without its scripts for the visit (1 load in 5-20
 * here when a visitor types at once). Until the root has hydrated they stay with the browser:
 * typing and clicking work as without JavaScript (a form posts, a link loads), and the fields read
 * what was typed once React takes over (e.g. the postcode look-up of DeliveryForm).
 */
const HYDRATION_EVENTS = [
  "auxclick",
  "change",
  "click",
  "compositionend",
  "compositionstart",
  "contextmenu",
  "copy",
  "cut",
  "dblclick",
  "dragend",
  "dragstart",
  "drop",
  "input",
  "keydown",
  "keypress",
  "keyup",
  "mousedown",
  "mouseup",
  "paste",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "reset",
  "submit",
  "textInput",
  "touchcancel",
  "touchend",
  "touchstart",
] as const;

function holdEventsUntilHydrated() {
  const hold = (event: Event) => {
    // root.tsx marks the document once hydration has committed
    if (document.documentElement.dataset.hydrated === "true") {
      for (const type of HYDRATION_EVENTS) window.removeEventListener(type, hold, true);
      return;
    }
    event.stopImmediatePropagation();
  };
  for (const type of HYDRATION_EVENTS) window.addEventListener(type, hold, true);
}

holdEventsUntilHydrated();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
