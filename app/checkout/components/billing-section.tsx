// Section 3 of the box checkout: with JS the billing fields fold away while "same as shipping" is ticked.
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFields } from "~/addresses/components/address-fields";
import { CheckboxField } from "~/components/forms";
import { CHECKOUT_FORM_ID as FORM_ID } from "../form-ids";
import { CheckoutSection } from "./checkout-section";

export function BillingSection({ sameAtFirst }: { sameAtFirst: boolean }) {
  const hydrated = useHydrated();
  const [sameBilling, setSameBilling] = useState(sameAtFirst);
  return (
    <CheckoutSection headingId="co-billing" n={3} title="Billing address">
      <div
        onChange={(e) => {
          const t = e.target as HTMLInputElement;
          if (t.name === "billingSameAsShipping") setSameBilling(t.checked);
        }}
      >
        <CheckboxField name="billingSameAsShipping" label="Same as my delivery address" />
      </div>
      <div hidden={hydrated && sameBilling}>
        {hydrated ? null : (
          <p className="field__hint">
            Only needed when your billing address is different: untick the box above.
          </p>
        )}
        <AddressFields
          prefix="billing"
          formId={FORM_ID}
          legend="Billing address"
          autoCompleteSection="billing"
        />
      </div>
    </CheckoutSection>
  );
}
