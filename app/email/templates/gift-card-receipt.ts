// The receipt for a gift-card purchase, sent to the buyer at once: what was
// bought for whom, when each card arrives, its expiry, and the tax invoice.
// It never carries a card's code: only the receiver can claim it.
import { BRAND } from "~/config";
import { formatDay } from "~/gift-cards/rules";
import { formatAud } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type GiftCardReceiptProps = {
  reference: string;
  buyerName: string | null;
  cards: {
    receiverName: string;
    receiverEmail: string;
    valueCents: number;
    deliverOn: string;
    expiresOn: string;
    bonus: boolean;
  }[];
  chargedCents: number;
  /** "Visa ending in 4242" */
  card: string | null;
  invoiceUrl: string;
  /**
   * Set for a buyer without a password (a visitor): the tax invoice opens only after signing in,
   * so the receipt says how to get one instead of offering a link that ends at the sign-in page.
   */
  setPasswordUrl: string | null;
};

export const giftCardReceiptEmail = defineTemplate<GiftCardReceiptProps>({
  name: "gift-card-receipt",
  render(p) {
    const subject = `Receipt for your ${BRAND.name} gift card order ${p.reference}`;
    const greeting = p.buyerName ? `Hi ${p.buyerName},` : "Hi there,";
    const describe = (c: GiftCardReceiptProps["cards"][number]) =>
      `${c.bonus ? "Bonus gift card" : "Gift card"} of ${formatAud(c.valueCents)} for ${c.receiverName} (${c.receiverEmail}), e-mailed on ${formatDay(c.deliverOn)}, valid until ${formatDay(c.expiresOn)}`;
    const paid = `${formatAud(p.chargedCents)} charged${p.card ? ` to your ${p.card}` : ""}`;
    const text = [
      greeting,
      "",
      `Thanks for your gift card order ${p.reference}.`,
      "",
      ...p.cards.map((c) => `  - ${describe(c)}`),
      "",
      `${paid}.`,
      "Gift cards are valid for 3 years and carry no fees.",
      "",
      p.setPasswordUrl
        ? `To see your tax invoice online, set a password for this e-mail address (${p.setPasswordUrl}), then open ${p.invoiceUrl}`
        : `Your tax invoice: ${p.invoiceUrl}`,
      textFooter(),
    ].join("\n");
    const html = htmlLayout({
      preheader: `Gift card order ${p.reference}: ${paid}.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>Thanks for your gift card order <strong>${escapeHtml(p.reference)}</strong>.</p>`,
        `<ul style="padding-left:20px">`,
        ...p.cards.map((c) => `<li style="margin-bottom:8px">${escapeHtml(describe(c))}</li>`),
        `</ul>`,
        `<p><strong>${escapeHtml(paid)}.</strong></p>`,
        `<p style="font-size:14px;color:#4a453e">Gift cards are valid for 3 years and carry no fees.</p>`,
        p.setPasswordUrl
          ? `<p style="font-size:14px;color:#4a453e">To see your tax invoice online, <a href="${escapeHtml(p.setPasswordUrl)}">set a password for this e-mail address</a>, then open <a href="${escapeHtml(p.invoiceUrl)}">your tax invoice</a>.</p>`
          : htmlButton(p.invoiceUrl, "View your tax invoice"),
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
