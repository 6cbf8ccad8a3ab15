// The actions' reading of the flow's forms, through the schemas of ./schemas.
// Kept in a .server module so route modules do not pull zod into the browser.
import { normalisePostcode } from "~/delivery/postcode";
import {
  BoxTypeSchema,
  CuratedChoiceSchema,
  boxSizeValidator,
  getStartedSignedInValidator,
  getStartedValidator,
  postcodeLookupValidator,
  postcodeOnlyLookupValidator,
} from "./schemas";

export type GetStartedInput = {
  email?: string;
  postcode: string;
  suburbId?: number;
  deliveryDate: string;
  deliveryWindow: string;
};

export async function validateGetStarted(formData: FormData, signedIn: boolean) {
  const result = await (signedIn ? getStartedSignedInValidator : getStartedValidator).validate(
    formData,
  );
  if (result.error)
    return { ok: false as const, error: result.error, submittedData: result.submittedData };
  return {
    ok: true as const,
    data: result.data as GetStartedInput,
    submittedData: result.submittedData,
  };
}

/** The no-JS "Check postcode": the postcode, and a visitor's e-mail when one is typed. */
export async function validatePostcodeLookup(formData: FormData, signedIn: boolean) {
  const result = await (signedIn ? postcodeOnlyLookupValidator : postcodeLookupValidator).validate(
    formData,
  );
  if (result.error)
    return { ok: false as const, error: result.error, submittedData: result.submittedData };
  return {
    ok: true as const,
    data: result.data as { postcode: string; email?: string },
    submittedData: result.submittedData,
  };
}

/**
 * Without JS, Enter in any field submits the form's first button, "Check postcode". When the
 * postcode is the one already checked and a date and time are chosen, the shopper meant Continue
 * (a new look-up would redraw the page without the choices they just made).
 */
export function meansContinue(
  formData: FormData,
  checkedPostcode: string | null | undefined,
): boolean {
  const n = normalisePostcode(String(formData.get("postcode") ?? ""));
  return Boolean(
    n &&
    checkedPostcode &&
    n.display === checkedPostcode &&
    formData.get("deliveryDate") &&
    formData.get("deliveryWindow"),
  );
}

export function validateBoxSize(formData: FormData) {
  return boxSizeValidator.validate(formData);
}

export function parseBoxType(formData: FormData) {
  return BoxTypeSchema.safeParse({ boxType: formData.get("boxType") });
}

export function parseCuratedChoice(formData: FormData) {
  return CuratedChoiceSchema.safeParse({ type: formData.get("type") });
}
