// One schema per form of the box flow, run in the browser (remix-validated-form)
// and again in the action. The server adds the checks only it can make
// (deliverable postcode, offered dates, existing packages and stock).
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { EmailSchema } from "~/accounts/auth-schema";
import { POSTCODE_INVALID, POSTCODE_PATTERN } from "~/delivery/postcode";

export const CHOOSE_SUBURB = "Choose your suburb";
export const CHOOSE_DATE = "Choose a delivery date";
export const CHOOSE_TIME = "Choose a delivery time";
export const CHOOSE_SIZE = "Choose a box size";
export const CHOOSE_FREQUENCY = "Choose how often we deliver";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const postcode = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v),
  z.string({ required_error: POSTCODE_INVALID }).regex(POSTCODE_PATTERN, POSTCODE_INVALID),
);
// Row ids fit PostgreSQL's integer (a larger number is no id, not a database error).
const id = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .positive(message)
      .max(2_147_483_647, message),
  );

const deliveryFields = {
  postcode,
  suburbId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: CHOOSE_SUBURB })
      .int()
      .positive()
      .max(2_147_483_647, CHOOSE_SUBURB)
      .optional(),
  ),
  deliveryDate: z.preprocess(
    blankToUndefined,
    z.string({ required_error: CHOOSE_DATE }).regex(/^\d{4}-\d{2}-\d{2}$/, CHOOSE_DATE),
  ),
  deliveryWindow: z.preprocess(
    blankToUndefined,
    z.string({ required_error: CHOOSE_TIME }).regex(/^[a-z0-9_-]{1,32}$/, CHOOSE_TIME),
  ),
};

/** Get-started for a visitor: e-mail, postcode, suburb, date and time. */
export const GetStartedSchema = z.object({ email: EmailSchema, ...deliveryFields });
/** Get-started for a signed-in user: the e-mail is the account's. */
export const GetStartedSignedInSchema = z.object(deliveryFields);
export const getStartedValidator = withZod(GetStartedSchema);
export const getStartedSignedInValidator = withZod(GetStartedSignedInSchema);

/**
 * The no-JS "Check postcode" submit: the postcode, and the e-mail when one is typed (kept with the
 * postcode; a malformed or overlong one is refused like on Continue, never stored).
 */
export const PostcodeLookupSchema = z.object({
  postcode,
  email: z.preprocess(blankToUndefined, EmailSchema.optional()),
});
export const postcodeLookupValidator = withZod(PostcodeLookupSchema);
/** A signed-in shopper's look-up: the account's e-mail is used, whatever is posted. */
export const postcodeOnlyLookupValidator = withZod(z.object({ postcode }));

export const BoxTypeSchema = z.object({ boxType: z.enum(["custom", "curated"]) });
export const CuratedChoiceSchema = z.object({ type: id("Choose a box") });

export const BoxSizeSchema = z.object({
  type: id(CHOOSE_SIZE),
  packageId: id(CHOOSE_SIZE),
  frequencyDays: id(CHOOSE_FREQUENCY),
});
export const boxSizeValidator = withZod(BoxSizeSchema);

/** A product card's stepper: one more or one fewer of a product. */
export const StepperSchema = z.object({
  intent: z.enum(["add", "remove"]),
  productId: id("Choose a product"),
});
export type StepperIntent = z.infer<typeof StepperSchema>;
