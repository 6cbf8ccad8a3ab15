import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { listFaq } from "~/content/pages.server";

/** GET /api/faq: FAQ items (id, category, question, answer as sanitised HTML). */
export async function loader({ request }: LoaderFunctionArgs) {
  return contentJson(async () => ({ data: await listFaq() }), request);
}
