// The form of a blog post or a recipe (create and edit): works without JavaScript, checks in the
// browser with the action's own schema when it runs, and keeps what was typed after an error.
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FocusFirstError,
  FormSubmit,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms";
import type { CategoryOption, PostFormValues, PostType } from "../posts.server";
import { postFormValidator } from "../form-validators";
import { formIdOf, POST_FORM_ID } from "~/content/labels";

export { POST_FORM_ID } from "~/content/labels";

export function PostForm({
  type,
  values,
  categories,
  images,
  submitLabel,
  version = "new",
}: {
  /** the saved version (its updated_at): each version is a form of its own, with its own values */
  version?: string;
  type: PostType;
  values: PostFormValues;
  categories: CategoryOption[];
  images: string[];
  submitLabel: string;
}) {
  const recipe = type === "recipe";
  const formId = formIdOf(POST_FORM_ID, version);
  return (
    <ValidatedForm
      validator={postFormValidator}
      method="post"
      id={formId}
      noValidate
      // the form's values are the fields' text (numbers and lists as typed), not the parsed output
      defaultValues={values as never}
      className="form content-form"
    >
      <CsrfInput />
      <FocusFirstError formId={formId} />
      <input type="hidden" name="postType" value={type} />
      <TextField name="title" label="Title" maxLength={200} autoComplete="off" />
      <TextField
        name="slug"
        label="Slug"
        hint={`The end of its address: /${recipe ? "recipe-post" : "blog-post"}/your-slug. Lower-case letters, digits and hyphens; left empty, it is made from the title. Renaming it keeps the old address working.`}
        maxLength={120}
        autoComplete="off"
        spellCheck={false}
      />
      <TextAreaField
        name="summary"
        label="Summary"
        hint="One or two sentences: shown to search engines and in shared links (500 characters at most)."
        rows={3}
        maxLength={500}
      />
      <CategoryChecks categories={categories} />
      <ImageFields images={images} />
      <PublishFields />
      {recipe ? <RecipeFields /> : null}
      <TextAreaField
        name="body"
        label="Body (Markdown)"
        hint="Headings (## Heading), lists (- item), links ([words](/faq)), *emphasis*, **bold**, > quotes, `code` and images from /images/. Scripts and other sites' images are removed."
        rows={18}
        className="content-form__body"
      />
      <div className="content-form__actions">
        <FormSubmit name="intent" value="save" formId={formId}>
          {submitLabel}
        </FormSubmit>
        <FormSubmit name="intent" value="preview" variant="secondary" formId={formId}>
          Save and preview
        </FormSubmit>
      </div>
    </ValidatedForm>
  );
}

function CategoryChecks({ categories }: { categories: CategoryOption[] }) {
  if (!categories.length) return null;
  return (
    <fieldset className="content-form__checks">
      <legend className="field__label">Categories</legend>
      {categories.map((c) => (
        <CheckboxField key={c.id} name="categoryIds" value={String(c.id)} label={c.name} />
      ))}
    </fieldset>
  );
}

function ImageFields({ images }: { images: string[] }) {
  return (
    <div className="form-row form-row--2">
      <SelectField
        name="thumbnailUrl"
        label="Hero image"
        placeholder="Choose an image"
        options={images.map((src) => ({ value: src, label: src.replace("/images/", "") }))}
      />
      <TextField name="thumbnailAlt" label="Hero image description (alt text)" maxLength={200} />
    </div>
  );
}

function PublishFields() {
  return (
    <div className="form-row form-row--2">
      <SelectField
        name="status"
        label="Status"
        hint="A draft shows nowhere on the site. A published post shows from its publish date."
        options={[
          { value: "draft", label: "Draft" },
          { value: "published", label: "Published" },
        ]}
      />
      <TextField
        name="publishedAt"
        label="Publish date (Sydney time)"
        type="datetime-local"
        hint="Empty: the moment it is published."
      />
    </div>
  );
}

function RecipeFields() {
  return (
    <>
      <div className="form-row form-row--3">
        <TextField
          name="preparationTime"
          label="Preparation (minutes)"
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          name="cookingTime"
          label="Cooking (minutes)"
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField name="servings" label="Serves" inputMode="numeric" autoComplete="off" />
      </div>
      <TextAreaField name="ingredients" label="Ingredients" hint="One a line." rows={8} />
      <TextAreaField name="directions" label="Directions" hint="One step a line." rows={8} />
    </>
  );
}
