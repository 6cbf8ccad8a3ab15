import { BRAND } from "~/config";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type PasswordResetProps = {
  firstName: string | null;
  resetUrl: string;
  expiresInMinutes: number;
};

export const passwordResetEmail = defineTemplate<PasswordResetProps>({
  name: "password-reset",
  render({ firstName, resetUrl, expiresInMinutes }) {
    const greeting = firstName ? `Hi ${firstName},` : "Hi there,";
    const subject = `Reset your ${BRAND.name} password`;
    const text = [
      greeting,
      "",
      `We received a request to reset the password of your ${BRAND.name} account. Follow this link to choose a new one:`,
      "",
      resetUrl,
      "",
      `The link works once and expires in ${expiresInMinutes} minutes. If you didn't ask for this, you can ignore this e-mail: your password stays the same.`,
      textFooter(),
    ].join("\n");
    const html = htmlLayout({
      preheader: `Choose a new password. The link expires in ${expiresInMinutes} minutes.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>We received a request to reset the password of your ${escapeHtml(BRAND.name)} account.</p>`,
        htmlButton(resetUrl, "Choose a new password"),
        `<p style="font-size:14px;color:#4a453e">Or paste this link into your browser:<br><a href="${escapeHtml(resetUrl)}" style="color:#1d4e63;word-break:break-all">${escapeHtml(resetUrl)}</a></p>`,
        `<p style="font-size:14px;color:#4a453e">The link works once and expires in ${expiresInMinutes} minutes. If you didn't ask for this, you can ignore this e-mail: your password stays the same.</p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
