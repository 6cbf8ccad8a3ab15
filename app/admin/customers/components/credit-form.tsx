// Add or remove a customer's credit with a reason (never below zero: the server refuses it).
import { formatAud } from "~/admin/format";
import { creditBrowserValidator } from "~/admin/customers/form-validators";
import { RadioCardGroup, TextField } from "~/components/forms";
import { CareForm } from "./act-form";

export function CreditForm({
  balanceCents,
  creditKey,
}: {
  balanceCents: number;
  /** made when the page was rendered: the same press posted twice adds once */
  creditKey: string;
}) {
  return (
    <CareForm
      intent="credit"
      validator={creditBrowserValidator}
      label="Save the credit change"
      className="care-form care-credit"
      extra={{ key: creditKey }}
      defaultValues={{ direction: "add" }}
    >
      <p className="care-balance">
        Balance: <strong>{formatAud(balanceCents)}</strong>
      </p>
      <RadioCardGroup
        name="direction"
        label="Change"
        className="care-credit__direction"
        options={[
          { value: "add", label: "Add credit" },
          { value: "remove", label: "Remove credit" },
        ]}
      />
      <TextField name="amount" label="Amount (AUD)" inputMode="decimal" autoComplete="off" />
      <TextField name="reason" label="Reason" maxLength={200} />
    </CareForm>
  );
}
