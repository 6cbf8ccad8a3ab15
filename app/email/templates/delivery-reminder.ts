// The reminder before a delivery's change cut-off: what will be delivered and
// charged, when, and one-tap links to skip it or keep it (no sign-in needed).
import { BRAND } from "~/config";
import { formatAud } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type DeliveryReminderProps = {
  firstName: string | null;
  boxName: string;
  /** "Tuesday 2 December" */
  deliveryDate: string;
  window: string | null;
  /** "2pm Sydney time, Sunday 30 November" */
  cutoff: string;
  lines: { name: string; quantity: number; lineCents: number }[];
  discountedCents: number;
  creditCents: number;
  /** what the card will be charged at the cut-off */
  chargeCents: number;
  /** "Visa ending in 4242", or null when no card is saved */
  card: string | null;
  notes: string[];
  /** prices that rose since the last box: "Your box's price changes from $169 to $179." (issue 37) */
  priceChanges?: string[];
  skipUrl: string;
  keepUrl: string;
  manageUrl: string;
};

export const deliveryReminderEmail = defineTemplate<DeliveryReminderProps>({
  name: "delivery-reminder",
  render(p) {
    const subject = `Your ${BRAND.name} box arrives ${p.deliveryDate}: changes until ${p.cutoff}`;
    const greeting = p.firstName ? `Hi ${p.firstName},` : "Hi there,";
    const when = `${p.deliveryDate}${p.window ? `, ${p.window}` : ""}`;
    const charge =
      p.chargeCents > 0
        ? `We'll charge ${formatAud(p.chargeCents)}${p.card ? ` to your ${p.card}` : ""} at ${p.cutoff}.`
        : "Nothing will be charged: your credit covers it.";
    const text = [
      greeting,
      "",
      `Your next ${p.boxName} arrives ${when}.`,
      "",
      ...(p.priceChanges?.length ? [...p.priceChanges, ""] : []),
      ...p.lines.map(
        (l) => `  ${l.quantity} × ${l.name}${l.lineCents ? `  ${formatAud(l.lineCents)}` : ""}`,
      ),
      p.discountedCents ? `Discount: -${formatAud(p.discountedCents)}` : null,
      p.creditCents ? `Credit: -${formatAud(p.creditCents)}` : null,
      "",
      charge,
      ...p.notes,
      "",
      `You can change or skip it until ${p.cutoff}.`,
      `Skip this delivery: ${p.skipUrl}`,
      `Keep it: ${p.keepUrl}`,
      `Manage your deliveries: ${p.manageUrl}`,
      textFooter(),
    ]
      .filter((l) => l !== null)
      .join("\n");
    const row = (label: string, value: string) =>
      `<tr><td style="padding:2px 0">${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`;
    const html = htmlLayout({
      preheader: `Your box arrives ${p.deliveryDate}. Skip or keep it until ${p.cutoff}.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>Your next <strong>${escapeHtml(p.boxName)}</strong> arrives <strong>${escapeHtml(when)}</strong>.</p>`,
        ...(p.priceChanges ?? []).map((n) => `<p><strong>${escapeHtml(n)}</strong></p>`),
        `<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">`,
        ...p.lines.map((l) =>
          row(`${l.quantity} × ${l.name}`, l.lineCents ? formatAud(l.lineCents) : "included"),
        ),
        p.discountedCents ? row("Discount", `-${formatAud(p.discountedCents)}`) : "",
        p.creditCents ? row("Credit", `-${formatAud(p.creditCents)}`) : "",
        `</table>`,
        `<p>${escapeHtml(charge)}</p>`,
        ...p.notes.map((n) => `<p style="font-size:14px">${escapeHtml(n)}</p>`),
        `<p>You can change or skip it until <strong>${escapeHtml(p.cutoff)}</strong>.</p>`,
        htmlButton(p.skipUrl, "Skip this delivery"),
        htmlButton(p.keepUrl, "Keep it"),
        `<p style="font-size:14px"><a href="${escapeHtml(p.manageUrl)}">Manage your deliveries</a></p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
