import { useRouteLoaderData } from "@remix-run/react";

/** The hidden CSRF field every mutating form carries (token from the root loader). */
export function CsrfInput() {
  const root = useRouteLoaderData<{ csrf: string }>("root");
  return <input type="hidden" name="csrf" value={root?.csrf ?? ""} />;
}

export function useCsrfToken() {
  return useRouteLoaderData<{ csrf: string }>("root")?.csrf ?? "";
}
