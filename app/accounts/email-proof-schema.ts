// The e-mail code field of the box checkout (decision 039): one schema for the
// page and the server. Zod-free callers read EMAIL_CODE_PATTERN.
import { z } from "zod";

export const EMAIL_CODE_FIELD = "emailCode";
export const EMAIL_CODE_MESSAGE = "Enter the 6-digit code from the e-mail we sent you.";

export const EmailCodeSchema = z.object({
  [EMAIL_CODE_FIELD]: z
    .string({ required_error: EMAIL_CODE_MESSAGE, invalid_type_error: EMAIL_CODE_MESSAGE })
    .max(32, EMAIL_CODE_MESSAGE)
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, EMAIL_CODE_MESSAGE)),
});
