// /admin/content/posts/{id}: edit a blog post or a recipe; preview it; see where it shows (issue 37).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { PostForm } from "~/admin/content/components/post-form";
import { postState, PostStatusBadge } from "~/admin/content/components/post-status";
import { imageOptions } from "~/admin/content/images.server";
import { savePostAction } from "~/admin/content/post-actions.server";
import { categoriesFor, getPostForEdit } from "~/admin/content/posts.server";
import {
  numericParam,
  postPreviewPath,
  postsPath,
  PRIVATE_HEADERS,
} from "~/admin/content/route-helpers";
import { formatStaffTime } from "~/admin/format";
import { POST_TYPE_LABELS, postPath } from "~/content/labels";
import { requireStaff } from "~/staff/staff-session.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Edit “${data.post.title}”` : "Edit"} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const post = await getPostForEdit(numericParam(params.postId));
  if (!post) throw new Response("Not found", { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return data(
    {
      post,
      saved,
      now: new Date().toISOString(),
      categories: await categoriesFor(post.postType),
      images: imageOptions(post.values.thumbnailUrl),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  const post = await getPostForEdit(numericParam(params.postId));
  if (!post) throw new Response("Not found", { status: 404 });
  return savePostAction(staff, request, { id: post.id, type: post.postType });
}

export default function EditPost() {
  const { post, saved, now, categories, images } = useLoaderData<typeof loader>();
  const labels = POST_TYPE_LABELS[post.postType];
  const state = postState(post.status, post.publishedAt, now);
  const publicPath = postPath(post.postType, post.slug);
  return (
    <AdminPage
      title={`Edit ${labels.one}`}
      lead={
        <>
          <PostStatusBadge status={post.status} publishedAt={post.publishedAt} now={now} />{" "}
          {state === "live" ? (
            <>
              On the site at <a href={publicPath}>{publicPath}</a>.
            </>
          ) : state === "scheduled" ? (
            <>Shows on the site from {formatStaffTime(post.publishedAt!)}.</>
          ) : (
            <>Not on the site.</>
          )}{" "}
          Last saved {formatStaffTime(post.updatedAt)}.
        </>
      }
      actions={
        <>
          <Link to={postPreviewPath(post.id)} className="button button--secondary">
            Preview
          </Link>
          <Link to={postsPath(post.postType)} className="button button--quiet">
            All {labels.many.toLowerCase()}
          </Link>
        </>
      }
    >
      {saved ? (
        <p className="form-alert form-alert--success" role="status" id="saved" tabIndex={-1}>
          Saved. {state === "live" ? "It shows on the site within a few seconds." : null}
        </p>
      ) : null}
      {post.oldSlugs.length ? (
        <p className="admin-page__lead">
          Old addresses that lead here: {post.oldSlugs.map((s) => `/${s}`).join(", ")}
        </p>
      ) : null}
      <PostForm
        key={post.updatedAt}
        version={post.updatedAt}
        type={post.postType}
        values={post.values}
        categories={categories}
        images={images}
        submitLabel="Save changes"
      />
    </AdminPage>
  );
}
