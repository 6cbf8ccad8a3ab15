// How a payment page's action answers a post it does not turn into a redirect: what was typed comes
// back for the form to show again (never a card number or CVC), and the idempotency key stays unless
// the answer brings a new one (./idempotency-key.ts).
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
