import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { parsePage } from "~/content/pagination";
import { listPostCards } from "~/content/posts.server";

/** GET /api/posts?page=n[&type=news|recipe]: post cards, newest first, with meta.current_page and meta.last_page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return contentJson(async () => {
    const page = parsePage(params.get("page"));
    const raw = params.get("type");
    const type = raw === "news" || raw === "recipe" ? raw : undefined;
    return listPostCards({ type }, { from: page, through: page });
  }, request);
}
