// The refund form of an order page: the whole order, chosen lines or an amount, to the card or as
// account credit, with a reason. It carries the page view's idempotency key and the "refunded so far"
// its reader saw; with JavaScript the button only shows that it is working.
import { Form, useNavigation } from "@remix-run/react";
import type { RefundView } from "~/admin/orders/order-detail.server";
import { formatAud } from "~/admin/format";
import {
  LINE_FIELD_PREFIX,
  REASON_MAX,
  type RefundFieldErrors,
  type RefundValues,
} from "~/admin/refunds/refund-schema";
import { CsrfInput } from "~/components/csrf-input";

export function RefundForm({
  refund,
  idempotencyKey,
  limitCents,
  dayLimitCents,
  errors,
  values,
}: {
  refund: RefundView;
  idempotencyKey: string;
  /** the most this member of staff may refund at once; null: no limit */
  limitCents: number | null;
  /** what this member of staff may move in a Sydney day, all money routes together; null: no limit */
  dayLimitCents: number | null;
  errors: RefundFieldErrors;
  values: RefundValues | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("idempotencyKey") === idempotencyKey;
  const scope = values?.scope ?? "";
  const method = values?.method || (refund.cardLeftCents > 0 ? "card" : "credit");
  const err = (field: keyof RefundFieldErrors) =>
    errors[field] ? (
      <p className="field__error" id={`refund-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: keyof RefundFieldErrors) =>
    errors[field] ? `refund-${field}-error` : undefined;
  return (
    <Form
      method="post"
      action="?intent=refund"
      className="admin-orders__form"
      aria-labelledby="refund-title"
      noValidate
    >
      <CsrfInput />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="seenRefundedCents" value={refund.refundedCents} />
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
      <fieldset aria-describedby={describedBy("scope")}>
        <legend>What to refund</legend>
        {err("scope")}
        <label className="admin-orders__choice">
          <input type="radio" name="scope" value="order" defaultChecked={scope === "order"} />
          The whole order (all that is left)
        </label>
        <label className="admin-orders__choice">
          <input type="radio" name="scope" value="lines" defaultChecked={scope === "lines"} />
          Chosen lines
        </label>
        <label className="admin-orders__choice">
          <input type="radio" name="scope" value="amount" defaultChecked={scope === "amount"} />
          An amount
        </label>
      </fieldset>
      {refund.lines.length > 0 ? (
        <fieldset aria-describedby={describedBy("lines")}>
          <legend>Lines to refund (when refunding chosen lines)</legend>
          {err("lines")}
          {refund.lines.map((l) => (
            <div className="field" key={l.id}>
              <label className="field__label" htmlFor={`refund-line-${l.id}`}>
                {l.name} ({formatAud(l.priceCents)} each, {l.left} of {l.quantity} left)
              </label>
              <input
                className="field__input admin-orders__qty"
                id={`refund-line-${l.id}`}
                name={`${LINE_FIELD_PREFIX}${l.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.left}
                defaultValue={values?.lines[String(l.id)] ?? "0"}
                disabled={l.left === 0}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="refund-amount">
          Amount in dollars (when refunding an amount)
        </label>
        <input
          className="field__input admin-orders__amount"
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          defaultValue={values?.amount ?? ""}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={describedBy("amount")}
        />
        {err("amount")}
      </div>
      <fieldset aria-describedby={describedBy("method")}>
        <legend>Refund to</legend>
        {err("method")}
        <label className="admin-orders__choice">
          <input
            type="radio"
            name="method"
            value="card"
            defaultChecked={method === "card"}
            disabled={!refund.card}
          />
          {refund.card ? `The card it was paid with (${refund.card})` : "The card (none was used)"}
        </label>
        <label className="admin-orders__choice">
          <input type="radio" name="method" value="credit" defaultChecked={method === "credit"} />
          Account credit
        </label>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="refund-reason">
          Reason (the customer sees it on the adjustment note)
        </label>
        <textarea
          className="field__input"
          id="refund-reason"
          name="reason"
          maxLength={REASON_MAX}
          required
          defaultValue={values?.reason ?? ""}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describedBy("reason")}
        />
        {err("reason")}
      </div>
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          aria-disabled={busy || undefined}
        >
          {busy ? "Refunding…" : "Refund"}
        </button>
      </div>
    </Form>
  );
}
