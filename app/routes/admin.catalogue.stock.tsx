// /admin/catalogue/stock (owner, permission `catalogue`; issue 37): each product's stock, what paid
// orders not yet dispatched hold, the forecast of the next 4 weeks of deliveries with shortfalls said
// in words, and an adjustment form per product (a reason, the change, a note). Each form carries the
// key made when the page was shown: pressed twice, it adjusts once. Plain POSTs: works without
// JavaScript. See docs/decisions/059-stock-forecast.md.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AdminPage } from "~/admin/components/admin-page";
import { useFormError } from "~/admin/components/use-form-error";
import { StatusMessage } from "~/admin/customers/components/status-message";
import { refuse } from "~/admin/form-refusal.server";
import { requireStaff } from "~/staff/staff-session.server";
import {
  AdjustmentsSection,
  adjustFormId,
  ForecastSection,
  STOCK_PAGE_FORM,
  StockSection,
} from "~/admin/stock/components";
import { stockAdjustValidator } from "~/admin/stock/stock-schema";
import { adjustStock, stockOverview } from "~/admin/stock/stock.server";
import { FormError } from "~/components/forms";
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

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "catalogue");
  const formData = await readForm(request);
  const formId = adjustFormId(formData.get("productId"));
  const parsed = await stockAdjustValidator.validate(formData);
  const values = typedAdjustment(formData);
  if (parsed.error) {
    const { productId, key, ...fieldErrors } = parsed.error.fieldErrors;
    // a stale or hand-made form (its product or key) is the form's own error, not a field's
    const formError = productId ?? key;
    if (formError) return refuse(formId, { message: formError, field: null, values }, 400);
    return validationError({ fieldErrors, formId }, values, { status: 400 });
  }
  const outcome = await adjustStock(staff, parsed.data);
  if (!outcome.ok) return refuse(formId, { ...outcome, field: null, values }, outcome.status);
  return redirect(`${PATH}?done=${parsed.data.productId}#status`, 303);
}

const typedAdjustment = (form: FormData) => ({
  reason: String(form.get("reason") ?? ""),
  change: String(form.get("change") ?? ""),
  note: String(form.get("note") ?? ""),
});

export default function StockPage() {
  const { today, rows, adjustments, keys, done } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Stock"
      lead="Free to sell is what the shop can still sell; reserved is held by paid orders not yet dispatched, so on hand is both together."
    >
      <StatusMessage message={done} />
      <FormError message={useFormError(STOCK_PAGE_FORM)} />
      <ForecastSection today={today} rows={rows} />
      <StockSection rows={rows} keys={keys} />
      <AdjustmentsSection adjustments={adjustments} />
    </AdminPage>
  );
}
