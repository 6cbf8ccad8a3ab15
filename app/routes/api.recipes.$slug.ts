import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { movedPermanently } from "~/content/moved.server";
import { findPost } from "~/content/posts.server";

/** GET /api/recipes/{slug}: one recipe with times, ingredients, directions and categories; a renamed recipe's old slug answers 301. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return contentJson(async () => {
    const found = await findPost(params.slug ?? "", "recipe");
    if ("movedTo" in found)
      throw movedPermanently(`/api/recipes/${encodeURIComponent(found.movedTo)}`);
    return found.post;
  }, request);
}
