// What the outbox keeps of a message once it has left (or has been given up
// on): the text with every usable secret replaced by "[redacted]" (reset,
// one-tap and activation links through app/security/redact.mjs, gift-card codes
// written out in the body, and the e-mail-proof code on its own line). The HTML is not kept: it repeats the text.
import { CODE_ALPHABET, CODE_LENGTH } from "~/gift-cards/rules";
import { REDACTED, redactText } from "~/security/redact.mjs";

const C = `[${CODE_ALPHABET}]`;
// a gift code as the e-mails print it (groups of four) or bare
const GIFT_CODE = new RegExp(
  `\\b(?:${C}{4}(?:-${C}{4}){${CODE_LENGTH / 4 - 1}}|${C}{${CODE_LENGTH}})\\b`,
  "g",
);

// the 6-digit code that proves an e-mail (templates/email-proof.ts prints it alone on its line)
const PROOF_CODE = /^\d{6}$/gm;

export function redactMailText(text: string): string {
  return redactText(text).replace(GIFT_CODE, REDACTED).replace(PROOF_CODE, REDACTED);
}
