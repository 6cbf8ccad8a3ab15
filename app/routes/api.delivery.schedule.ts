// Delivery dates and times for a postcode: the checkout's debounced look-up
// when the shipping postcode changes (without JS the form posts instead).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { lookupPostcode } from "~/delivery/lookup.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const postcode = new URL(request.url).searchParams.get("postcode");
  return Response.json(
    { lookup: await lookupPostcode(postcode) },
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}
