import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentJson } from "~/content/api.server";
import { getPost } from "~/content/posts.server";

/** GET /api/posts/{slug}: one post (news or recipe). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return contentJson(() => getPost(params.slug ?? ""), request);
}
