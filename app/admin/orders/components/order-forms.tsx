// The forms of an order's page: the refund (with its answer above it) and the resend buttons.
// Their actions are in ~/admin/orders/order-actions.server.ts.
import type { SerializeFrom } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useFormError } from "~/admin/components/use-form-error";
import { RefundForm } from "~/admin/orders/components/refund-form";
import type { RefundView } from "~/admin/orders/order-detail.server";
import { REFUND_FORM_ID } from "~/admin/orders/refund-validator";
import { REFUND_MESSAGES } from "~/admin/refunds/refund-rules";
import { CsrfInput } from "~/components/csrf-input";
import { FormError } from "~/components/forms";

/** Kept apart from order-actions.server.ts's RESEND_FORM_ID only because that module is server-only. */
const RESEND_FORM_ID = "resend";

export function RefundSection({
  giftCard,
  refund,
  idempotencyKey,
  limitCents,
  dayLimitCents,
}: {
  giftCard: boolean;
  refund: SerializeFrom<RefundView>;
  idempotencyKey: string;
  limitCents: number | null;
  dayLimitCents: number | null;
}) {
  return (
    <section className="admin-section admin-card" aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      <RefundAnswer />
      {giftCard ? (
        <p>{REFUND_MESSAGES.giftCard}</p>
      ) : refund.orderLeftCents > 0 ? (
        <RefundForm
          // a new page view (after a refund, or any reload) starts with an empty form
          key={idempotencyKey}
          refund={refund}
          idempotencyKey={idempotencyKey}
          limitCents={limitCents}
          dayLimitCents={dayLimitCents}
        />
      ) : (
        <p>{REFUND_MESSAGES.nothingLeft}</p>
      )}
    </section>
  );
}

/** The server's answer to a refund: why it was not made, or that fields are marked below. */
function RefundAnswer() {
  const answer = useActionData<{ formId?: string; fieldErrors?: Record<string, string> }>();
  const refused = useFormError(REFUND_FORM_ID);
  const fieldsMarked =
    answer?.formId === REFUND_FORM_ID && Object.keys(answer.fieldErrors ?? {}).length > 0;
  const message =
    refused ?? (fieldsMarked ? "Nothing was refunded: check the fields marked below." : null);
  return message ? (
    <div className="form-alert form-alert--error admin-orders__alert" role="alert">
      <p>{message}</p>
    </div>
  ) : null;
}

/** Two buttons-only forms: no fields, so plain forms; a refusal shows above them. */
export function ResendSection({ paid }: { paid: boolean }) {
  return (
    <section className="admin-section" aria-labelledby="resend-title">
      <h2 id="resend-title">Resend an e-mail</h2>
      <FormError message={useFormError(RESEND_FORM_ID)} />
      <div className="admin-orders__resend">
        <ResendButton email="confirmation">Resend the confirmation</ResendButton>
        {paid ? <ResendButton email="invoice">Resend the tax invoice</ResendButton> : null}
      </div>
    </section>
  );
}

function ResendButton({ email, children }: { email: string; children: string }) {
  return (
    <Form method="post" action="?intent=resend">
      <CsrfInput />
      <input type="hidden" name="email" value={email} />
      <button type="submit" className="button button--secondary">
        {children}
      </button>
    </Form>
  );
}
