// The create and edit actions of a discount code: validate with the form's schema, save (audited),
// and answer with the redirect, or with the errors and what was typed (JS on or off).
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Staff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import { saveDiscount } from "./discounts.server";
import { discountFormValidator } from "./discount-schema";
import { DISCOUNT_FORM_ID, discountPath } from "./components";

export async function discountFormAction(
  request: Request,
  staff: Staff,
  id: number | null,
): Promise<Response> {
  const form = await readForm(request);
  const result = await discountFormValidator.validate(form);
  if (result.error)
    return validationError({ ...result.error, formId: DISCOUNT_FORM_ID }, result.submittedData);
  const saved = await saveDiscount(staff, id, result.data);
  if (!saved.ok)
    return validationError(
      { fieldErrors: saved.fieldErrors, formId: DISCOUNT_FORM_ID },
      result.submittedData,
      { status: saved.status },
    );
  return redirect(
    `${discountPath(saved.id)}?done=${id === null ? "created" : "saved"}#status`,
    303,
  );
}
