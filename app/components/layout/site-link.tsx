import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type AnchorHTMLAttributes } from "react";

// The header's and footer's links (about forty on every page with the site's chrome) are plain
// anchors to fixed, absolute paths. A <Link> resolves its path on every server render (React Router
// turns the route's pathnames into JSON and back for each link): removing the framework patch that
// remembered those answers cost pages with the chrome about 40% of their requests/s (decision 047).
// These anchors need nothing resolved; one listener on their block gives them a <Link>'s in-app
// navigation once scripts run, and without scripts they are ordinary links.

/** An anchor to a fixed path of this site, for a block that calls useSiteLinks. */
export function SiteLink({
  to,
  children,
  ...props
}: { to: `/${string}` } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a href={to} data-site-link="" {...props}>
      {children}
    </a>
  );
}

/** A ref for the element holding SiteLinks: a plain left click on one navigates in the app, as a <Link> does. */
export function useSiteLinks<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const block = ref.current;
    if (!block) return;
    const onClick = (event: MouseEvent) => {
      // a new tab or window, a download, another button: the browser's own
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const anchor =
        event.target instanceof Element
          ? event.target.closest<HTMLAnchorElement>("a[data-site-link]")
          : null;
      if (!anchor || !block.contains(anchor)) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    block.addEventListener("click", onClick);
    return () => block.removeEventListener("click", onClick);
  }, [navigate]);
  return ref;
}
