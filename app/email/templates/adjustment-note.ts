// The adjustment note of a refund (issue 36): what the ATO expects when a taxable sale is reduced.
// The words "Adjustment note", the shop's ABN, the original tax invoice, the amount and the GST adjusted.
import { BRAND, BUSINESS } from "~/config";
import { formatAud } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type AdjustmentNoteProps = {
  firstName: string | null;
  noteNumber: string;
  /** the original tax invoice's number: the order reference */
  reference: string;
  /** "27 November 2026" */
  date: string;
  amountCents: number;
  gstCents: number;
  reason: string;
  /** "to your Visa ending in 4242" or "as account credit" */
  destination: string;
  invoiceUrl: string;
};

export const adjustmentNoteEmail = defineTemplate<AdjustmentNoteProps>({
  name: "adjustment-note",
  render(p) {
    const subject = `Adjustment note ${p.noteNumber} for your ${BRAND.name} order ${p.reference}`;
    const greeting = p.firstName ? `Hi ${p.firstName},` : "Hi there,";
    const facts: [string, string][] = [
      ["Adjustment note", p.noteNumber],
      ["Date", p.date],
      ["Original tax invoice", p.reference],
      ["Amount refunded", formatAud(p.amountCents)],
      ["GST adjusted", formatAud(p.gstCents)],
      ["Reason", p.reason],
    ];
    const from = `${BUSINESS.legalName}, ABN ${BUSINESS.abn}`;
    const text = [
      greeting,
      "",
      `We've refunded ${formatAud(p.amountCents)} ${p.destination} for order ${p.reference}.`,
      "",
      "Adjustment note",
      from,
      ...facts.map(([k, v]) => `${k}: ${v}`),
      "",
      `Your tax invoice and this adjustment note: ${p.invoiceUrl}`,
      textFooter(),
    ].join("\n");
    const html = htmlLayout({
      preheader: `${formatAud(p.amountCents)} refunded for order ${p.reference}.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>We've refunded <strong>${escapeHtml(formatAud(p.amountCents))}</strong> ${escapeHtml(p.destination)} for order <strong>${escapeHtml(p.reference)}</strong>.</p>`,
        `<h2 style="font-family:Georgia,serif;font-size:18px;margin:16px 0 4px">Adjustment note</h2>`,
        `<p style="margin:0 0 8px;font-size:14px">${escapeHtml(from)}</p>`,
        `<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">`,
        ...facts.map(
          ([k, v]) =>
            `<tr><td style="padding:2px 0">${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`,
        ),
        `</table>`,
        htmlButton(p.invoiceUrl, "View your tax invoice and adjustment note"),
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
