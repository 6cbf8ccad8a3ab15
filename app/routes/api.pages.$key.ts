import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { getPageByKey } from "~/content/pages.server";

/** GET /api/pages/{homepage|concept|terms|privacy-policy|refund-policy}. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return contentJson(() => getPageByKey(params.key ?? ""), request);
}
