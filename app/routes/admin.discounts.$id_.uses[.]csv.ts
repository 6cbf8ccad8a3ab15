// /admin/discounts/{id}/uses.csv: every order that used a discount code (reference, date, customer,
// e-mail, delivery, discount given in AUD), UTF-8 CSV.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { discountUsage, loadDiscount } from "~/admin/discounts/discounts.server";
import { toCsv } from "~/admin/packing/csv";
import { requireStaff } from "~/staff/staff-session.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "discounts");
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const discount = Number.isSafeInteger(id) ? await loadDiscount(id) : null;
  if (!discount) throw new Response("Not found", { status: 404 });
  const usage = await discountUsage(id, 1, undefined, true);
  const csv = toCsv([
    ["Order", "Date", "Customer", "Email", "Delivery", "Discount given (AUD)"],
    ...usage.uses.map((u) => [
      u.reference,
      u.at,
      u.customer,
      u.email,
      u.deliveryNumber,
      (u.discountedCents / 100).toFixed(2),
    ]),
  ]);
  // a byte-order mark first, so spreadsheet programs read the UTF-8 as UTF-8
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="discount-${discount.code}-uses.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
