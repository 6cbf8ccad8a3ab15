// Add or remove a customer's credit with a reason (never below zero: the server refuses it).
import { formatAud } from "~/admin/format";
import { ActForm, type ActRefusal } from "./act-form";

export function CreditForm({
  balanceCents,
  creditKey,
  refusal,
}: {
  balanceCents: number;
  /** made when the page was rendered: the same press posted twice adds once */
  creditKey: string;
  refusal: ActRefusal | null;
}) {
  const typed = refusal?.values ?? {};
  const direction = typed.direction === "remove" ? "remove" : "add";
  return (
    <ActForm
      intent="credit"
      label="Save the credit change"
      pendingLabel="Saving…"
      refusal={refusal}
      className="care-form care-credit"
      extra={{ key: creditKey }}
      fields={
        <>
          <p className="care-balance">
            Balance: <strong>{formatAud(balanceCents)}</strong>
          </p>
          <fieldset className="care-credit__direction">
            <legend>Change</legend>
            <label>
              <input
                type="radio"
                name="direction"
                value="add"
                defaultChecked={direction === "add"}
              />{" "}
              Add credit
            </label>
            <label>
              <input
                type="radio"
                name="direction"
                value="remove"
                defaultChecked={direction === "remove"}
              />{" "}
              Remove credit
            </label>
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor="credit-amount">
              Amount (AUD)
            </label>
            <input
              className="field__input"
              id="credit-amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={typed.amount ?? ""}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="credit-reason">
              Reason
            </label>
            <input
              className="field__input"
              id="credit-reason"
              name="reason"
              required
              minLength={3}
              maxLength={200}
              defaultValue={typed.reason ?? ""}
            />
          </div>
        </>
      }
    />
  );
}
