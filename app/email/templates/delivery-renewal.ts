// What happened to a delivery at its cut-off: ordered and paid (a receipt),
// the card declined (a link to pay the order, and when we try again), or
// skipped after the last retry.
import { BRAND } from "~/config";
import { formatAud, gstSentence } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type DeliveryRenewalProps = {
  kind: "paid" | "declined" | "skipped";
  firstName: string | null;
  reference: string;
  boxName: string;
  deliveryDate: string;
  lines: { name: string; quantity: number; lineCents: number }[];
  subtotalCents: number;
  discountedCents: number;
  creditCents: number;
  /** paid: what the card paid; declined: what is due (credit is given back when a charge fails) */
  chargedCents: number;
  /** GST included in the order (taxable lines only: fresh food is GST-free) */
  gstCents: number;
  card: string | null;
  notes: string[];
  /** declined: the gateway's message and how many more tries */
  failure?: string;
  retriesLeft?: number;
  payUrl: string;
  invoiceUrl: string;
  manageUrl: string;
};

const SUBJECT = {
  paid: (p: DeliveryRenewalProps) => `Your ${BRAND.name} box for ${p.deliveryDate} is on its way: order ${p.reference}`,
  declined: (p: DeliveryRenewalProps) => `Action needed: payment for your ${BRAND.name} box ${p.reference} didn't go through`,
  skipped: (p: DeliveryRenewalProps) => `Your ${BRAND.name} delivery on ${p.deliveryDate} was skipped: payment not received`,
};

function headline(p: DeliveryRenewalProps): string[] {
  if (p.kind === "paid") {
    return [
      `Your ${p.boxName} for ${p.deliveryDate} is ordered: order ${p.reference}.`,
      `${p.chargedCents > 0 ? `${formatAud(p.chargedCents)} was charged${p.card ? ` to your ${p.card}` : ""}.` : "Nothing was charged: your credit covered it."} ${gstSentence(p.gstCents)}`,
    ];
  }
  if (p.kind === "declined") {
    return [
      `We couldn't take the payment for your ${p.boxName} for ${p.deliveryDate} (order ${p.reference})${p.failure ? `: ${p.failure}` : "."}`,
      `${formatAud(p.chargedCents)} is due. Pay it now with another card: ${p.payUrl}`,
      p.retriesLeft ? `Otherwise we'll try your card again once a day, ${p.retriesLeft} more time${p.retriesLeft === 1 ? "" : "s"}; if it still fails, this delivery is skipped.` : "",
    ].filter(Boolean);
  }
  return [
    `We tried your card several times but couldn't take the payment for order ${p.reference}, so the delivery on ${p.deliveryDate} was skipped. Nothing was charged.`,
    "Your subscription carries on: please check your saved card before your next delivery.",
  ];
}

export const deliveryRenewalEmail = defineTemplate<DeliveryRenewalProps>({
  name: "delivery-renewal",
  render(p) {
    const subject = SUBJECT[p.kind](p);
    const greeting = p.firstName ? `Hi ${p.firstName},` : "Hi there,";
    const showLines = p.kind !== "skipped";
    const text = [
      greeting,
      "",
      ...headline(p),
      "",
      ...(showLines ? p.lines.map((l) => `  ${l.quantity} × ${l.name}${l.lineCents ? `  ${formatAud(l.lineCents)}` : ""}`) : []),
      showLines ? `Subtotal: ${formatAud(p.subtotalCents)}` : null,
      showLines && p.discountedCents ? `Discount: -${formatAud(p.discountedCents)}` : null,
      showLines && p.creditCents ? `Credit used: -${formatAud(p.creditCents)}` : null,
      ...p.notes,
      "",
      p.kind === "paid" ? `Your tax invoice: ${p.invoiceUrl}` : null,
      `Manage your deliveries: ${p.manageUrl}`,
      textFooter(),
    ].filter((l) => l !== null).join("\n");
    const row = (label: string, value: string) => `<tr><td style="padding:2px 0">${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`;
    const html = htmlLayout({
      preheader: headline(p)[0],
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        ...headline(p).map((l) => `<p>${escapeHtml(l.replace(/ ?Pay it now with another card: \S+$/, ""))}</p>`).filter((l) => l !== "<p></p>"),
        showLines ? `<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">` : "",
        ...(showLines ? p.lines.map((l) => row(`${l.quantity} × ${l.name}`, l.lineCents ? formatAud(l.lineCents) : "included")) : []),
        showLines ? row("Subtotal", formatAud(p.subtotalCents)) : "",
        showLines && p.discountedCents ? row("Discount", `-${formatAud(p.discountedCents)}`) : "",
        showLines && p.creditCents ? row("Credit used", `-${formatAud(p.creditCents)}`) : "",
        showLines ? `</table>` : "",
        ...p.notes.map((n) => `<p style="font-size:14px">${escapeHtml(n)}</p>`),
        p.kind === "declined" ? htmlButton(p.payUrl, "Pay now") : "",
        p.kind === "paid" ? htmlButton(p.invoiceUrl, "View your tax invoice") : "",
        `<p style="font-size:14px"><a href="${escapeHtml(p.manageUrl)}">Manage your deliveries</a></p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
