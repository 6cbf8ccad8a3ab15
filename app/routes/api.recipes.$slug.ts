import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { getRecipe } from "~/content/posts.server";

/** GET /api/recipes/{slug}: one recipe with times, ingredients, directions and categories. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return contentJson(() => getRecipe(params.slug ?? ""), request);
}
