// Schema pieces shared by every form that takes an address or contact details
// (box checkout, pay an order, gift-card checkout). One piece each, composed by
// the forms' schemas; run in the browser and again on the server.
import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { ADDRESS_TYPES, STATES } from "~/config";
import { POSTCODE_INVALID, POSTCODE_PATTERN } from "~/delivery/postcode";

export const MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  phone: "Phone is invalid",
  addressType: "Choose an address type",
  line1: "Street address is required",
  line2: "Suite or unit is required for an apartment",
  company: "Company name is required for a business",
  city: "Suburb is required",
  state: "Choose a state",
  postcode: POSTCODE_INVALID,
} as const;

/** Control characters (not tab or line breaks) never belong in typed text, and PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const withoutControls = (v: string) => v.replace(CONTROLS, "");

export const blankToUndefined = (v: unknown) => {
  if (typeof v !== "string") return v;
  const text = withoutControls(v);
  return text.trim() === "" ? undefined : text;
};

/** A required trimmed text of at most `max` characters; blank counts as missing. */
export const requiredText = (message: string, max = 120) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ required_error: message, invalid_type_error: message })
      .trim()
      .min(1, message)
      .max(max, `At most ${max} characters`),
  );

export const optionalText = (max = 120) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, `At most ${max} characters`).optional(),
  );

/** Australian phone numbers (mobile or landline), stored in E.164 form. */
export function normalisePhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), "AU");
  if (!parsed || parsed.country !== "AU" || !parsed.isValid()) return null;
  return parsed.number;
}

export const PhoneSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ required_error: MESSAGES.phone, invalid_type_error: MESSAGES.phone })
    .max(30, MESSAGES.phone)
    .refine((v) => normalisePhone(v) !== null, MESSAGES.phone)
    .transform((v) => normalisePhone(v)!),
);

/** A checkbox: present ("true", "on", "1") is true, absent is false. */
export const Checkbox = z.preprocess(
  (v) => v === true || v === "true" || v === "on" || v === "1",
  z.boolean(),
);

/** What a field holds once trimmed ("" when absent or not text). */
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The rules that depend on the address type. They run on the raw input before the fields are
 * parsed (a preprocess step), so they are reported together with every other field's error: as a
 * refinement after the object they ran only once all its fields were valid, and a business with a
 * bad postcode learnt that its company name was missing only after fixing the postcode.
 */
function typeRules(raw: unknown, ctx: z.RefinementCtx) {
  const a = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  if (a.addressType === "apartment" && !trimmed(a.line2))
    ctx.addIssue({ code: "custom", path: ["line2"], message: MESSAGES.line2 });
  if (a.addressType === "business" && !trimmed(a.company))
    ctx.addIssue({ code: "custom", path: ["company"], message: MESSAGES.company });
  return raw;
}

export const AddressSchema = z.preprocess(
  typeRules,
  z
    .object({
      addressType: z.enum(ADDRESS_TYPES, { errorMap: () => ({ message: MESSAGES.addressType }) }),
      line1: requiredText(MESSAGES.line1, 200),
      line2: optionalText(100),
      company: optionalText(120),
      city: requiredText(MESSAGES.city, 80),
      state: z.enum(STATES, { errorMap: () => ({ message: MESSAGES.state }) }),
      postcode: z.preprocess(
        (v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v),
        z
          .string({ required_error: MESSAGES.postcode, invalid_type_error: MESSAGES.postcode })
          .regex(POSTCODE_PATTERN, MESSAGES.postcode),
      ),
      // the shop delivers in Australia only: whatever is posted, the country is AU
      country: z.any().transform(() => "AU" as const),
    })
    .transform((a) => ({
      ...a,
      postcode: a.postcode.padStart(4, "0"),
      company: a.addressType === "business" ? a.company : undefined,
    })),
);

export type AddressInput = z.output<typeof AddressSchema>;

/**
 * Runs `schema` on `value` only when `when` holds, reporting its issues under
 * `path`. Billing fields are validated only when billing differs from shipping.
 */
export function refineWhen<S extends z.ZodTypeAny>(
  ctx: z.RefinementCtx,
  when: boolean,
  schema: S,
  value: unknown,
  path: (string | number)[],
): z.output<S> | undefined {
  if (!when) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as z.IssueData);
  return undefined;
}

export const ContactFields = {
  firstName: requiredText(MESSAGES.firstName, 80),
  lastName: requiredText(MESSAGES.lastName, 80),
  phone: PhoneSchema,
};
