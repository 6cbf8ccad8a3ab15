// The e-mail code field of the box checkout (decision 039): one schema for the
// page and the server. The page's panel reads the field name from email-code-field.ts (no zod).
import { z } from "zod";
import { EMAIL_CODE_FIELD } from "./email-code-field";

export { EMAIL_CODE_FIELD };
export const EMAIL_CODE_MESSAGE = "Enter the 6-digit code from the e-mail we sent you.";

export const EmailCodeSchema = z.object({
  [EMAIL_CODE_FIELD]: z
    .string({ required_error: EMAIL_CODE_MESSAGE, invalid_type_error: EMAIL_CODE_MESSAGE })
    .max(32, EMAIL_CODE_MESSAGE)
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, EMAIL_CODE_MESSAGE)),
});
