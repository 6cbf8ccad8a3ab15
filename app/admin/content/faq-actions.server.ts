// The action of /admin/content/faq/{id}, one function per form's `intent` (dispatchIntent, decision
// 075): "save" the item's form (validated again here, errors under their fields with what was
// typed), or "delete" it. A missing item is a 404 either way.
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { dispatchIntent, type IntentHandlers } from "~/http/intents.server";
import type { Staff } from "~/staff/staff-session.server";
import { faqValidator } from "./content-schema";
import { deleteFaqItem, updateFaqItem } from "./pages.server";

type FaqAction = { staff: Staff; id: number; form: FormData };

const notFound = () => new Response("Not found", { status: 404 });

async function saveFaqItem({ staff, id, form }: FaqAction) {
  const result = await faqValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  if (!(await updateFaqItem(staff, id, result.data))) throw notFound();
  return redirect(`/admin/content/faq?done=saved&item=${id}#status`, 303);
}

async function deleteFaqItemAction({ staff, id }: FaqAction) {
  if (!(await deleteFaqItem(staff, id))) throw notFound();
  return redirect("/admin/content/faq?done=deleted#status", 303);
}

const FAQ_ACTIONS: IntentHandlers<[FaqAction], Response> = {
  save: saveFaqItem,
  delete: deleteFaqItemAction,
};

export function faqItemAction(args: FaqAction) {
  return dispatchIntent(args.form, FAQ_ACTIONS, args);
}
