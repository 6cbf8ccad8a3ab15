import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { movedPermanently } from "~/content/moved.server";
import { findPost } from "~/content/posts.server";

/** GET /api/posts/{slug}: one post (news or recipe); a renamed post's old slug answers 301. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return contentJson(async () => {
    const found = await findPost(params.slug ?? "");
    if ("movedTo" in found)
      throw movedPermanently(`/api/posts/${encodeURIComponent(found.movedTo)}`);
    return found.post;
  }, request);
}
