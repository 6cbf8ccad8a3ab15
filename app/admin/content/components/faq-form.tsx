// The form of one FAQ item (create and edit): its section, order number, question and answer.
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import {
  FocusFirstError,
  FormSubmit,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms";
import type { FaqCategory } from "~/content/types";
import { faqFormValidator } from "../form-validators";
import { formIdOf } from "~/content/labels";

export const FAQ_FORM_ID = "faq-form";

export type FaqFormValues = {
  category: FaqCategory | "";
  question: string;
  answer: string;
  sortOrder: string;
};

export function FaqForm({
  values,
  categories,
  submitLabel,
  version = "new",
}: {
  /** the saved version (its updated_at), so each save shows a form of its own */
  version?: string;
  values: FaqFormValues;
  categories: { value: string; label: string }[];
  submitLabel: string;
}) {
  const formId = formIdOf(FAQ_FORM_ID, version);
  return (
    <ValidatedForm
      validator={faqFormValidator}
      method="post"
      id={formId}
      noValidate
      // the form's values are the fields' text, not the parsed output
      defaultValues={values as never}
      className="form content-form"
    >
      <CsrfInput />
      <FocusFirstError formId={formId} />
      <input type="hidden" name="intent" value="save" />
      <div className="form-row form-row--2">
        <SelectField
          name="category"
          label="Section"
          placeholder="Choose a section"
          options={categories}
        />
        <TextField
          name="sortOrder"
          label="Order number"
          hint="Lower numbers come first within the section."
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <TextField name="question" label="Question" maxLength={300} autoComplete="off" />
      <TextAreaField
        name="answer"
        label="Answer (Markdown)"
        hint="Paragraphs, lists (- item), links ([words](/delivery)), *emphasis* and **bold**."
        rows={8}
        className="content-form__body"
      />
      <div className="content-form__actions">
        <FormSubmit formId={formId}>{submitLabel}</FormSubmit>
      </div>
    </ValidatedForm>
  );
}
