// GET /api/orders/{order}/checkout/breakdown: the SPEC §3 order breakdown of
// the signed-in user's own order (a list whose first item has the invoices).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NOT_FOUND, orderJson, requireApiUser } from "~/orders/api.server";
import { breakdownJson } from "~/orders/breakdown";
import { orderBreakdown } from "~/orders/breakdown.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const found = await orderBreakdown({ userId: user.id, reference: params.order ?? "" });
  if (!found) return NOT_FOUND();
  return orderJson([breakdownJson(found.breakdown)]);
}
