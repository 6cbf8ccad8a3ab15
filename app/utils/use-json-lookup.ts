// A JSON look-up while the shopper types (a suburb's suggestions, a postcode's delivery dates): a
// plain fetch of a resource route, not a fetcher. A fetcher's load goes through the router, which
// first discovers the API route's manifest (lazy route discovery); when the payment form was
// submitted meanwhile, the navigation could end on the root's 404 instead of the thank-you page
// (decision 086). A look-up only helps typing, so a failed one changes nothing on the page.
import { useCallback, useEffect, useRef, useState } from "react";

export function useJsonLookup<T>() {
  const [data, setData] = useState<T>();
  const [busy, setBusy] = useState(false);
  const current = useRef<AbortController>();
  // an unmounted form (the thank-you page replaced it) wants no answer
  useEffect(() => () => current.current?.abort(), []);

  const load = useCallback((url: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setBusy(true);
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<T>) : undefined))
      .then((json) => {
        if (json !== undefined && !controller.signal.aborted) setData(json);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current.current === controller) setBusy(false);
      });
  }, []);

  return { data, busy, load };
}
