// /admin/catalogue/stock (owner, permission `catalogue`; issue 37): each product's stock, what paid
// orders not yet dispatched hold, the forecast of the next 4 weeks of deliveries with shortfalls said
// in words, and an adjustment form per product (a reason, the change, a note). Each form carries the
// key made when the page was shown: pressed twice, it adjusts once. Plain POSTs: works without
// JavaScript. See docs/decisions/059-stock-forecast.md.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { TableBox } from "~/admin/components/table-box";
import { RefusalMessage, StatusMessage } from "~/admin/customers/components/status-message";
import { formatStaffDay, formatStaffTime } from "~/admin/format";
import { requireStaff } from "~/staff/staff-session.server";
import type { ForecastRow } from "~/admin/stock/forecast";
import {
  REASON_LABELS,
  STOCK_REASONS,
  StockAdjustSchema,
  type StockReasonValue,
} from "~/admin/stock/stock-schema";
import { adjustStock, stockOverview } from "~/admin/stock/stock.server";
import { CsrfInput } from "~/components/csrf-input";
import { readForm } from "~/security/csrf.server";
import stockHref from "~/styles/admin-stock.css";

export const meta: MetaFunction = () => [{ title: "Stock | Back office" }];
export const links = () => [{ rel: "stylesheet", href: stockHref }];

const PATH = "/admin/catalogue/stock";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "catalogue");
  const { today, rows, adjustments } = await stockOverview();
  const doneId = Number(new URL(request.url).searchParams.get("done"));
  const done = rows.find((r) => r.id === doneId);
  return data(
    {
      today,
      rows,
      adjustments,
      // a new key per product for each page shown: a second press of the same form adjusts nothing
      keys: Object.fromEntries(rows.map((r) => [r.id, randomUUID()])) as Record<number, string>,
      done: done
        ? `Stock of ${done.name} saved: ${done.inventory ?? "not tracked"} free to sell.`
        : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Refusal = { productId: number | null; message: string; values: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "catalogue");
  const formData = await readForm(request);
  const values = {
    reason: String(formData.get("reason") ?? ""),
    change: String(formData.get("change") ?? ""),
    note: String(formData.get("note") ?? ""),
  };
  const productId = /^\d{1,9}$/.test(String(formData.get("productId") ?? ""))
    ? Number(formData.get("productId"))
    : null;
  const parsed = StockAdjustSchema.safeParse({
    productId: formData.get("productId") ?? undefined,
    key: formData.get("key") ?? undefined,
    reason: formData.get("reason") ?? undefined,
    change: formData.get("change") ?? undefined,
    note: formData.get("note") ?? undefined,
  });
  if (!parsed.success) {
    const refusal: Refusal = { productId, message: parsed.error.issues[0].message, values };
    return data({ refusal }, { status: 400 });
  }
  const outcome = await adjustStock(staff, parsed.data);
  if (!outcome.ok) {
    const refusal: Refusal = { productId, message: outcome.message, values };
    return data({ refusal }, { status: outcome.status });
  }
  return redirect(`${PATH}?done=${parsed.data.productId}#status`, 303);
}

const units = (n: number | null) => (n === null ? "Not tracked" : String(n));

export default function StockPage() {
  const { today, rows, adjustments, keys, done } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal ?? null;
  const needed = rows.filter((r) => r.totalNeed > 0 || r.short > 0);
  const shortCount = rows.filter((r) => r.short > 0).length;
  const weeks = rows[0]?.weeks ?? [];
  return (
    <AdminPage
      title="Stock"
      lead="Free to sell is what the shop can still sell; reserved is held by paid orders not yet dispatched, so on hand is both together."
    >
      <StatusMessage message={done} />
      {refusal && refusal.productId === null ? <RefusalMessage message={refusal.message} /> : null}

      <section className="admin-section" aria-labelledby="forecast-title">
        <h2 id="forecast-title">Forecast: the next 4 weeks of deliveries</h2>
        <p className="stock-summary" id="forecast-summary">
          {shortCount === 0
            ? "No shortfalls: the stock on hand covers every scheduled delivery of the next 4 weeks."
            : `${shortCount} ${shortCount === 1 ? "product runs" : "products run"} short within 4 weeks (marked “Short”).`}
        </p>
        {needed.length === 0 ? (
          <p className="admin-empty">
            No scheduled delivery needs any product in the next 4 weeks.
          </p>
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
                <tr key={r.id} id={`product-${r.id}`}>
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
                      <span className="stock-untracked">
                        Not tracked: set a figure on the product
                      </span>
                    ) : (
                      <AdjustForm
                        row={r}
                        formKey={keys[r.id]}
                        refusal={refusal?.productId === r.id ? refusal : null}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </section>

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
    </AdminPage>
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

function AdjustForm({
  row,
  formKey,
  refusal,
}: {
  row: ForecastRow;
  formKey: string;
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("productId") === String(row.id);
  const typed = refusal?.values ?? {};
  const id = (field: string) => `stock-${row.id}-${field}`;
  const errorId = id("error");
  return (
    <details className="stock-adjust" open={refusal ? true : undefined}>
      <summary>
        Adjust<span className="visually-hidden"> {row.name}</span>
      </summary>
      <Form method="post" className="stock-adjust__form" preventScrollReset>
        <CsrfInput />
        <input type="hidden" name="productId" value={row.id} />
        <input type="hidden" name="key" value={formKey} />
        <div className="field">
          <label className="field__label" htmlFor={id("reason")}>
            Reason<span className="visually-hidden"> for {row.name}</span>
          </label>
          <select
            className="field__input"
            id={id("reason")}
            name="reason"
            required
            defaultValue={typed.reason ?? ""}
            aria-describedby={refusal ? errorId : undefined}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={id("change")}>
            Change in units<span className="visually-hidden"> of {row.name}</span>
          </label>
          <input
            className="field__input"
            id={id("change")}
            name="change"
            inputMode="numeric"
            autoComplete="off"
            required
            pattern="[+\-]?[0-9]{1,6}"
            defaultValue={typed.change ?? ""}
            aria-describedby={`${id("hint")}${refusal ? ` ${errorId}` : ""}`}
            aria-invalid={refusal ? true : undefined}
          />
          <p className="field__hint" id={id("hint")}>
            12 adds, -3 removes
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={id("note")}>
            Note<span className="visually-hidden"> for {row.name}</span>
          </label>
          <input
            className="field__input"
            id={id("note")}
            name="note"
            maxLength={200}
            autoComplete="off"
            defaultValue={typed.note ?? ""}
          />
        </div>
        {refusal ? (
          <p className="form-alert form-alert--error" role="alert" id={errorId}>
            {refusal.message}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--secondary"
          aria-disabled={pending || undefined}
          onClick={(e) => pending && e.preventDefault()}
        >
          {pending ? "Saving…" : "Save adjustment"}
          <span className="visually-hidden"> for {row.name}</span>
        </button>
      </Form>
    </details>
  );
}
