// /admin/numbers/{figure}.csv: one figure of the owner's numbers as CSV (issue 37), UTF-8 with a
// byte-order mark, as an attachment. Permission `numbers` (the owner).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { figureCsv } from "~/admin/numbers/csv.server";
import { isFigure } from "~/admin/numbers/figures";
import { requireStaff } from "~/staff/staff-session.server";
import { sydneyToday } from "~/subscriptions/schedule";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "numbers");
  const name = params.figure?.endsWith(".csv") ? params.figure.slice(0, -4) : null;
  if (!isFigure(name)) throw new Response("Not found", { status: 404 });
  const now = new Date();
  // a byte-order mark first, so spreadsheet programs read the UTF-8 as UTF-8
  return new Response(`\uFEFF${await figureCsv(name, now)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${sydneyToday(now)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
