import { contentJson } from "~/content/api.server";
import { listFeaturedRecipes } from "~/content/posts.server";

/** GET /api/recipes/featured/list: at most 5 featured recipe cards. */
export async function loader() {
  return contentJson(async () => ({ data: await listFeaturedRecipes() }));
}
