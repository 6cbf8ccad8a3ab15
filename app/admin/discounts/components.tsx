// The discount code form (create and edit) and the bits the list and the code's page share.
import { ValidatedForm } from "~/components/validated-form";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FieldShell,
  FocusFirstError,
  FormError,
  FormSubmit,
  TextField,
  TextAreaField,
  useFormField,
} from "~/components/forms";
import { useFormError } from "~/admin/components/use-form-error";
import { formatAud, formatStaffDay } from "~/admin/format";
import { discountFormBrowserValidator } from "./form-validators";
import type { DiscountFormValues } from "./discounts.server";

export const DISCOUNT_FORM_ID = "discount-form";
export const discountPath = (id: number) => `/admin/discounts/${id}`;

/** "20% off", "$15.00 off", "Free: Bacon" or "Free, a choice of: Bacon, Butter". */
export function offerLabel(d: {
  kind: "percent" | "amount" | "free_item";
  value: number;
  freeProducts: string[];
}): string {
  if (d.kind === "percent") return `${d.value}% off`;
  if (d.kind === "amount") return `${formatAud(d.value)} off`;
  if (d.freeProducts.length > 1) return `Free, a choice of: ${d.freeProducts.join(", ")}`;
  return `Free: ${d.freeProducts[0] ?? "no product"}`;
}

/** "First order only", "First order and 2 renewals (3 deliveries)", "Every delivery". */
export function deliveriesLabel(d: { recurring: boolean; deliveries: number | null }): string {
  if (!d.recurring) return "First order only";
  if (d.deliveries === null) return "Every delivery";
  return `First order and ${d.deliveries - 1} renewal${d.deliveries === 2 ? "" : "s"} (${d.deliveries} deliveries)`;
}

export function datesLabel(d: { startsOn: string | null; endsOn: string | null }): string {
  if (!d.startsOn && !d.endsOn) return "Always";
  if (!d.endsOn) return `From ${formatStaffDay(d.startsOn!)}`;
  if (!d.startsOn) return `Until ${formatStaffDay(d.endsOn)}`;
  return `${formatStaffDay(d.startsOn)} to ${formatStaffDay(d.endsOn)}`;
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`discount-status discount-status--${status.toLowerCase().replace(" ", "-")}`}>
      {status}
    </span>
  );
}

/**
 * A fieldset of checkboxes (posting one name several times) or radios, drawn by FieldShell; the
 * server's answer refills it.
 */
function OptionGroup({
  name,
  legend,
  hint,
  type,
  options,
}: {
  name: string;
  legend: string;
  hint?: string;
  type: "checkbox" | "radio";
  options: { value: string; label: string }[];
}) {
  const { error, getInputProps } = useFormField(name);
  return (
    <FieldShell
      name={name}
      label={legend}
      hint={hint}
      error={error}
      layout="group"
      className="discount-checks"
    >
      {() => (
        <div className="discount-checks__list">
          {options.map((o) => (
            <label key={o.value} className="discount-check">
              <input {...getInputProps({ type, value: o.value })} /> {o.label}
            </label>
          ))}
        </div>
      )}
    </FieldShell>
  );
}

type DiscountFormProps = {
  values: DiscountFormValues;
  products: { id: number; name: string; kind: string; priceCents: number; active: number }[];
  regions: { id: number; name: string; state: string }[];
  submitLabel: string;
};

export function DiscountForm({ values, products, regions, submitLabel }: DiscountFormProps) {
  return (
    <ValidatedForm
      validator={discountFormBrowserValidator}
      method="post"
      id={DISCOUNT_FORM_ID}
      noValidate
      defaultValues={values as never}
      className="form discount-form"
    >
      <CsrfInput />
      <FocusFirstError formId={DISCOUNT_FORM_ID} />
      <FormError message={useFormError(DISCOUNT_FORM_ID)} />
      <OfferPart products={products} />
      <DeliveriesPart />
      <LimitsPart regions={regions} />
      <FormSubmit formId={DISCOUNT_FORM_ID}>{submitLabel}</FormSubmit>
    </ValidatedForm>
  );
}

