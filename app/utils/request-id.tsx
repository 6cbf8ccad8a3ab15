import { createContext, useContext, useState } from "react";

// The id of the request that rendered the page (decision 066), for an error page to show so that a
// customer can quote it and support can find the request's log lines. The server provides it
// (entry.server.tsx); the browser reads it back from the server's page while it hydrates, and shows
// none for an error it meets later (a client-side navigation is another request, whose id it has not).
const RequestIdContext = createContext<string | null>(null);
export const RequestIdProvider = RequestIdContext.Provider;

/** The element that shows the id, which the browser reads back at hydration. */
export const REQUEST_ID_ELEMENT = "request-id";

export function useRequestId(): string | null {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => {
    if (typeof document === "undefined") return fromServer;
    // root.tsx marks the document once hydration has committed: later errors are not this request's
    if (document.documentElement.dataset.hydrated === "true") return null;
    return document.getElementById(REQUEST_ID_ELEMENT)?.textContent ?? null;
  });
  return id;
}
