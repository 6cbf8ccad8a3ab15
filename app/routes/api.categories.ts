import { contentJson } from "~/content/api.server";
import { listRecipeCategories } from "~/content/posts.server";

/** GET /api/categories: recipe categories (id, name, slug). */
export async function loader() {
  return contentJson(async () => ({ data: await listRecipeCategories() }));
}
