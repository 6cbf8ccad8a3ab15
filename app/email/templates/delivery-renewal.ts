// What happened to a delivery at its cut-off: ordered and paid (a receipt), or
// the card declined (a link to pay the order, when we try again, and the
// packing cut-off after which it is not sent: ./delivery-not-sent.ts).
import { BRAND } from "~/config";
import { formatAud, gstSentence } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type DeliveryRenewalProps = {
  kind: "paid" | "declined";
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
  /** declined: the gateway's message, when the card is tried again ("7pm Tuesday 1 December"), and the packing cut-off */
  failure?: string;
  retryTimes?: string[];
  packingCutoff?: string;
  payUrl: string;
  invoiceUrl: string;
  manageUrl: string;
};

const SUBJECT = {
  paid: (p: DeliveryRenewalProps) =>
    `Your ${BRAND.name} box for ${p.deliveryDate} is on its way: order ${p.reference}`,
  declined: (p: DeliveryRenewalProps) =>
    `Action needed: payment for your ${BRAND.name} box ${p.reference} didn't go through`,
};

function headline(p: DeliveryRenewalProps): string[] {
  if (p.kind === "paid") {
    return [
      `Your ${p.boxName} for ${p.deliveryDate} is ordered: order ${p.reference}.`,
      `${p.chargedCents > 0 ? `${formatAud(p.chargedCents)} was charged${p.card ? ` to your ${p.card}` : ""}.` : "Nothing was charged: your credit covered it."} ${gstSentence(p.gstCents)}`,
    ];
  }
  return [
    `We couldn't take the payment for your ${p.boxName} for ${p.deliveryDate} (order ${p.reference})${p.failure ? `: ${p.failure}` : "."}`,
    `${formatAud(p.chargedCents)} is due. Pay it now with another card: ${p.payUrl}`,
    p.retryTimes?.length
      ? `Otherwise we'll try your card again at ${listed(p.retryTimes)} (Sydney time).`
      : "",
    p.packingCutoff
      ? `If it's still unpaid at ${p.packingCutoff}, when we pack the boxes, this delivery isn't sent: the order is cancelled and nothing is charged. Your next delivery goes ahead as planned.`
      : "",
  ].filter(Boolean);
}

/** "a, b and c" */
function listed(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export const deliveryRenewalEmail = defineTemplate<DeliveryRenewalProps>({
  name: "delivery-renewal",
  render(p) {
    const subject = SUBJECT[p.kind](p);
    const greeting = p.firstName ? `Hi ${p.firstName},` : "Hi there,";
    const text = [
      greeting,
      "",
      ...headline(p),
      "",
      ...p.lines.map(
        (l) => `  ${l.quantity} × ${l.name}${l.lineCents ? `  ${formatAud(l.lineCents)}` : ""}`,
      ),
      `Subtotal: ${formatAud(p.subtotalCents)}`,
      p.discountedCents ? `Discount: -${formatAud(p.discountedCents)}` : null,
      p.creditCents ? `Credit used: -${formatAud(p.creditCents)}` : null,
      ...p.notes,
      "",
      p.kind === "paid" ? `Your tax invoice: ${p.invoiceUrl}` : null,
      `Manage your deliveries: ${p.manageUrl}`,
      textFooter(),
    ]
      .filter((l) => l !== null)
      .join("\n");
    const row = (label: string, value: string) =>
      `<tr><td style="padding:2px 0">${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`;
    const html = htmlLayout({
      preheader: headline(p)[0],
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        ...headline(p)
          .map((l) => `<p>${escapeHtml(l.replace(/ ?Pay it now with another card: \S+$/, ""))}</p>`)
          .filter((l) => l !== "<p></p>"),
        `<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">`,
        ...p.lines.map((l) =>
          row(`${l.quantity} × ${l.name}`, l.lineCents ? formatAud(l.lineCents) : "included"),
        ),
        row("Subtotal", formatAud(p.subtotalCents)),
        p.discountedCents ? row("Discount", `-${formatAud(p.discountedCents)}`) : "",
        p.creditCents ? row("Credit used", `-${formatAud(p.creditCents)}`) : "",
        `</table>`,
        ...p.notes.map((n) => `<p style="font-size:14px">${escapeHtml(n)}</p>`),
        p.kind === "declined" ? htmlButton(p.payUrl, "Pay now") : "",
        p.kind === "paid" ? htmlButton(p.invoiceUrl, "View your tax invoice") : "",
        `<p style="font-size:14px"><a href="${escapeHtml(p.manageUrl)}">Manage your deliveries</a></p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
