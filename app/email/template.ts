// What a template is, and the shared frame every HTML e-mail sits in. A new
// kind of e-mail (gift card, order confirmation) is one file in ./templates
// exporting `defineTemplate<Props>({ name, render })`.
import { BRAND } from "~/config";

export type RenderedEmail = { subject: string; text: string; html: string };

export type EmailTemplate<P> = {
  name: string;
  render(props: P): RenderedEmail;
};

export function defineTemplate<P>(template: EmailTemplate<P>): EmailTemplate<P> {
  return template;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Plain-text signature shared by all messages. */
export function textFooter(): string {
  return `\n--\n${BRAND.name}: ${BRAND.tagline}\n${BRAND.supportEmail} · ${BRAND.supportPhone}\n`;
}

/**
 * Wraps already-escaped body HTML in the brand frame: inline styles only,
 * since mail clients ignore style sheets.
 */
export function htmlLayout({ preheader, body }: { preheader: string; body: string }): string {
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(BRAND.name)}</title></head>
<body style="margin:0;background:#f7f1e7;color:#1f1d1a;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.6">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f1e7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fffdf9;border:1px solid #e3d9c8;border-radius:12px">
<tr><td style="padding:24px 28px 0;font-family:Georgia,serif;font-size:22px;font-weight:bold;color:#a3321f">${escapeHtml(BRAND.name)}</td></tr>
<tr><td style="padding:16px 28px 28px">${body}</td></tr>
</table>
<p style="font-size:13px;color:#4a453e;margin:16px 0 0">${escapeHtml(BRAND.tagline)}<br>${escapeHtml(BRAND.supportEmail)} · ${escapeHtml(BRAND.supportPhone)}</p>
</td></tr></table>
</body>
</html>`;
}

/** A bulletproof-ish call-to-action button for HTML mail. */
export function htmlButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#a3321f;color:#fffaf2;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">${escapeHtml(label)}</a></p>`;
}
