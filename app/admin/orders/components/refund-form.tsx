// The refund form of an order page: the whole order, chosen lines or an amount, to the card or as
// account credit, with a reason. It carries the page view's idempotency key and the "refunded so far"
// its reader saw; with JavaScript the button only shows that it is working.
import { useActionData } from "@remix-run/react";
import { useFormContext } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import type { RefundView } from "~/admin/orders/order-detail.server";
import { REFUND_FORM_ID, refundValidator } from "~/admin/orders/refund-validator";
import { formatAud } from "~/admin/format";
import { LINE_FIELD_PREFIX, REASON_MAX } from "~/admin/refunds/refund-schema";
import { CsrfInput } from "~/components/csrf-input";
import {
  FieldError,
  FocusFirstError,
  FormSubmit,
  RadioCardGroup,
  TextAreaField,
  TextField,
} from "~/components/forms";

type Limits = {
  /** the most this member of staff may refund at once; null: no limit */
  limitCents: number | null;
  /** what this member of staff may move in a Sydney day, all money routes together; null: no limit */
  dayLimitCents: number | null;
};

const SCOPES = [
  { value: "order", label: "The whole order (all that is left)" },
  { value: "lines", label: "Chosen lines" },
  { value: "amount", label: "An amount" },
];

export function RefundForm({
  refund,
  idempotencyKey,
  ...limits
}: { refund: RefundView; idempotencyKey: string } & Limits) {
  // after a refusal the page is read again (a new key, so a new form): it starts from what was typed
  const answer = useActionData<{ formId?: unknown; repopulateFields?: Record<string, unknown> }>();
  const typed = answer?.formId === REFUND_FORM_ID ? answer.repopulateFields : undefined;
  const defaults = typed ?? {
    method: refund.cardLeftCents > 0 ? "card" : "credit",
    ...Object.fromEntries(refund.lines.map((l) => [`${LINE_FIELD_PREFIX}${l.id}`, "0"])),
  };
  return (
    <ValidatedForm
      validator={refundValidator}
      method="post"
      action="?intent=refund"
      id={REFUND_FORM_ID}
      className="admin-orders__form"
      aria-labelledby="refund-title"
      noValidate
      defaultValues={defaults as never}
    >
      <CsrfInput />
      <FocusFirstError formId={REFUND_FORM_ID} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="seenRefundedCents" value={refund.refundedCents} />
      <RefundSummary refund={refund} {...limits} />
      <RadioCardGroup name="scope" label="What to refund" options={SCOPES} />
      {refund.lines.length > 0 ? <LineFields lines={refund.lines} /> : null}
      <TextField
        name="amount"
        label="Amount in dollars (when refunding an amount)"
        className="admin-orders__amount"
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
      />
      <RadioCardGroup
        name="method"
        label="Refund to"
        options={[
          {
            value: "card",
            label: refund.card
              ? `The card it was paid with (${refund.card})`
              : "The card (none was used)",
            disabled: !refund.card,
          },
          { value: "credit", label: "Account credit" },
        ]}
      />
      <TextAreaField
        name="reason"
        label="Reason (the customer sees it on the adjustment note)"
        maxLength={REASON_MAX}
      />
      <div>
        <FormSubmit formId={REFUND_FORM_ID}>Refund</FormSubmit>
      </div>
    </ValidatedForm>
  );
}

/** What was paid and refunded, what is left, and this member of staff's limits. */
function RefundSummary({ refund, limitCents, dayLimitCents }: { refund: RefundView } & Limits) {
  return (
    <p>
      Paid {formatAud(refund.paidCents)}
      {refund.creditUsedCents > 0
        ? ` (${formatAud(refund.cardPaidCents)} by card, ${formatAud(refund.creditUsedCents)} in credit)`
        : ""}
      ; refunded so far {formatAud(refund.refundedCents)}. Left to refund:{" "}
      <strong>{formatAud(refund.orderLeftCents)}</strong>
      {refund.card ? `, of which ${formatAud(refund.cardLeftCents)} to the ${refund.card}` : ""}.
      {limitCents !== null
        ? ` You may refund up to ${formatAud(limitCents)} at a time${dayLimitCents !== null ? `, and ${formatAud(dayLimitCents)} a day with credit added and gift cards refunded` : ""}.`
        : ""}
    </p>
  );
}

/** A quantity for each line; the lines' own error (a quantity, or lines beside another choice). */
function LineFields({ lines }: { lines: RefundView["lines"] }) {
  return (
    <fieldset className="admin-orders__lines">
      <legend>Lines to refund (when refunding chosen lines)</legend>
      {lines.map((l) => (
        <TextField
          key={l.id}
          name={`${LINE_FIELD_PREFIX}${l.id}`}
          label={`${l.name} (${formatAud(l.priceCents)} each, ${l.left} of ${l.quantity} left)`}
          className="admin-orders__qty"
          type="number"
          inputMode="numeric"
          min={0}
          max={l.left}
          disabled={l.left === 0}
        />
      ))}
      <LinesError />
    </fieldset>
  );
}

/** The error of the lines as a whole ("lines"): no one input carries it. */
function LinesError() {
  const { fieldErrors } = useFormContext(REFUND_FORM_ID);
  return <FieldError id="refund-lines-error" error={fieldErrors.lines} />;
}
