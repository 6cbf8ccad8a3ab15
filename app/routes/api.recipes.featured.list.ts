import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { listFeaturedRecipes } from "~/content/posts.server";

/** GET /api/recipes/featured/list: at most 5 featured recipe cards. */
export async function loader({ request }: LoaderFunctionArgs) {
  return contentJson(async () => ({ data: await listFeaturedRecipes() }), request);
}
