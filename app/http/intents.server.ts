// A route with several forms posts an `intent` with each; its action looks up one function per
// intent here (the Epic Stack's routes, Hydrogen's cart action) instead of a long switch. The
// functions live in the route or, when they outgrow it, in `<subject>-actions.server.ts` beside the
// domain (the one name for an action moved out of a route; decision 075).
import { data } from "@remix-run/node";

export type IntentHandlers<Args extends unknown[], Result> = Record<
  string,
  (...args: Args) => Promise<Result>
>;

/** The form's `intent`, "" when missing or not text. */
export function intentOf(formData: FormData): string {
  const intent = formData.get("intent");
  return typeof intent === "string" ? intent : "";
}

/**
 * Runs the handler named by the form's `intent` with `args`. An unknown or missing intent is a
 * form nobody's page posts (a stale tab, a hand-made request): 400 with a message, never a 500.
 */
export async function dispatchIntent<Args extends unknown[], Result>(
  formData: FormData,
  handlers: IntentHandlers<Args, Result>,
  ...args: Args
): Promise<Result | ReturnType<typeof unknownIntent>> {
  const intent = intentOf(formData);
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return unknownIntent();
  return handler(...args);
}

function unknownIntent() {
  return data(
    { formError: "This form is out of date. Reload the page and try again." },
    { status: 400 },
  );
}
