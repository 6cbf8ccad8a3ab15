// The posts of /admin/orders/{reference}: a refund (permission "refunds") or a resent e-mail
// ("orders"), one function each. Which one is in the URL (?intent=refund|resend), not the body, so
// requireStaff checks the right permission before the body is read. Bad input answers 400 with its
// messages under the fields and what was typed; a refund that cannot be made answers 409 with why,
// as the form's error; success redirects with a status message.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { appOrigin } from "~/accounts/origin.server";
import { formError } from "~/accounts/form-error";
import { formatAud } from "~/admin/format";
import { checkRefundForm, REFUND_FORM_ID } from "~/admin/orders/refund-validator";
import { requireStaff, type Staff } from "~/staff/staff-session.server";
import type { Permission } from "~/staff/permissions";
import { refundOrder } from "~/admin/refunds/refunds.server";
import { db } from "~/db/client.server";
import { normaliseReference } from "~/orders/breakdown.server";
import { readForm } from "~/security/csrf.server";
import { RESEND_KINDS, RESEND_MESSAGES, resendOrderEmail, type ResendKind } from "./resend.server";

/** The resend buttons' forms share this id, so their refusal shows above them. */
export const RESEND_FORM_ID = "resend";

export const orderPath = (reference: string) => `/admin/orders/${encodeURIComponent(reference)}`;

type OrderRef = { id: number; reference: string };
type IntentArgs = { staff: Staff; order: OrderRef; formData: FormData; origin: string };

const INTENTS: Record<
  "refund" | "resend",
  { permission: Permission; run: (args: IntentArgs) => Promise<unknown> }
> = {
  refund: { permission: "refunds", run: refund },
  resend: { permission: "orders", run: resend },
};

export async function orderAction(request: Request, context: AppLoadContext, reference: string) {
  const intent = new URL(request.url).searchParams.get("intent") === "refund" ? "refund" : "resend";
  const { permission, run } = INTENTS[intent];
  const staff = await requireStaff(request, context, permission);
  const formData = await readForm(request);
  const order = await orderOf(reference);
  if (!order) throw new Response("Not found", { status: 404 });
  return run({ staff, order, formData, origin: appOrigin(request) });
}

async function orderOf(reference: string): Promise<OrderRef | undefined> {
  // eslint-disable-next-line no-control-regex -- PostgreSQL refuses a NUL in text
  const ref = /[\u0000-\u001f]/.test(reference) ? "" : normaliseReference(reference);
  if (!ref) return undefined;
  return db
    .selectFrom("orders")
    .select(["id", "reference"])
    .where("reference", "=", ref)
    .executeTakeFirst();
}

async function resend({ staff, order, formData, origin }: IntentArgs) {
  const kind = formData.get("email");
  if (typeof kind !== "string" || !(RESEND_KINDS as readonly string[]).includes(kind))
    return data(formError(RESEND_FORM_ID, RESEND_MESSAGES.kind, {}), { status: 400 });
  const outcome = await resendOrderEmail({
    staff,
    reference: order.reference,
    kind: kind as ResendKind,
    origin,
  });
  if (!outcome.ok) return data(formError(RESEND_FORM_ID, outcome.message, {}), { status: 409 });
  return redirect(`${orderPath(order.reference)}?resent=${kind}#order-status`, 303);
}

async function refund({ staff, order, formData, origin }: IntentArgs) {
  const checked = checkRefundForm(formData);
  const typed = typedRefund(Object.fromEntries(formData));
  if (checked.error) {
    const { form, ...fieldErrors } = checked.error;
    if (form) return data(formError(REFUND_FORM_ID, form, typed), { status: 400 });
    return validationError({ fieldErrors, formId: REFUND_FORM_ID }, typed, { status: 400 });
  }
  const outcome = await refundOrder({ staff, orderId: order.id, form: checked.data, origin });
  if (outcome.kind === "done")
    return redirect(
      `${orderPath(order.reference)}?refunded=${encodeURIComponent(outcome.noteNumber)}#order-status`,
      303,
    );
  // the gateway erred: the page shows the refund being confirmed (decision 072)
  if (outcome.kind === "unknown")
    return redirect(`${orderPath(order.reference)}#refund-confirming`, 303);
  return data(formError(REFUND_FORM_ID, outcome.message, typed), { status: 409 });
}

/** What the refund form posted, to show again beside its errors (never its key or what was seen). */
function typedRefund(submitted: Record<string, FormDataEntryValue>) {
  const { idempotencyKey: _key, seenRefundedCents: _seen, csrf: _csrf, ...typed } = submitted;
  return typed;
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
