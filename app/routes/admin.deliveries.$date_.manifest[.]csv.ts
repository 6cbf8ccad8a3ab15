// /admin/deliveries/{yyyy-MM-dd}/manifest.csv: the courier manifest of the day's paid orders
// (reference, name, phone, address lines, suburb, state, postcode, window, notes), UTF-8 CSV.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { manifestCsv, parseDay } from "~/admin/packing/packing-day.server";
import { requireStaff } from "~/staff/staff-session.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "deliveries");
  const date = parseDay(params.date);
  if (!date) throw new Response("Not found", { status: 404 });
  // a byte-order mark first, so spreadsheet programs read the UTF-8 as UTF-8
  return new Response(`\uFEFF${await manifestCsv(date)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="manifest-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
