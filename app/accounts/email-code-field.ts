// The e-mail code field's name, without zod: the checkout page's panel imports it, and a
// constant taken from email-proof-schema.ts would bring zod into the page's first download.
export const EMAIL_CODE_FIELD = "emailCode";
