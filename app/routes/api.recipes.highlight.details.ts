import { contentJson } from "~/content/api.server";
import { getHighlightRecipe } from "~/content/posts.server";

/** GET /api/recipes/highlight/details: the highlight recipe's card. */
export async function loader() {
  return contentJson(getHighlightRecipe);
}
