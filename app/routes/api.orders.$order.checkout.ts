// POST /api/orders/{order}/checkout: pays the signed-in user's order with the
// SPEC §3 "Pay-an-order payload" as form data. The same schema, service,
// CSRF token (field `csrf`) and session rules as the page /checkout/{order}.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { NOT_FOUND, orderJson, requireApiUser } from "~/orders/api.server";
import { errorsToPayload, payloadToFormValues } from "~/orders/pay-order-payload";
import { payOrderValidator } from "~/orders/pay-order-schema";
import { payOrder, payOrderContext, type PayOrderOutcome } from "~/orders/pay-order.server";
import { submittedTotal } from "~/orders/pay-page.server";
import { readForm } from "~/security/csrf.server";
import { getClientIp } from "~/security/rate-limit.server";

export async function loader() {
  return orderJson({ message: "Use POST to pay an order." }, 405, { Allow: "POST" });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return orderJson({ message: "Method not allowed" }, 405, { Allow: "POST" });
  const user = await requireApiUser(request);
  const formData = await readForm(request);
  const reference = params.order ?? "";
  const ctx = await payOrderContext(user, reference);
  if (!ctx) return NOT_FOUND();

  const values = payloadToFormValues(formData);
  // a client retrying one payment sends the same key (header or field); without one every call is new
  values.idempotencyKey ??= request.headers.get("Idempotency-Key")?.trim() || randomUUID();
  const result = await payOrderValidator(ctx).validate(values);
  // before any field error (a card may be needed only now): a passed delivery, or what it would be charged now
  const expected =
    result.data?.expectedTotalCents ?? submittedTotal(result.submittedData) ?? undefined;
  const refused = ctx.refusal(expected);
  if (refused) return answer(refused, new URL(request.url).origin, expected);
  if (result.error) return invalid(errorsToPayload(result.error.fieldErrors));

  const outcome = await payOrder({
    user,
    reference,
    ...result.data,
    origin: appOrigin(request),
    clientIp: getClientIp(request, context),
  });
  return answer(outcome, new URL(request.url).origin, result.data.expectedTotalCents);
}

function invalid(
  errors: Record<string, string>,
  status = 422,
  extra: Record<string, unknown> = {},
) {
  return orderJson(
    { message: Object.values(errors)[0] ?? "Invalid input", errors, ...extra },
    status,
  );
}

function answer(o: PayOrderOutcome, origin: string, expected?: number) {
  switch (o.status) {
    case "paid":
      return orderJson({
        status: "paid",
        reference: o.reference,
        charged: o.chargedCents,
        credit: o.creditCents,
        card: o.card ? { brand: o.card.brand, last_four: o.card.lastFour } : null,
        invoice_url: `${origin}${o.invoicePath}`,
      });
    case "declined":
      return invalid(errorsToPayload({ [o.field]: o.message }), 402);
    case "card_error":
      return invalid(errorsToPayload({ [o.field]: o.message }));
    case "card_limited":
      // nothing reached the gateway; a new card is taken again after Retry-After seconds
      return orderJson(
        { message: o.message, errors: errorsToPayload({ [o.field]: o.message }) },
        429,
        { "Retry-After": String(o.retryAfterSeconds) },
      );
    case "card_required":
      return invalid({ payment_method: o.message });
    case "address_unverified":
      // resend with address_confirmed=<address_key> to use the address as typed
      return invalid({ billing_city: o.message }, 422, { address_key: o.addressKey });
    case "already_paid":
      return orderJson(
        { message: o.message, reference: o.reference, invoice_url: `${origin}${o.invoicePath}` },
        409,
      );
    case "total_changed":
      // nothing charged: `total` is what the card would be charged now (cents), to show and send back as expected_total
      return orderJson(
        {
          message: o.message,
          reason: "total_changed",
          expected_total: expected,
          total: o.totalCents,
          credit: o.creditCents,
        },
        409,
      );
    case "delivery_passed":
      return orderJson({ message: o.message, reason: "delivery_passed" }, 409);
    case "in_progress":
    case "not_payable":
    case "key_conflict":
      return orderJson({ message: o.message }, 409);
    case "not_found":
      return NOT_FOUND();
  }
}
