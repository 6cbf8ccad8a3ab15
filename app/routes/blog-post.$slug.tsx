import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { orNotFound } from "~/content/api.server";
import { NewsArticle } from "~/content/components/post-article";
import { movedPermanently, postPath } from "~/content/moved.server";
import { findPost, listFeaturedRecipes } from "~/content/posts.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.post.title, data.post.metaDescription)
    : pageMeta("Page not found", "We couldn't find that page.");

export async function loader({ params, request }: LoaderFunctionArgs) {
  const [found, featured] = await Promise.all([
    orNotFound(findPost(params.slug ?? "", "news")),
    listFeaturedRecipes(),
  ]);
  // a renamed post's old slug: 301 to its slug now
  if ("movedTo" in found) throw movedPermanently(postPath("news", found.movedTo));
  const { post } = found;
  const url = new URL(request.url);
  return { post, featured, shareUrl: `${appOrigin(request)}${url.pathname}` };
}

export default function BlogPost() {
  const { post, featured, shareUrl } = useLoaderData<typeof loader>();
  return <NewsArticle post={post} featured={featured} shareUrl={shareUrl} />;
}
