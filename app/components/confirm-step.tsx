import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { focusInView } from "~/utils/focus";

/**
 * The one confirmation a destructive step asks (remove a card, cancel a subscription). It replaces
 * the link that opened it, so with JS focus would fall to <body>: it takes focus as it mounts, and a
 * screen reader announces its title. Without JS the link's #anchor brings it into view.
 *
 * Its answers take it away again by client navigation ("Keep ..." is a link back, "Yes, ..." a post
 * answered with a redirect), which would drop focus to <body> once more, so as it unmounts it hands
 * focus on: to the link that opened it when that is back (found by the URL that shows the step, the
 * only thing a no-JS opener can be: a link to exactly that URL); else NavigationFocus focuses
 * the element the new URL's #fragment names.
 */
export function ConfirmStep({
  titleId,
  title,
  titleAs: Title = "p",
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** a heading where the page's outline has a level for it */
  titleAs?: "p" | "h3" | "h4";
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname, search, hash } = useLocation();
  // the URL as the step opened: later renders (a fetcher's answer) must not change what we look for
  const openedAt = useRef(pathname + search + hash);
  useEffect(() => {
    const step = ref.current;
    const opened = openedAt.current;
    step?.focus();
    return () => {
      // still in the page (React's development double mount) or focus went somewhere on purpose
      if (step?.isConnected || (document.activeElement && document.activeElement !== document.body))
        return;
      focusAfterStep(opened);
    };
  }, []);
  return (
    <div ref={ref} className="dash-confirm" role="group" aria-labelledby={titleId} tabIndex={-1}>
      <Title id={titleId} className="dash-confirm__title">
        {title}
      </Title>
      {children}
    </div>
  );
}

// When the opener is gone ("Yes, ..." redirects to a section's #anchor), NavigationFocus in the
// root focuses the anchor's target, as it does after every client-side navigation to a #fragment.
function focusAfterStep(openedAt: string) {
  const opener = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find(
    (a) => a.pathname + a.search + a.hash === openedAt,
  );
  if (opener) focusInView(opener);
}
