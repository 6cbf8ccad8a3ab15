// The posts of /admin/orders/{reference}: a refund (permission "refunds") or a resent e-mail
// ("orders"). Which one is in the URL (?intent=refund|resend), so requireStaff checks the right
// permission before the body is read. Bad input answers 400 with its messages and what was typed;
// a refund that cannot be made answers 409 with why; success redirects with a status message.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { formatAud } from "~/admin/format";
import { requireStaff } from "~/staff/staff-session.server";
import {
  fieldErrorsOf,
  readRefundForm,
  type RefundFieldErrors,
  type RefundValues,
} from "~/admin/refunds/refund-schema";
import { refundOrder } from "~/admin/refunds/refunds.server";
import { db } from "~/db/client.server";
import { normaliseReference } from "~/orders/breakdown.server";
import { readForm } from "~/security/csrf.server";
import { RESEND_KINDS, RESEND_MESSAGES, resendOrderEmail, type ResendKind } from "./resend.server";

export type OrderActionData = {
  intent: "refund" | "resend";
  errors?: RefundFieldErrors;
  values?: RefundValues;
  message?: string;
};

export const orderPath = (reference: string) => `/admin/orders/${encodeURIComponent(reference)}`;

export async function orderAction(request: Request, context: AppLoadContext, reference: string) {
  const intent = new URL(request.url).searchParams.get("intent") === "refund" ? "refund" : "resend";
  const staff = await requireStaff(request, context, intent === "refund" ? "refunds" : "orders");
  const formData = await readForm(request);
  // eslint-disable-next-line no-control-regex -- PostgreSQL refuses a NUL in text
  const ref = /[\u0000-\u001f]/.test(reference) ? "" : normaliseReference(reference);
  const order = ref
    ? await db
        .selectFrom("orders")
        .select(["id", "reference"])
        .where("reference", "=", ref)
        .executeTakeFirst()
    : undefined;
  if (!order) throw new Response("Not found", { status: 404 });
  const origin = appOrigin(request);

  if (intent === "resend") {
    const kind = formData.get("email");
    if (typeof kind !== "string" || !(RESEND_KINDS as readonly string[]).includes(kind))
      return data<OrderActionData>({ intent, message: RESEND_MESSAGES.kind }, { status: 400 });
    const outcome = await resendOrderEmail({
      staff,
      reference: order.reference,
      kind: kind as ResendKind,
      origin,
    });
    if (!outcome.ok)
      return data<OrderActionData>({ intent, message: outcome.message }, { status: 409 });
    return redirect(`${orderPath(order.reference)}?resent=${kind}#order-status`, 303);
  }

  const { parsed, values } = readRefundForm(formData);
  if (!parsed.success)
    return data<OrderActionData>(
      { intent, errors: fieldErrorsOf(parsed.error), values },
      { status: 400 },
    );
  const outcome = await refundOrder({ staff, orderId: order.id, form: parsed.data, origin });
  if (outcome.kind === "done")
    return redirect(
      `${orderPath(order.reference)}?refunded=${encodeURIComponent(outcome.noteNumber)}#order-status`,
      303,
    );
  // the gateway erred: the page shows the refund being confirmed (decision 072)
  if (outcome.kind === "unknown")
    return redirect(`${orderPath(order.reference)}#refund-confirming`, 303);
  return data<OrderActionData>(
    { intent, errors: { form: outcome.message }, values },
    { status: 409 },
  );
}

/** The status message after a redirect: the refund made, or the e-mail resent. */
export async function statusMessage(
  orderId: number,
  params: URLSearchParams,
  email: string,
): Promise<string | null> {
  const note = params.get("refunded");
  if (note) {
    const refund = await db
      .selectFrom("refunds")
      .select(["noteNumber", "amountCents", "method", "status"])
      .where("orderId", "=", orderId)
      .where("noteNumber", "=", note.slice(0, 80))
      .executeTakeFirst();
    if (!refund || refund.status !== "succeeded") return null;
    return `Refunded ${formatAud(refund.amountCents)} ${
      refund.method === "card" ? "to the card" : "as account credit"
    }. Adjustment note ${refund.noteNumber} was e-mailed to ${email}.`;
  }
  const resent = params.get("resent");
  if (resent === "confirmation" || resent === "invoice")
    return RESEND_MESSAGES.sent(resent === "invoice" ? "tax invoice" : "confirmation", email);
  return null;
}
