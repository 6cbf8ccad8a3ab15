// How a payment page's action answers a post it does not turn into a redirect: what was typed comes
// back for the form to show again (never a card number or CVC), and the idempotency key stays unless
// the answer brings a new one (./idempotency-key.ts).
import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import { scrubCardData } from "./card-secrets";
import { postedIdempotencyKey } from "./idempotency-key";

export type PaymentFormAnswer = {
  fieldErrors: Record<string, string>;
  formId: string;
  repopulateFields: Record<string, unknown>;
  nextKey?: string;
};

/** `hidden`: what the page itself renders (the key, the shown total), so it is not echoed back as typed. */
export function paymentFormAnswer<T extends PaymentFormAnswer>(
  formData: FormData,
  formId: string,
  hidden: string[],
  extra: Partial<T>,
  status: number,
  init?: { headers?: HeadersInit },
) {
  const typed = scrubCardData(Object.fromEntries(formData) as Record<string, unknown>);
  for (const name of ["idempotencyKey", ...hidden]) delete typed[name];
  const nextKey = extra.nextKey ?? postedIdempotencyKey(formData);
  return data(
    { fieldErrors: {}, formId, repopulateFields: unflatten(typed), ...extra, nextKey } as T,
    { status, ...init },
  );
}

/** A refused card or an order not placed, as box checkout and the gift purchase both end. */
export type CardRefusalOutcome =
  | { kind: "card-limit"; message: string; retryAfterSeconds: number }
  | { kind: "declined"; message: string }
  /** `newKey`: the submit's key is finished (its charge was refunded); the next try needs a new one */
  | { kind: "error"; message: string; newKey?: boolean };

/**
 * The answer's parts for such an outcome, the same on both pages: the message under the card number
 * and in the dialog, the status, and whether the next press needs a new idempotency key.
 * `errorDialog`: what a page adds to its "couldn't place" dialog (where focus goes).
 */
export function cardRefusalAnswer(
  outcome: CardRefusalOutcome,
  errorDialog: { focus?: string } = {},
) {
  const dialog = (title: string) => ({ kind: "error" as const, title, message: outcome.message });
  switch (outcome.kind) {
    case "card-limit":
      // nothing reached the gateway under this key: it stays for the next try
      return {
        extra: {
          fieldErrors: { "card.number": outcome.message },
          dialog: dialog("Too many card attempts"),
        },
        status: 429,
        init: { headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      };
    case "declined":
      // a new key for the next try: the declined one keeps its answer
      return {
        extra: {
          nextKey: randomUUID(),
          fieldErrors: { "card.number": outcome.message },
          dialog: dialog("Payment declined"),
        },
        status: 402,
      };
    case "error":
      // "still being placed" keeps the key, so pressing again waits for that payment instead of paying
      // twice; only a key whose charge was refunded is finished
      return {
        extra: {
          ...(outcome.newKey ? { nextKey: randomUUID() } : {}),
          dialog: { ...dialog("We couldn't place your order"), ...errorDialog },
        },
        status: 409,
      };
  }
}

/** "shipping.line1" → { shipping: { line1 } }, as the forms' defaults expect. */
function unflatten(values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const parts = k.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = v;
  }
  return out;
}
