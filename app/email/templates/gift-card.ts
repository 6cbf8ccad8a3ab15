// The gift card itself, e-mailed to its receiver on the delivery day by the
// due-mail job: amount, sender, message, code, expiry (shown prominently, as
// Australian law asks) and the activation link. The subject and the preview
// line (what an inbox lists) are fixed: the sender's name is typed by the
// buyer, so it appears only in the body (escaped in the HTML), never where it
// could pass for a message from the shop itself.
import { BRAND } from "~/config";
import { formatCode, formatDay } from "~/gift-cards/rules";
import { formatAud } from "~/utils/money";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type GiftCardEmailProps = {
  receiverName: string;
  senderName: string;
  valueCents: number;
  message: string | null;
  code: string;
  /** yyyy-MM-dd, the last day the card is valid */
  expiresOn: string;
  activateUrl: string;
  /** the bonus card of a promotion rather than the card that was bought */
  bonus: boolean;
};

/** The same for every card: nothing the buyer typed. */
export function giftCardSubject(bonus: boolean): string {
  return `You've received a ${BRAND.name} ${bonus ? "bonus gift card" : "gift card"}`;
}

export const giftCardEmail = defineTemplate<GiftCardEmailProps>({
  name: "gift-card",
  render(p) {
    const amount = formatAud(p.valueCents);
    const code = formatCode(p.code);
    const expiry = formatDay(p.expiresOn);
    const what = p.bonus
      ? `a ${amount} bonus ${BRAND.name} gift card`
      : `a ${amount} ${BRAND.name} gift card`;
    const subject = giftCardSubject(p.bonus);
    const text = [
      `Hi ${p.receiverName},`,
      "",
      `${p.senderName} sent you ${what}: Australian meat and wild-caught seafood, delivered.`,
      p.message ? `\nMessage from ${p.senderName}:\n"${p.message}"\n` : "",
      `Amount: ${amount}`,
      `Your code: ${code}`,
      `Valid until: ${expiry}`,
      "",
      `Activate your card: ${p.activateUrl}`,
      "",
      "Sign in (or create an account with your first box), enter the code, and its value becomes credit that comes off your next orders. No fees, ever.",
      textFooter(),
    ].join("\n");
    const html = htmlLayout({
      preheader: `${p.bonus ? "A bonus gift card" : "A gift card"} for you, valid until ${expiry}.`,
      body: [
        `<p>Hi ${escapeHtml(p.receiverName)},</p>`,
        `<p><strong>${escapeHtml(p.senderName)}</strong> sent you ${escapeHtml(what)}.</p>`,
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#1d4e63;color:#fffdf9;border-radius:12px;margin:16px 0"><tr><td style="padding:20px 24px">`,
        `<p style="margin:0;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#e8c98f">${p.bonus ? "Bonus gift card" : "Gift card"}</p>`,
        `<p style="margin:4px 0 12px;font-family:Georgia,serif;font-size:40px;font-weight:bold">${escapeHtml(amount)}</p>`,
        `<p style="margin:0;font-size:13px;color:#e8c98f">Your code</p>`,
        `<p style="margin:0 0 12px;font-family:'Courier New',monospace;font-size:22px;font-weight:bold;letter-spacing:.06em">${escapeHtml(code)}</p>`,
        `<p style="margin:0;font-size:15px"><strong>Valid until ${escapeHtml(expiry)}</strong></p>`,
        `</td></tr></table>`,
        p.message
          ? `<p style="margin:0 0 4px;font-size:14px;color:#4a453e">Message from ${escapeHtml(p.senderName)}:</p><blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #e8c98f;font-style:italic">${escapeHtml(p.message)}</blockquote>`
          : "",
        htmlButton(p.activateUrl, "Activate your gift card"),
        `<p style="font-size:14px;color:#4a453e">Sign in (or create an account with your first box), enter the code, and its value becomes credit that comes off your next orders. No fees, ever.</p>`,
        `<p style="font-size:14px;color:#4a453e">Or paste this link into your browser:<br><a href="${escapeHtml(p.activateUrl)}" style="color:#1d4e63;word-break:break-all">${escapeHtml(p.activateUrl)}</a></p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
