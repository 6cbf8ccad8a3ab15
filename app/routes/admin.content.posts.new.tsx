// /admin/content/posts/new?type=news|recipe: write a blog post or a recipe (issue 37).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { PostForm } from "~/admin/content/components/post-form";
import { imageOptions } from "~/admin/content/images.server";
import { savePostAction } from "~/admin/content/post-actions.server";
import { categoriesFor, type PostFormValues } from "~/admin/content/posts.server";
import { postsPath, PRIVATE_HEADERS, typeOf } from "~/admin/content/route-helpers";
import { POST_TYPE_LABELS } from "~/content/labels";
import { requireStaff } from "~/staff/staff-session.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `New ${data ? POST_TYPE_LABELS[data.type].one : "post"} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const type = typeOf(new URL(request.url));
  const values: PostFormValues = {
    postType: type,
    title: "",
    slug: "",
    categoryIds: [],
    summary: "",
    thumbnailUrl: "",
    thumbnailAlt: "",
    publishedAt: "",
    status: "draft",
    body: "",
    preparationTime: "",
    cookingTime: "",
    servings: "",
    ingredients: "",
    directions: "",
  };
  return data(
    { type, values, categories: await categoriesFor(type), images: imageOptions() },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  return savePostAction(staff, request, { id: null, type: typeOf(new URL(request.url)) });
}

export default function NewPost() {
  const { type, values, categories, images } = useLoaderData<typeof loader>();
  const labels = POST_TYPE_LABELS[type];
  return (
    <AdminPage
      title={`New ${labels.one}`}
      lead="It stays a draft until you publish it."
      actions={
        <Link to={postsPath(type)} className="button button--quiet">
          All {labels.many.toLowerCase()}
        </Link>
      }
    >
      <PostForm
        type={type}
        values={values}
        categories={categories}
        images={images}
        submitLabel={`Save ${labels.one}`}
      />
    </AdminPage>
  );
}
