import { BRAND } from "~/config";
import { formatAud, gstSentence } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type OrderConfirmationProps = {
  firstName: string;
  reference: string;
  boxName: string;
  lines: { name: string; quantity: number; lineCents: number }[];
  chargedCents: number;
  creditCents: number;
  discountedCents: number;
  firstDelivery: string; // "Tuesday 2 December"
  window: string;
  frequency: string; // "Every 4 weeks"
  recurringCents: number;
  /** GST in today's charge (only taxable products carry it) */
  gstCents: number;
  nextDelivery: string; // "Tuesday 30 December"
  nextCharge: string; // "2pm Sydney time, Friday 26 December"
  card: string | null; // "Visa ending in 4242"
  manageUrl: string;
  invoiceUrl: string;
};

export const orderConfirmationEmail = defineTemplate<OrderConfirmationProps>({
  name: "order-confirmation",
  render(p) {
    const subject = `Your ${BRAND.name} order ${p.reference} is confirmed`;
    const paid =
      p.chargedCents > 0
        ? `${formatAud(p.chargedCents)} charged today${p.card ? ` to your ${p.card}` : ""}`
        : "Nothing charged today: your credit covered it";
    const text = [
      `Hi ${p.firstName},`,
      "",
      `Thanks for your order. Your subscription is active.`,
      "",
      `Order reference: ${p.reference}`,
      `Box: ${p.boxName}`,
      ...p.lines.map(
        (l) => `  ${l.quantity} × ${l.name}${l.lineCents ? `  ${formatAud(l.lineCents)}` : ""}`,
      ),
      p.discountedCents ? `Discount: -${formatAud(p.discountedCents)}` : null,
      p.creditCents ? `Credit used: -${formatAud(p.creditCents)}` : null,
      `${paid}. ${gstSentence(p.gstCents)}`,
      "",
      `First delivery: ${p.firstDelivery}, ${p.window}.`,
      `Then ${p.frequency.toLowerCase()} at ${formatAud(p.recurringCents)} a delivery. Your next delivery is on ${p.nextDelivery}; it is charged at its change cut-off, ${p.nextCharge}, and we e-mail you a reminder before it.`,
      "",
      `Skip, pause or cancel anytime online: ${p.manageUrl}`,
      `Tax invoice: ${p.invoiceUrl}`,
      textFooter(),
    ]
      .filter((l) => l !== null)
      .join("\n");
    const html = htmlLayout({
      preheader: `Order ${p.reference}: first delivery ${p.firstDelivery}.`,
      body: [
        `<p>Hi ${escapeHtml(p.firstName)},</p>`,
        `<p>Thanks for your order. Your subscription is active.</p>`,
        `<p><strong>Order reference:</strong> ${escapeHtml(p.reference)}<br><strong>Box:</strong> ${escapeHtml(p.boxName)}</p>`,
        `<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">${p.lines
          .map(
            (l) =>
              `<tr><td style="padding:2px 0">${l.quantity} × ${escapeHtml(l.name)}</td><td align="right">${l.lineCents ? formatAud(l.lineCents) : ""}</td></tr>`,
          )
          .join("")}</table>`,
        p.discountedCents ? `<p>Discount: -${formatAud(p.discountedCents)}</p>` : "",
        p.creditCents ? `<p>Credit used: -${formatAud(p.creditCents)}</p>` : "",
        `<p><strong>${escapeHtml(paid)}.</strong> ${escapeHtml(gstSentence(p.gstCents))}</p>`,
        `<p><strong>First delivery:</strong> ${escapeHtml(p.firstDelivery)}, ${escapeHtml(p.window)}.<br>Then ${escapeHtml(p.frequency.toLowerCase())} at ${formatAud(p.recurringCents)} a delivery. Your next delivery is on ${escapeHtml(p.nextDelivery)}; it is charged at its change cut-off, ${escapeHtml(p.nextCharge)}, and we e-mail you a reminder before it.</p>`,
        htmlButton(p.manageUrl, "Manage my deliveries"),
        `<p style="font-size:14px">Skip, pause or cancel anytime online. <a href="${escapeHtml(p.invoiceUrl)}" style="color:#1d4e63">View your tax invoice</a>.</p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
