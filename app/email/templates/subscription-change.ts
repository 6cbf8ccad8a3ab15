// Proof of a change a subscriber made (skip, unskip, pause, resume, cancel):
// what changed, what happens next, and the change's reference.
import { BRAND } from "~/config";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type SubscriptionChangeProps = {
  firstName: string;
  /** "Delivery skipped" */
  title: string;
  /** full sentences: what changed and what happens next */
  lines: string[];
  reference: string;
  boxName: string;
  manageUrl: string;
};

export const subscriptionChangeEmail = defineTemplate<SubscriptionChangeProps>({
  name: "subscription-change",
  render(p) {
    const subject = `${p.title}: ${BRAND.name} reference ${p.reference}`;
    const text = [
      `Hi ${p.firstName},`,
      "",
      ...p.lines,
      "",
      `Box: ${p.boxName}`,
      `Reference: ${p.reference}`,
      "",
      `See or change your deliveries: ${p.manageUrl}`,
      "Didn't make this change? Reply to this e-mail or call us.",
      textFooter(),
    ].join("\n");
    const html = htmlLayout({
      preheader: `${p.title}. Reference ${p.reference}.`,
      body: [
        `<p>Hi ${escapeHtml(p.firstName)},</p>`,
        ...p.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
        `<p><strong>Box:</strong> ${escapeHtml(p.boxName)}<br><strong>Reference:</strong> ${escapeHtml(p.reference)}</p>`,
        htmlButton(p.manageUrl, "My deliveries"),
        `<p style="font-size:14px">Didn't make this change? Reply to this e-mail or call us.</p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
