// To the buyer of a gift card that staff cancelled before it was claimed (issue 36): the card no
// longer works and its price goes back to the card it was paid with.
import { BRAND } from "~/config";
import { formatAud } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlLayout, textFooter } from "../template";

export type GiftCardCancelledProps = {
  buyerName: string;
  receiverName: string;
  /** the card's last four characters */
  codeLast4: string;
  refundedCents: number;
  /** the gift-card order's reference */
  reference: string;
};

export const giftCardCancelledEmail = defineTemplate<GiftCardCancelledProps>({
  name: "gift-card-cancelled",
  render(p) {
    const amount = formatAud(p.refundedCents);
    const subject = `Your ${BRAND.name} gift card was cancelled and refunded`;
    const said = `We cancelled the gift card for ${p.receiverName} (code ending ${p.codeLast4}, order ${p.reference}). It can no longer be activated.`;
    const refund = `We refunded ${amount} to the card you paid with. It can take 3 to 5 business days to show on your statement.`;
    const text = [`Hi ${p.buyerName},`, "", said, "", refund, textFooter()].join("\n");
    const html = htmlLayout({
      preheader: `${amount} refunded to your card.`,
      body: [
        `<p>Hi ${escapeHtml(p.buyerName)},</p>`,
        `<p>${escapeHtml(said)}</p>`,
        `<p>${escapeHtml(refund)}</p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
