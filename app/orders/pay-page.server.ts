// The server side of the pay page (/checkout/{order}) in one module, so the
// route's browser bundle carries nothing of it: how the action answers each
// outcome of payOrder() (a redirect, or remix-validated-form's error shape with
// the dialog to open, so the server renders it when JS is off), and the
// server helpers the route uses.
import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import type { PayActionData } from "./pay-action-data";
import { PAY_ORDER_FORM_ID as FORM_ID } from "./pay-order-form";
import type { PayOrderOutcome } from "./pay-order.server";
import { MY_DELIVERIES_PATH } from "./paths";

export { appOrigin } from "~/accounts/origin.server";
export { requireUser } from "~/accounts/session.server";
export { scrubCardData } from "~/payments/card-secrets";
export { readForm } from "~/security/csrf.server";
export { getClientIp } from "~/security/rate-limit.server";
export { payOrderValidator } from "./pay-order-schema";
export { loadPayOrderPage, payOrder, payOrderContext } from "./pay-order.server";

/** The posted total (cents) when the form as a whole did not validate; null when none or not a number. */
export function submittedTotal(submitted: Record<string, unknown> | undefined): number | null {
  const raw = submitted?.expectedTotalCents;
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** Where a page of an order that cannot be paid (any more) goes. */
export const toMyDeliveries = () => redirect(MY_DELIVERIES_PATH);

/** A fresh idempotency key: one per rendered form, so duplicates of one submit share it and a retry does not. */
export const newIdempotencyKey = () => randomUUID();

type Body = Omit<
  PayActionData,
  "formId" | "repopulateFields" | "fieldErrors" | "idempotencyKey"
> & { fieldErrors?: Record<string, string> };

/**
 * Loaders are not revalidated after a 4xx answer, so the next try's key comes with it: `key` (the
 * posted one) is kept, else a new one is issued.
 */
export function payAnswer(
  body: Body,
  refill: Record<string, unknown>,
  status: number,
  key: string | null = null,
  headers?: HeadersInit,
) {
  const payload: PayActionData = {
    fieldErrors: {},
    ...body,
    formId: FORM_ID,
    repopulateFields: refill,
    idempotencyKey: key ?? newIdempotencyKey(),
  };
  return data(payload, { status, headers });
}

/**
 * `postedKey` is kept unless the payment made with it is finished (declined) or the key belongs to
 * another payment: pressing again while it is still under way then waits for it instead of paying twice.
 */
export function payOutcomeAnswer(
  o: PayOrderOutcome,
  refill: Record<string, unknown>,
  postedKey: string | null = null,
) {
  const keep = o.status === "declined" || o.status === "key_conflict" ? null : postedKey;
  switch (o.status) {
    case "paid":
      // #paid: with JS the notice takes focus, as a new page gives it
      return redirect(`${o.invoicePath}?paid=1${o.newPrimary ? "&card=primary" : ""}#paid`, 303);
    case "not_found":
      throw redirect(MY_DELIVERIES_PATH);
    case "already_paid":
      // the pay page no longer exists for a paid order: its tax invoice says so
      return redirect(`${o.invoicePath}?notice=already-paid`, 303);
    case "declined":
    case "card_error":
    case "card_limited":
    case "card_required":
      return cardRefusalAnswer(o, refill, keep);
    default:
      return orderRefusalAnswer(o, refill, keep);
  }
}

type Outcome<S extends PayOrderOutcome["status"]> = Extract<PayOrderOutcome, { status: S }>;

/** The card was refused: its message goes under the card's field, and in a dialog when it is final. */
function cardRefusalAnswer(
  o: Outcome<"declined" | "card_error" | "card_limited" | "card_required">,
  refill: Record<string, unknown>,
  keep: string | null,
) {
  switch (o.status) {
    case "declined":
      return payAnswer(
        {
          fieldErrors: { [o.field]: o.message },
          dialog: { title: "Payment declined", message: o.message },
        },
        refill,
        402,
      );
    case "card_error":
      return payAnswer({ fieldErrors: { [o.field]: o.message } }, refill, 422, keep);
    case "card_limited":
      return payAnswer(
        {
          fieldErrors: { [o.field]: o.message },
          dialog: { title: "Too many card attempts", message: o.message },
        },
        refill,
        429,
        keep,
        { "Retry-After": String(o.retryAfterSeconds) },
      );
    case "card_required":
      return payAnswer({ fieldErrors: { paymentMethod: o.message } }, refill, 422, keep);
  }
}

const MY_DELIVERIES_LINK = { href: MY_DELIVERIES_PATH, label: "My deliveries" };

/** The order, not the card, stands in the way: a doubtful address, a changed total, a passed day… */
function orderRefusalAnswer(
  o: Outcome<
    | "address_unverified"
    | "total_changed"
    | "delivery_passed"
    | "in_progress"
    | "not_payable"
    | "key_conflict"
  >,
  refill: Record<string, unknown>,
  keep: string | null,
) {
  switch (o.status) {
    case "address_unverified":
      return payAnswer(
        { addressDoubt: { key: o.addressKey, message: o.message } },
        refill,
        200,
        keep,
      );
    case "total_changed":
      // the page loads again with the new total; the dialog says why
      return payAnswer(
        { reload: true, dialog: { title: "Your order changed", message: o.message } },
        refill,
        409,
      );
    case "delivery_passed":
      return payAnswer(
        {
          reload: true,
          dialog: {
            title: "This delivery has passed",
            message: o.message,
            link: MY_DELIVERIES_LINK,
          },
        },
        refill,
        409,
      );
    case "in_progress":
    case "not_payable":
    case "key_conflict":
      return payAnswer(
        {
          dialog: {
            title: "We couldn't take your payment",
            message: o.message,
            link: MY_DELIVERIES_LINK,
          },
        },
        refill,
        409,
        keep,
      );
  }
}
