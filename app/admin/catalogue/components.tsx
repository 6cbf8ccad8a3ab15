// The catalogue's pages' parts: the product form (a plain multipart POST, so an image uploads with
// JavaScript off), the status line after a save, and a refusal's alert.
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { formatAud, formatStaffTime } from "~/admin/format";
import { CsrfInput } from "~/components/csrf-input";

export const CATALOGUE_PATH = "/admin/catalogue";
export const productPath = (id: number) => `${CATALOGUE_PATH}/products/${id}`;
export const boxPath = (id: number) => `${CATALOGUE_PATH}/boxes/${id}`;
export const STOCK_PATH = `${CATALOGUE_PATH}/stock`;

/** "12.50" for a price field's default value. */
export const dollarsOf = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

export type FormRefusal = {
  intent: string;
  message: string;
  values: Record<string, string>;
  field: string | null;
};

export function Refusal({ refusal }: { refusal: FormRefusal | null | undefined }) {
  if (!refusal) return null;
  return (
    <p className="form-alert form-alert--error" role="alert" id="refusal">
      {refusal.message}
    </p>
  );
}

export function Done({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
      {message}
    </p>
  );
}

export function SubmitButton({
  intent,
  label,
  pendingLabel,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="button button--primary"
      aria-disabled={pending || undefined}
      onClick={(e) => pending && e.preventDefault()}
    >
      {pending ? pendingLabel : label}
    </button>
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

const MAX_BYTES = 2 * 1024 * 1024;

export function ProductForm({
  product,
  categories,
  refusal,
}: {
  product: ProductFormData;
  categories: { id: number; name: string; kind: string }[];
  refusal: FormRefusal | null;
}) {
  const typed = refusal?.values;
  const value = (name: string, fallback: string) => typed?.[name] ?? fallback;
  const checked = (name: "taxable" | "active") => (typed ? typed[name] === "on" : product[name]);
  const invalid = (name: string) => (refusal?.field === name ? true : undefined);
  /** the field's hint, and the refusal's alert when it is about this field */
  const describedBy = (name: string, hint?: string) =>
    [hint, invalid(name) ? "refusal" : null].filter(Boolean).join(" ") || undefined;
  const [tooBig, setTooBig] = useState(false);
  return (
    <Form method="post" encType="multipart/form-data" className="form catalogue-form">
      <CsrfInput />
      <div className="field" data-invalid={invalid("name")}>
        <label className="field__label" htmlFor="product-name">
          Name
        </label>
        <input
          className="field__input"
          id="product-name"
          name="name"
          required
          minLength={2}
          maxLength={120}
          defaultValue={value("name", product.name)}
          aria-invalid={invalid("name")}
          aria-describedby={describedBy("name")}
        />
      </div>
      <div className="field" data-invalid={invalid("description")}>
        <label className="field__label" htmlFor="product-description">
          Description
        </label>
        <textarea
          className="field__input"
          id="product-description"
          name="description"
          rows={4}
          maxLength={2000}
          defaultValue={value("description", product.description)}
        />
      </div>
      <div className="form-row form-row--3">
        <div className="field" data-invalid={invalid("price")}>
          <label className="field__label" htmlFor="product-price">
            Price (AUD)
          </label>
          <input
            className="field__input"
            id="product-price"
            name="price"
            inputMode="decimal"
            autoComplete="off"
            required
            aria-describedby={describedBy("price", "product-price-hint")}
            defaultValue={value("price", dollarsOf(product.priceCents))}
            aria-invalid={invalid("price")}
          />
          <p className="field__hint" id="product-price-hint">
            Dollars and cents, like 12.50. A cut&rsquo;s price is what a discount gives it away at;
            cuts are included in the box&rsquo;s price.
          </p>
        </div>
        <div className="field" data-invalid={invalid("categoryId")}>
          <label className="field__label" htmlFor="product-category">
            Category
          </label>
          <select
            className="field__input field__select"
            id="product-category"
            name="categoryId"
            required={product.categoryId === null}
            defaultValue={value("categoryId", String(product.categoryId ?? ""))}
            aria-invalid={invalid("categoryId")}
            aria-describedby={describedBy("categoryId")}
          >
            {product.categoryId === null ? <option value="">Choose a category</option> : null}
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.kind === "addon" ? "add-on" : "cut"})
              </option>
            ))}
          </select>
        </div>
        <div className="field" data-invalid={invalid("weight")}>
          <label className="field__label" htmlFor="product-weight">
            Weight or size (optional)
          </label>
          <input
            className="field__input"
            id="product-weight"
            name="weight"
            maxLength={60}
            defaultValue={value("weight", product.weight ?? "")}
            aria-invalid={invalid("weight")}
            aria-describedby={describedBy("weight")}
          />
        </div>
      </div>
      <div className="field field--check">
        <input
          className="field__checkbox"
          type="checkbox"
          id="product-taxable"
          name="taxable"
          defaultChecked={checked("taxable")}
          aria-describedby="product-taxable-hint"
        />
        <label className="field__label" htmlFor="product-taxable">
          GST applies (taxable)
        </label>
        <p className="field__hint" id="product-taxable-hint">
          Fresh meat and seafood are GST-free; knives, rubs and other goods carry GST.
        </p>
      </div>
      <div className="field field--check">
        <input
          className="field__checkbox"
          type="checkbox"
          id="product-active"
          name="active"
          defaultChecked={checked("active")}
        />
        <label className="field__label" htmlFor="product-active">
          Active (sold in the shop)
        </label>
      </div>
      <div className="field" data-invalid={invalid("image") ?? (tooBig || undefined)}>
        <label className="field__label" htmlFor="product-image">
          {product.image ? "Replace the image (optional)" : "Image (optional)"}
        </label>
        <input
          className="field__input"
          type="file"
          id="product-image"
          name="image"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          aria-describedby={describedBy("image", "product-image-hint")}
          aria-invalid={invalid("image") ?? (tooBig || undefined)}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            const big = Boolean(file && file.size > MAX_BYTES);
            e.currentTarget.setCustomValidity(
              big ? "This image is larger than 2 MB. Please upload a smaller one." : "",
            );
            setTooBig(big);
          }}
        />
        <p className="field__hint" id="product-image-hint">
          PNG, JPEG, WebP or SVG, up to 2 MB.
        </p>
        {tooBig ? (
          <p className="field__error" role="alert">
            This image is larger than 2 MB. Please upload a smaller one.
          </p>
        ) : null}
      </div>
      <Refusal refusal={refusal} />
      <div>
        <SubmitButton
          intent="save"
          label={product.id === null ? "Add the product" : "Save the product"}
          pendingLabel="Saving…"
        />
      </div>
    </Form>
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
