// The create and edit pages' action: validate with the form's schema, save, then go to the edit page
// (or the preview, for "Save and preview"). A refusal (a slug in use) is an error on its field.
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Staff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import { POST_FORM_ID, postValidator } from "./content-schema";
import { savePost, type PostType } from "./posts.server";
import { postEditPath, postPreviewPath } from "./route-helpers";

export async function savePostAction(
  staff: Staff,
  request: Request,
  target: { id: number; type: PostType } | { id: null; type: PostType },
) {
  const formData = await readForm(request);
  // the type comes from the post (or the new page's address), never from the form
  formData.set("postType", target.type);
  const result = await postValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  const outcome = await savePost(staff, target.id, result.data);
  if (!outcome.ok) {
    if (outcome.status === 404) throw new Response("Not found", { status: 404 });
    return validationError(
      {
        fieldErrors: { [outcome.field ?? "title"]: outcome.message },
        formId: result.formId ?? POST_FORM_ID,
      },
      result.submittedData,
      { status: outcome.status },
    );
  }
  const preview = formData.get("intent") === "preview";
  return redirect(
    preview ? postPreviewPath(outcome.id) : `${postEditPath(outcome.id)}?saved=1#saved`,
    303,
  );
}
