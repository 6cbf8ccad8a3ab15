// The card as its receiver will see it: amount, names, message and expiry.
// Rendered on the server from the saved values; the personalise form updates
// it live as a person types when JavaScript runs.
import { BRAND } from "~/config";
import { formatAud } from "~/utils/money";

export function GiftCardPreview({
  amountCents,
  bonusCents = 0,
  to,
  from,
  message,
  deliveryNote,
  expiresLabel,
  label = "Preview of your gift card",
}: {
  amountCents: number;
  bonusCents?: number;
  to?: string;
  from?: string;
  message?: string;
  deliveryNote?: string;
  /** "Valid until 1 December 2029": shown wherever a card's value is */
  expiresLabel: string;
  label?: string;
}) {
  return (
    <figure className="gift-preview" aria-label={label}>
      <div className="gift-preview__card">
        <div className="gift-preview__ribbon" aria-hidden="true" />
        <p className="gift-preview__brand">{BRAND.name}</p>
        <p className="gift-preview__kind">Gift card</p>
        <p className="gift-preview__amount" data-testid="preview-amount">
          {formatAud(amountCents)}
        </p>
        <p className="gift-preview__expiry">
          <strong>{expiresLabel}</strong>
        </p>
      </div>
      <figcaption className="gift-preview__note">
        <p>
          <span className="gift-preview__label">To</span>{" "}
          <span data-testid="preview-to">{to?.trim() || "Your receiver"}</span>
        </p>
        <p>
          <span className="gift-preview__label">From</span>{" "}
          <span data-testid="preview-from">{from?.trim() || "You"}</span>
        </p>
        {message?.trim() ? (
          <blockquote className="gift-preview__message">{message.trim()}</blockquote>
        ) : null}
        {deliveryNote ? <p className="gift-preview__when">{deliveryNote}</p> : null}
        {bonusCents > 0 ? (
          <p className="gift-preview__bonus">
            <span className="badge">Bonus</span> plus a {formatAud(bonusCents)} bonus card
          </p>
        ) : null}
      </figcaption>
    </figure>
  );
}
