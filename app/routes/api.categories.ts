import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { listRecipeCategories } from "~/content/posts.server";

/** GET /api/categories: recipe categories (id, name, slug). */
export async function loader({ request }: LoaderFunctionArgs) {
  return contentJson(async () => ({ data: await listRecipeCategories() }), request);
}
