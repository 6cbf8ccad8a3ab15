import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { parsePage } from "~/content/pagination";
import { listPostCards } from "~/content/posts.server";

/** GET /api/recipes?page=n: recipe cards, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  return contentJson(async () => {
    const page = parsePage(raw);
    return listPostCards({ type: "recipe" }, { from: page, through: page });
  }, request);
}
