import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { ContentNotFoundError } from "~/content/errors";
import { parsePage } from "~/content/pagination";
import { getRecipeCategory, listPostCards } from "~/content/posts.server";

/** GET /api/recipes/category/{categoryId}/?page=n: recipe cards of one category. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  return contentJson(async () => {
    if (!/^\d{1,9}$/.test(params.categoryId ?? ""))
      throw new ContentNotFoundError("Recipe category");
    const category = await getRecipeCategory({ id: Number(params.categoryId) });
    const page = parsePage(raw);
    return listPostCards(
      { type: "recipe", categoryIds: [category.id] },
      { from: page, through: page },
    );
  }, request);
}
