// A box's page's forms: its sizes (price, and the most cuts for the custom box) and, for a curated
// box, this month's and next month's contents. Each is a validated form of its own, with its intent.
import type { SerializeFrom } from "@remix-run/node";
import { ValidatedForm } from "~/components/validated-form";
import type { boxDetail } from "~/admin/catalogue/boxes.server";
import { MAX_CONTENT_LINES } from "~/admin/catalogue/catalogue-schema";
import { dollarsOf, PriceHistory } from "~/admin/catalogue/components";
import {
  boxSizesBrowserValidator,
  contentsBrowserValidator,
} from "~/admin/catalogue/form-validators";
import { useFormError } from "~/admin/components/use-form-error";
import { formatAud } from "~/admin/format";
import { monthLabel } from "~/catalogue/months";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormError, FormSubmit, TextField } from "~/components/forms";

type BoxDetail = SerializeFrom<NonNullable<Awaited<ReturnType<typeof boxDetail>>>>;
type Size = BoxDetail["sizes"][number];
type Contents = NonNullable<BoxDetail["contents"]>;

export const SIZES_FORM_ID = "sizes";
export const contentsFormId = (month: string) => `month-${month}`;

export function BoxSizesForm({ sizes }: { sizes: Size[] }) {
  const defaults = Object.fromEntries(
    sizes.flatMap((s) => [
      [`price-${s.id}`, dollarsOf(s.priceCents)],
      [`max-${s.id}`, String(s.selectionMaximum ?? "")],
    ]),
  );
  return (
    <section className="admin-card" aria-labelledby="sizes-title">
      <h2 id="sizes-title">Sizes and prices</h2>
      <p className="admin-muted">
        A new price applies to orders placed from now on, and to renewals whose reminder has not
        gone out yet; a subscriber whose box will cost more is told in that reminder.
      </p>
      <ValidatedForm
        validator={boxSizesBrowserValidator}
        method="post"
        id={SIZES_FORM_ID}
        noValidate
        className="form"
        defaultValues={defaults}
      >
        <CsrfInput />
        <FocusFirstError formId={SIZES_FORM_ID} />
        <div className="catalogue-sizes-form">
          {sizes.map((s) => (
            <SizeFields key={s.id} size={s} />
          ))}
        </div>
        <FormError message={useFormError(SIZES_FORM_ID)} />
        <div>
          <FormSubmit name="intent" value="sizes" formId={SIZES_FORM_ID}>
            Save the sizes
          </FormSubmit>
        </div>
      </ValidatedForm>
      <details className="catalogue-history">
        <summary>Price history</summary>
        {sizes.map((s) => (
          <PriceHistory key={s.id} history={s.history} caption={`${s.fullName}: price changes`} />
        ))}
      </details>
    </section>
  );
}

function SizeFields({ size: s }: { size: Size }) {
  return (
    <fieldset className="field catalogue-size">
      <legend className="field__label">
        {s.fullName}
        {s.active ? "" : " (not sold)"}
      </legend>
      <TextField
        name={`price-${s.id}`}
        label="Price (AUD)"
        inputMode="decimal"
        autoComplete="off"
      />
      {s.hasMaximum ? (
        <TextField
          name={`max-${s.id}`}
          label="Most cuts a shopper may choose"
          inputMode="numeric"
          autoComplete="off"
        />
      ) : null}
      {s.history.length ? (
        <p className="field__hint">
          Last change: {formatAud(s.history[0].oldCents)} to {formatAud(s.history[0].newCents)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** This month's and next month's contents of a curated box, side by side. */
export function ContentsForms({ contents }: { contents: Contents }) {
  return (
    <div className="catalogue-months">
      <ContentsForm
        month={contents.thisMonth}
        title={`This month: ${monthLabel(contents.thisMonth)}`}
        hint={
          contents.shownMonth && contents.shownMonth !== contents.thisMonth
            ? `The shop shows ${monthLabel(contents.shownMonth)}'s contents until this month's are saved.`
            : "What the shop shows now."
        }
        lines={contents.current}
      />
      <ContentsForm
        month={contents.nextMonth}
        title={`Next month: ${monthLabel(contents.nextMonth)}`}
        hint={
          contents.nextPrepared
            ? `Prepared: the shop shows these from 1 ${monthLabel(contents.nextMonth)} (Sydney time).`
            : `Not prepared yet: this month's contents are filled in to start from. Nothing changes until you save; once saved, they go live on 1 ${monthLabel(contents.nextMonth)} (Sydney time).`
        }
        lines={contents.nextPrepared ? contents.next : contents.current}
      />
    </div>
  );
}

function ContentsForm({
  month,
  title,
  hint,
  lines,
}: {
  month: string;
  title: string;
  hint: string;
  lines: { item: string; quantity: string }[];
}) {
  const formId = contentsFormId(month);
  const rows = Math.min(MAX_CONTENT_LINES, Math.max(lines.length + 3, 6));
  const defaults = Object.fromEntries(
    lines.flatMap((l, n) => [
      [`item-${n}`, l.item],
      [`quantity-${n}`, l.quantity],
    ]),
  );
  return (
    <section className="admin-card" aria-labelledby={`contents-${month}`}>
      <h2 id={`contents-${month}`}>{title}</h2>
      <p className="admin-muted">{hint}</p>
      <ValidatedForm
        validator={contentsBrowserValidator}
        method="post"
        id={formId}
        noValidate
        className="form"
        defaultValues={defaults}
      >
        <CsrfInput />
        <FocusFirstError formId={formId} />
        <input type="hidden" name="month" value={month} />
        <table className="admin-table catalogue-contents">
          <caption className="visually-hidden">{title}: the box&rsquo;s contents</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, n) => (
              <ContentLine key={n} n={n} />
            ))}
          </tbody>
        </table>
        <p className="field__hint">Leave a line empty to remove it.</p>
        <FormError message={useFormError(formId)} />
        <div>
          <FormSubmit name="intent" value="contents" formId={formId}>
            {`Save ${monthLabel(month)}'s contents`}
          </FormSubmit>
        </div>
      </ValidatedForm>
    </section>
  );
}

/** One line of a month's contents: the table's headers name the columns, so the labels are hidden. */
function ContentLine({ n }: { n: number }) {
  return (
    <tr>
      <td>
        <TextField
          name={`item-${n}`}
          label={<span className="visually-hidden">Line {n + 1}: item</span>}
          maxLength={120}
        />
      </td>
      <td>
        <TextField
          name={`quantity-${n}`}
          label={<span className="visually-hidden">Line {n + 1}: quantity</span>}
          maxLength={60}
        />
      </td>
    </tr>
  );
}
