// The receipt for a paid order (pay an order): what was paid, how, and the
// link to the tax invoice.
import { BRAND } from "~/config";
import { formatAud, gstSentence } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type OrderReceiptProps = {
  firstName: string | null;
  reference: string;
  lines: { name: string; quantity: number; lineCents: number }[];
  subtotalCents: number;
  discountedCents: number;
  creditCents: number;
  chargedCents: number;
  gstCents: number;
  /** "Visa ending in 4242", or null when credit paid it all */
  card: string | null;
  invoiceUrl: string;
};

export const orderReceiptEmail = defineTemplate<OrderReceiptProps>({
  name: "order-receipt",
  render(p) {
    const subject = `Receipt for your ${BRAND.name} order ${p.reference}`;
    const greeting = p.firstName ? `Hi ${p.firstName},` : "Hi there,";
    const paid =
      p.chargedCents > 0
        ? `${formatAud(p.chargedCents)} charged${p.card ? ` to your ${p.card}` : ""}`
        : "Nothing charged: your credit covered it";
    const text = [
      greeting,
      "",
      `Thanks, we've received your payment for order ${p.reference}.`,
      "",
      ...p.lines.map((l) => `  ${l.quantity} × ${l.name}  ${formatAud(l.lineCents)}`),
      `Subtotal: ${formatAud(p.subtotalCents)}`,
      p.discountedCents ? `Discount: -${formatAud(p.discountedCents)}` : null,
      p.creditCents ? `Credit used: -${formatAud(p.creditCents)}` : null,
      `${paid}.`,
      gstSentence(p.gstCents),
      "",
      `Your tax invoice: ${p.invoiceUrl}`,
      textFooter(),
    ]
      .filter((l) => l !== null)
      .join("\n");
    const row = (label: string, value: string, strong = false) =>
      `<tr><td style="padding:2px 0">${strong ? `<strong>${escapeHtml(label)}</strong>` : escapeHtml(label)}</td><td align="right">${strong ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)}</td></tr>`;
    const html = htmlLayout({
      preheader: `Payment received for order ${p.reference}.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>Thanks, we've received your payment for order <strong>${escapeHtml(p.reference)}</strong>.</p>`,
        `<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">`,
        ...p.lines.map((l) => row(`${l.quantity} × ${l.name}`, formatAud(l.lineCents))),
        row("Subtotal", formatAud(p.subtotalCents)),
        p.discountedCents ? row("Discount", `-${formatAud(p.discountedCents)}`) : "",
        p.creditCents ? row("Credit used", `-${formatAud(p.creditCents)}`) : "",
        row("Paid", formatAud(p.chargedCents), true),
        `</table>`,
        `<p>${escapeHtml(paid)}. ${escapeHtml(gstSentence(p.gstCents))}</p>`,
        htmlButton(p.invoiceUrl, "View your tax invoice"),
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
