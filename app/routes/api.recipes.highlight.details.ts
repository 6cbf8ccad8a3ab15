import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { getHighlightRecipe } from "~/content/posts.server";

/** GET /api/recipes/highlight/details: the highlight recipe's card. */
export async function loader({ request }: LoaderFunctionArgs) {
  return contentJson(getHighlightRecipe, request);
}
