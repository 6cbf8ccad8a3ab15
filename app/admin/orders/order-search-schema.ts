// The orders list's search form (/admin/orders, a GET form): words (a reference, an e-mail or a
// name) and a day. The loader reads the query with it and the browser checks the form with it
// (decision 075).
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { queryDay, queryText } from "~/utils/query-fields";

export const OrderSearchSchema = z.object({
  q: queryText({ max: 200, trim: false }),
  date: queryDay(),
});

export const orderSearchValidator = withZod(OrderSearchSchema);

/** The search as the query gives it; the schema refuses no query (a 400 were it to). */
export async function orderSearchOf(url: URL) {
  const result = await orderSearchValidator.validate(url.searchParams);
  if (!result.data) throw new Response("Bad request", { status: 400 });
  return result.data;
}
