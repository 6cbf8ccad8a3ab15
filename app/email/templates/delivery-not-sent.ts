// A renewal still unpaid at its packing cut-off: the box was not packed or
// sent, its order is cancelled, nothing was charged, and the next delivery
// goes ahead as planned.
import { BRAND } from "~/config";
import { formatAud } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type DeliveryNotSentProps = {
  firstName: string | null;
  reference: string;
  boxName: string;
  /** "Thursday 3 December" */
  deliveryDate: string;
  /** "noon Sydney time, Wednesday 2 December" */
  packingCutoff: string;
  /** credit given back now (usually 0: it came back when the card was declined) */
  creditReturnedCents: number;
  /** "Thursday 31 December", or null when none is planned */
  nextDeliveryDate: string | null;
  manageUrl: string;
};

function lines(p: DeliveryNotSentProps): string[] {
  return [
    `We didn't receive the payment for your ${p.boxName} (order ${p.reference}) by ${p.packingCutoff}, when we pack the boxes, so the delivery on ${p.deliveryDate} isn't coming.`,
    `The order is cancelled and nothing was charged.${p.creditReturnedCents > 0 ? ` ${formatAud(p.creditReturnedCents)} of credit is back in your account.` : ""}`,
    p.nextDeliveryDate
      ? `Your subscription carries on: your next delivery is on ${p.nextDeliveryDate}. Please check your saved card before then.`
      : "Your subscription carries on: please check your saved card before your next delivery.",
  ];
}

export const deliveryNotSentEmail = defineTemplate<DeliveryNotSentProps>({
  name: "delivery-not-sent",
  render(p) {
    const subject = `Your ${BRAND.name} delivery on ${p.deliveryDate} isn't coming: payment not received`;
    const greeting = p.firstName ? `Hi ${p.firstName},` : "Hi there,";
    const text = [
      greeting,
      "",
      ...lines(p),
      "",
      `Manage your deliveries: ${p.manageUrl}`,
      textFooter(),
    ].join("\n");
    const html = htmlLayout({
      preheader: lines(p)[0],
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        ...lines(p).map((l) => `<p>${escapeHtml(l)}</p>`),
        htmlButton(p.manageUrl, "My deliveries"),
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
