// The stock page's sections (issue 37, decision 059): the 4-week forecast, each product's stock
// with its adjustment form, and the latest adjustments. Each adjustment form is a validated form of
// its own (id "stock-<product id>"), carrying the key made when the page was shown.
import { useActionData } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { TableBox } from "~/admin/components/table-box";
import { useFormError } from "~/admin/components/use-form-error";
import { formatStaffDay, formatStaffTime } from "~/admin/format";
import type { ForecastRow } from "~/admin/stock/forecast";
import { stockAdjustBrowserValidator } from "~/admin/stock/form-validators";
import { REASON_LABELS, STOCK_REASONS, type StockReasonValue } from "~/admin/stock/stock-schema";
import type { StockAdjustmentView } from "~/admin/stock/stock.server";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormError, FormSubmit, SelectField, TextField } from "~/components/forms";

/** The form an answer is for: the product's, or the page's when the product is not known. */
export const STOCK_PAGE_FORM = "stock";
export const adjustFormId = (productId: unknown) =>
  typeof productId === "string" && /^\d{1,9}$/.test(productId)
    ? `stock-${productId}`
    : STOCK_PAGE_FORM;

const units = (n: number | null) => (n === null ? "Not tracked" : String(n));

const REASON_OPTIONS = STOCK_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }));

export function ForecastSection({ today, rows }: { today: string; rows: ForecastRow[] }) {
  const needed = rows.filter((r) => r.totalNeed > 0 || r.short > 0);
  const shortCount = rows.filter((r) => r.short > 0).length;
  const weeks = rows[0]?.weeks ?? [];
  return (
    <section className="admin-section" aria-labelledby="forecast-title">
      <h2 id="forecast-title">Forecast: the next 4 weeks of deliveries</h2>
      <p className="stock-summary" id="forecast-summary">
        {shortCount === 0
          ? "No shortfalls: the stock on hand covers every scheduled delivery of the next 4 weeks."
          : `${shortCount} ${shortCount === 1 ? "product runs" : "products run"} short within 4 weeks (marked “Short”).`}
      </p>
      {needed.length === 0 ? (
        <p className="admin-empty">No scheduled delivery needs any product in the next 4 weeks.</p>
      ) : (
        <TableBox label="Forecast by week">
          <table className="admin-table stock-forecast">
            <caption>
              Units the scheduled deliveries need each week from {formatStaffDay(today)}, and the
              stock left after them
            </caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Free to sell now</th>
                {weeks.map((w, i) => (
                  <th scope="col" key={w.from}>
                    Week {i + 1}
                    <span className="stock-week-dates">
                      {formatStaffDay(w.from)} to {formatStaffDay(w.to)}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {needed
                .slice()
                .sort((a, b) => b.short - a.short || a.name.localeCompare(b.name))
                .map((r) => (
                  <ForecastLine row={r} key={r.id} />
                ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

function ForecastLine({ row }: { row: ForecastRow }) {
  return (
    <tr className={row.short > 0 ? "stock-short-row" : undefined}>
      <th scope="row">{row.name}</th>
      <td>{units(row.inventory)}</td>
      {row.weeks.map((w) => (
        <td key={w.from} className={w.short > 0 ? "stock-short" : undefined}>
          <span className="stock-need">Need {w.need}</span>
          {w.left === null ? null : w.short > 0 ? (
            <strong className="stock-flag">Short by {w.short}</strong>
          ) : (
            <span className="stock-left">{w.left} left</span>
          )}
        </td>
      ))}
    </tr>
  );
}

export function StockSection({
  rows,
  keys,
}: {
  rows: ForecastRow[];
  keys: Record<number, string>;
}) {
  return (
    <section className="admin-section" aria-labelledby="stock-title">
      <h2 id="stock-title">Stock and adjustments</h2>
      <TableBox label="Stock">
        <table className="admin-table stock-table">
          <caption>Every product on sale: its stock, what is reserved, and an adjustment</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Free to sell</th>
              <th scope="col">Reserved</th>
              <th scope="col">On hand</th>
              <th scope="col">Adjust</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <StockLine key={r.id} row={r} formKey={keys[r.id]} />
            ))}
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}

function StockLine({ row: r, formKey }: { row: ForecastRow; formKey: string }) {
  return (
    <tr id={`product-${r.id}`}>
      <th scope="row">
        {r.name}
        <span className="stock-kind">{r.kind === "addon" ? "Add-on" : "Cut"}</span>
      </th>
      <td data-label="Free to sell">{units(r.inventory)}</td>
      <td data-label="Reserved">{r.reserved}</td>
      <td data-label="On hand">
        {r.inventory === null ? "Not tracked" : r.inventory + r.reserved}
      </td>
      <td>
        {r.inventory === null ? (
          <span className="stock-untracked">Not tracked: set a figure on the product</span>
        ) : (
          <AdjustForm row={r} formKey={formKey} />
        )}
      </td>
    </tr>
  );
}

function AdjustForm({ row, formKey }: { row: ForecastRow; formKey: string }) {
  const formId = adjustFormId(String(row.id));
  const answered = useActionData<{ formId?: unknown } | undefined>()?.formId === formId;
  const forName = <span className="visually-hidden"> for {row.name}</span>;
  return (
    <details className="stock-adjust" open={answered || undefined}>
      <summary>
        Adjust<span className="visually-hidden"> {row.name}</span>
      </summary>
      <ValidatedForm
        validator={stockAdjustBrowserValidator}
        method="post"
        id={formId}
        noValidate
        className="stock-adjust__form"
        preventScrollReset
      >
        <CsrfInput />
        <FocusFirstError formId={formId} />
        <input type="hidden" name="productId" value={row.id} />
        <input type="hidden" name="key" value={formKey} />
        <SelectField
          name="reason"
          label={<>Reason{forName}</>}
          options={REASON_OPTIONS}
          placeholder="Choose a reason"
        />
        <TextField
          name="change"
          label={
            <>
              Change in units<span className="visually-hidden"> of {row.name}</span>
            </>
          }
          inputMode="numeric"
          autoComplete="off"
          hint="12 adds, -3 removes"
        />
        <TextField name="note" label={<>Note{forName}</>} maxLength={200} autoComplete="off" />
        <FormError message={useFormError(formId)} />
        <FormSubmit variant="secondary" formId={formId}>
          Save adjustment{forName}
        </FormSubmit>
      </ValidatedForm>
    </details>
  );
}

export function AdjustmentsSection({ adjustments }: { adjustments: StockAdjustmentView[] }) {
  return (
    <section className="admin-section" aria-labelledby="adjustments-title">
      <h2 id="adjustments-title">Latest adjustments</h2>
      {adjustments.length === 0 ? (
        <p className="admin-empty">No adjustment yet.</p>
      ) : (
        <TableBox label="Latest adjustments">
          <table className="admin-table">
            <caption>The 20 latest stock adjustments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Product</th>
                <th scope="col">Change</th>
                <th scope="col">Stock</th>
                <th scope="col">Reason</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {adjustments.map((a) => (
                <tr key={a.id}>
                  <td>{formatStaffTime(a.createdAt)}</td>
                  <td>{a.productName}</td>
                  <td>{a.delta > 0 ? `+${a.delta}` : a.delta}</td>
                  <td>
                    {a.inventoryBefore} to {a.inventoryAfter}
                  </td>
                  <td>
                    {REASON_LABELS[a.reason as StockReasonValue] ?? a.reason}
                    {a.note ? `: ${a.note}` : ""}
                  </td>
                  <td>{a.staffName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}