function OfferPart({ products }: Pick<DiscountFormProps, "products">) {
  return (
    <section className="admin-card discount-form__part" aria-labelledby="discount-what">
      <h2 id="discount-what">The code and its offer</h2>
      <TextField
        name="code"
        label="Code"
        hint="Letters, digits and dashes; shoppers may type it in any case. Stored in capitals."
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
      />
      <TextAreaField
        name="description"
        label="Description for the shopper"
        hint='Shown at checkout when the code is applied, like "20% off your first box".'
        rows={2}
        maxLength={200}
      />
      <OptionGroup
        type="radio"
        name="kind"
        legend="What the code gives"
        options={[
          { value: "percent", label: "A percentage off the box and add-ons" },
          { value: "amount", label: "A fixed amount off (AUD)" },
          { value: "free_item", label: "A free product" },
        ]}
      />
      <div className="discount-form__pair">
        <TextField
          name="percent"
          label="Percentage off"
          hint="For a percentage: a whole number from 1 to 100."
          inputMode="numeric"
        />
        <TextField
          name="amount"
          label="Amount off (AUD)"
          hint="For a fixed amount: dollars, like 15 or 12.50. Never more than the order."
          inputMode="decimal"
        />
      </div>
      <OptionGroup
        type="checkbox"
        name="products"
        legend="Free products"
        hint="For a free product: tick one product to give it, or several to let the shopper choose one of them at checkout (a choice is for the first order only)."
        options={products.map((p) => ({
          value: String(p.id),
          label: `${p.name} (${p.kind === "addon" ? formatAud(p.priceCents) : "cut"}${p.active ? "" : ", inactive"})`,
        }))}
      />
    </section>
  );
}

function DeliveriesPart() {
  return (
    <section className="admin-card discount-form__part" aria-labelledby="discount-when">
      <h2 id="discount-when">Deliveries and dates</h2>
      <OptionGroup
        type="radio"
        name="appliesTo"
        legend="Applies to"
        options={[
          {
            value: "first",
            label: "The first order only (not for accounts that ordered before)",
          },
          { value: "recurring", label: "Recurring: the first order and the renewals after it" },
        ]}
      />
      <TextField
        name="deliveries"
        label="Deliveries covered (recurring codes)"
        hint="The first order counts as delivery 1: 3 means the first order and the next 2 renewals, and the 4th delivery is full price. Leave empty for every delivery."
        inputMode="numeric"
      />
      <div className="discount-form__pair">
        <TextField
          name="startsOn"
          label="First day (optional)"
          hint="Sydney time, from midnight."
          type="date"
        />
        <TextField
          name="endsOn"
          label="Last day (optional)"
          hint="Sydney time, up to 11:59 pm. The code works on this day too."
          type="date"
        />
      </div>
    </section>
  );
}

function LimitsPart({ regions }: Pick<DiscountFormProps, "regions">) {
  return (
    <section className="admin-card discount-form__part" aria-labelledby="discount-limits">
      <h2 id="discount-limits">Limits and regions</h2>
      <div className="discount-form__pair">
        <TextField
          name="maxUses"
          label="Limit on total uses (optional)"
          hint="Orders placed with the code, all customers together. Empty: no limit."
          inputMode="numeric"
        />
        <TextField
          name="maxUsesPerCustomer"
          label="Limit per customer (optional)"
          hint="Orders one customer may place with it. Empty: no limit."
          inputMode="numeric"
        />
      </div>
      <OptionGroup
        type="checkbox"
        name="excludedRegions"
        legend="Excluded regions"
        hint="Shoppers delivering to a ticked region are told the code can't be used there."
        options={regions.map((r) => ({
          value: String(r.id),
          label: r.name === r.state ? r.name : `${r.name} (${r.state})`,
        }))}
      />
      <CheckboxField
        name="active"
        value="on"
        label="Shoppers can use this code (untick to pause it)"
      />
    </section>
  );
}
