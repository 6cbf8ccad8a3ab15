// /admin/content/posts/{id}/preview: a post or recipe, draft or due later, exactly as its public page
// shows it (the same components), for staff only: never indexed, never stored by a cache (issue 37).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { postState } from "~/admin/content/components/post-status";
import { numericParam, postEditPath, PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { formatStaffTime } from "~/admin/format";
import { postPath } from "~/content/labels";
import { requireStaff } from "~/staff/staff-session.server";
import { appOrigin } from "~/accounts/origin.server";
import { NewsArticle, RecipeArticle } from "~/content/components/post-article";
import { getPostForPreview, listFeaturedRecipes } from "~/content/posts.server";
import type { RecipeDetail } from "~/content/types";
import adminContentHref from "~/styles/admin-content.css";
import contentHref from "~/styles/content.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Preview: ${data?.post.title ?? "post"} | Back office` },
  { name: "robots", content: "noindex, nofollow" },
];
export const links = () => [
  { rel: "stylesheet", href: contentHref },
  { rel: "stylesheet", href: adminContentHref },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const [found, featured] = await Promise.all([
    getPostForPreview(numericParam(params.postId)),
    listFeaturedRecipes(),
  ]);
  if (!found) throw new Response("Not found", { status: 404 });
  const { post } = found;
  const shareUrl = `${appOrigin(request)}${postPath(post.postType, post.slug)}`;
  return data(
    {
      post,
      status: found.status,
      publishedAt: found.publishedAt,
      featured,
      shareUrl,
      now: new Date().toISOString(),
    },
    { headers: { ...PRIVATE_HEADERS, "Cache-Control": "private, no-store" } },
  );
}

export const headers = () => ({ ...PRIVATE_HEADERS, "Cache-Control": "private, no-store" });

export default function PostPreview() {
  const { post, status, publishedAt, featured, shareUrl, now } = useLoaderData<typeof loader>();
  const state = postState(status, publishedAt, now);
  return (
    <>
      <div className="form-alert form-alert--info content-preview-banner" role="status">
        <p>
          <strong>Preview.</strong>{" "}
          {state === "draft"
            ? "This is a draft: it shows nowhere on the site."
            : state === "scheduled"
              ? `It shows on the site from ${formatStaffTime(publishedAt!)}.`
              : "It is on the site."}{" "}
          <Link to={postEditPath(post.id)}>Back to editing</Link>
        </p>
      </div>
      <div className="content-preview">
        {post.postType === "recipe" ? (
          <RecipeArticle
            recipe={post as RecipeDetail}
            featured={featured.filter((r) => r.slug !== post.slug)}
            shareUrl={shareUrl}
          />
        ) : (
          <NewsArticle post={post} featured={featured} shareUrl={shareUrl} />
        )}
      </div>
    </>
  );
}
