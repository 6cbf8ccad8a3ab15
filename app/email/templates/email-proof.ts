// The code that proves a shopper reads an account's e-mail before a box order
// is tied to that account (app/accounts/email-proof.server.ts, decision 039).
// The code is a secret until it is used: it is in the body only, never the subject.
import { BRAND } from "~/config";
import { defineTemplate, escapeHtml, htmlLayout, textFooter } from "../template";

export type EmailProofProps = {
  firstName: string | null;
  code: string;
  expiresInMinutes: number;
};

export const emailProofEmail = defineTemplate<EmailProofProps>({
  name: "email-proof",
  render({ firstName, code, expiresInMinutes }) {
    const greeting = firstName ? `Hi ${firstName},` : "Hi there,";
    const subject = `Your code to carry on at ${BRAND.name}`;
    const why = `Someone, hopefully you, is ordering a box at ${BRAND.name} with this e-mail address, which already has an account with us.`;
    const how = "To carry on, enter this code on the checkout page:";
    const after = `It works once and expires in ${expiresInMinutes} minutes. If this wasn't you, ignore this e-mail: without the code nobody can order on your account or see anything of it.`;
    const text = [greeting, "", why, how, "", code, "", after, textFooter()].join("\n");
    const html = htmlLayout({
      preheader: `Your code expires in ${expiresInMinutes} minutes.`,
      body: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(why)}</p>`,
        `<p>${escapeHtml(how)}</p>`,
        `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>`,
        `<p style="font-size:14px;color:#4a453e">${escapeHtml(after)}</p>`,
      ].join("\n"),
    });
    return { subject, text, html };
  },
});
