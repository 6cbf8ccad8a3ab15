// Section 5 of the box checkout: the card, unless the shopper's credit covers the order.
import { CardFields, type SavedCardView } from "~/payments/components/card-fields";
import { CHECKOUT_FORM_ID as FORM_ID } from "../form-ids";
import { CheckoutSection } from "./checkout-section";

export function PaymentSection({
  cardRequired,
  savedCards,
}: {
  cardRequired: boolean;
  savedCards: SavedCardView[];
}) {
  return (
    <CheckoutSection id="checkout-payment" headingId="co-payment" n={5} title="Payment">
      {cardRequired ? (
        <CardFields
          formId={FORM_ID}
          savedCards={savedCards}
          legend="Card"
          hint="Payments are processed securely. We keep only the last four digits."
        />
      ) : (
        <p className="form-alert form-alert--success">
          Your credit covers this order: no card is needed today.
        </p>
      )}
    </CheckoutSection>
  );
}
