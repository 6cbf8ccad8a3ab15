// Remix keeps what a loader or action puts in its response headers only when
// the route exports `headers`: without it they are dropped (cookies aside), on
// document and data requests alike. A route whose loader or action sets
// Cache-Control or Referrer-Policy exports this.
import type { HeadersFunction } from "@remix-run/node";

/**
 * The parent's headers, then the loader's, the action's and an error's, later ones winning.
 * Set-Cookie is left out: Remix adds every cookie itself.
 */
export const loaderAndActionHeaders: HeadersFunction = ({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}) => {
  const headers = new Headers();
  for (const source of [parentHeaders, loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};
