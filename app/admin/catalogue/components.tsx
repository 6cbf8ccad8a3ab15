// The catalogue's pages' parts: the product form (a validated multipart POST, so an image uploads
// with JavaScript off too), the status line after a save, and the price history.
import { ValidatedForm } from "~/components/validated-form";
import { productBrowserValidator } from "~/admin/catalogue/form-validators";
import { useFormError } from "~/admin/components/use-form-error";
import { formatAud, formatStaffTime } from "~/admin/format";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FieldError,
  FocusFirstError,
  FormError,
  FormSubmit,
  SelectField,
  TextAreaField,
  TextField,
  useFormField,
} from "~/components/forms";

export const CATALOGUE_PATH = "/admin/catalogue";
export const productPath = (id: number) => `${CATALOGUE_PATH}/products/${id}`;
export const boxPath = (id: number) => `${CATALOGUE_PATH}/boxes/${id}`;
export const STOCK_PATH = `${CATALOGUE_PATH}/stock`;

/** "12.50" for a price field's default value. */
export const dollarsOf = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

export function Done({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
      {message}
    </p>
  );
}

export type ProductFormData = {
  id: number | null;
  name: string;
  description: string;
  priceCents: number;
  categoryId: number | null;
  weight: string | null;
  taxable: boolean;
  active: boolean;
  image: string;
};

export const PRODUCT_FORM_ID = "product";

export function ProductForm({
  product,
  categories,
}: {
  product: ProductFormData;
  categories: { id: number; name: string; kind: string }[];
}) {
  return (
    <ValidatedForm
      validator={productBrowserValidator}
      method="post"
      encType="multipart/form-data"
      id={PRODUCT_FORM_ID}
      noValidate
      className="form catalogue-form"
      // the form's values are the fields' text, not the parsed output (cents, numbers)
      defaultValues={
        {
          name: product.name,
          description: product.description,
          price: dollarsOf(product.priceCents),
          categoryId: product.categoryId === null ? "" : String(product.categoryId),
          weight: product.weight ?? "",
          taxable: product.taxable,
          active: product.active,
        } as never
      }
    >
      <CsrfInput />
      <FocusFirstError formId={PRODUCT_FORM_ID} />
      <TextField name="name" label="Name" maxLength={120} />
      <TextAreaField name="description" label="Description" rows={4} maxLength={2000} />
      <div className="form-row form-row--3">
        <TextField
          name="price"
          label="Price (AUD)"
          inputMode="decimal"
          autoComplete="off"
          hint={
            <>
              Dollars and cents, like 12.50. A cut&rsquo;s price is what a discount gives it away
              at; cuts are included in the box&rsquo;s price.
            </>
          }
        />
        <SelectField
          name="categoryId"
          label="Category"
          placeholder={product.categoryId === null ? "Choose a category" : undefined}
          options={categories.map((c) => ({
            value: String(c.id),
            label: `${c.name} (${c.kind === "addon" ? "add-on" : "cut"})`,
          }))}
        />
        <TextField name="weight" label="Weight or size (optional)" maxLength={60} />
      </div>
      <CheckboxField
        name="taxable"
        value="on"
        label="GST applies (taxable)"
        hint="Fresh meat and seafood are GST-free; knives, rubs and other goods carry GST."
      />
      <CheckboxField name="active" value="on" label="Active (sold in the shop)" />
      <ImageField replacing={Boolean(product.image)} />
      <FormError message={useFormError(PRODUCT_FORM_ID)} />
      <div>
        <FormSubmit>{product.id === null ? "Add the product" : "Save the product"}</FormSubmit>
      </div>
    </ValidatedForm>
  );
}

/**
 * The one field of the back office that is not a forms.tsx field: a file input. The form library
 * validates it (its size, in the browser and the action) and the action's refusal shows under it,
 * but no library can put a chosen file back into an input after a refusal, so it has no default
 * value and is wired here by hand (label, hint, error and ARIA as forms.tsx does them).
 */
function ImageField({ replacing }: { replacing: boolean }) {
  const { error, validate } = useFormField("image", PRODUCT_FORM_ID);
  const ids = { input: "product-image", hint: "product-image-hint", error: "product-image-error" };
  return (
    <div className="field" data-invalid={error ? "true" : undefined}>
      <label className="field__label" htmlFor={ids.input}>
        {replacing ? "Replace the image (optional)" : "Image (optional)"}
      </label>
      <input
        className="field__input"
        type="file"
        id={ids.input}
        name="image"
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        aria-invalid={error ? true : undefined}
        onChange={() => validate()}
      />
      <p className="field__hint" id={ids.hint}>
        PNG, JPEG, WebP or SVG, up to 2 MB.
      </p>
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

export function PriceHistory({
  history,
  caption,
}: {
  history: {
    id: number;
    oldCents: number;
    newCents: number;
    changedAt: string;
    staffName: string | null;
  }[];
  caption: string;
}) {
  if (!history.length) return <p className="admin-muted">No price changes recorded yet.</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col" className="num">
              From
            </th>
            <th scope="col" className="num">
              To
            </th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h) => (
            <tr key={h.id}>
              <td>{formatStaffTime(h.changedAt)}</td>
              <td className="num">{formatAud(h.oldCents)}</td>
              <td className="num">{formatAud(h.newCents)}</td>
              <td>{h.staffName ?? "Staff"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
