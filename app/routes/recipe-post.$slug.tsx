import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { orNotFound } from "~/content/api.server";
import { RecipeArticle } from "~/content/components/post-article";
import { JsonLd, recipeJsonLd } from "~/content/components/recipe-json-ld";
import { movedPermanently, postPath } from "~/content/moved.server";
import { findPost, listFeaturedRecipes } from "~/content/posts.server";
import type { RecipeDetail } from "~/content/types";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.recipe.title, data.recipe.metaDescription)
    : pageMeta("Page not found", "We couldn't find that page.");

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const [found, featured] = await Promise.all([
    orNotFound(findPost(slug, "recipe")),
    listFeaturedRecipes(slug),
  ]);
  // a renamed recipe's old slug: 301 to its slug now
  if ("movedTo" in found) throw movedPermanently(postPath("recipe", found.movedTo));
  const recipe = found.post as RecipeDetail;
  const url = new URL(request.url);
  const shareUrl = `${appOrigin(request)}${url.pathname}`;
  return {
    recipe,
    featured,
    shareUrl,
    jsonLd: recipeJsonLd(recipe, shareUrl, recipe.metaDescription),
  };
}

export default function RecipePost() {
  const { recipe, featured, shareUrl, jsonLd } = useLoaderData<typeof loader>();
  return (
    <RecipeArticle recipe={recipe} featured={featured} shareUrl={shareUrl}>
      <JsonLd data={jsonLd} />
    </RecipeArticle>
  );
}
