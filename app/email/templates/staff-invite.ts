import { BRAND } from "~/config";
import { defineTemplate, escapeHtml, htmlButton, htmlLayout, textFooter } from "../template";

export type StaffInviteProps = {
  name: string;
  roleLabel: string;
  invitedBy: string;
  setupUrl: string;
  expiresInHours: number;
};

/** The set-up link of a member of staff the owner invited (issue 44): choose a password, then enrol. */
export const staffInviteEmail = defineTemplate<StaffInviteProps>({
  name: "staff-invite",
  render({ name, roleLabel, invitedBy, setupUrl, expiresInHours }) {
    const greeting = `Hi ${name},`;
    const subject = `Set up your ${BRAND.name} back-office account`;
    const intro = `${invitedBy} added you to the ${BRAND.name} back office as ${roleLabel}. Follow this link to choose your password and set up your authenticator app:`;
    const after = `The link works once and expires in ${expiresInHours} hours. If you did not expect this, ignore this e-mail.`;
    const text = [greeting, "", intro, "", setupUrl, "", after, textFooter()].join("\n");
    const html = htmlLayout({
      preheader: `Choose your password. The link expires in ${expiresInHours} hours.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        htmlButton(setupUrl, "Set up my account"),
        `<p style="font-size:14px;color:#4a453e">Or paste this link into your browser:<br><a href="${escapeHtml(setupUrl)}" style="color:#1d4e63;word-break:break-all">${escapeHtml(setupUrl)}</a></p>`,
        `<p style="font-size:14px;color:#4a453e">${escapeHtml(after)}</p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
