// Address autocomplete for the address fields (JS only; without JS the fields are typed by hand).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { addressLookup } from "~/delivery/address-lookup.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = await addressLookup().suggest(q);
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=3600" } });
}
