import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { orNotFound } from "~/content/api.server";
import { FeaturedRecipes } from "~/content/components/featured-recipes";
import { SanitisedHtml } from "~/content/components/html";
import { PostHero } from "~/content/components/post-hero";
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

const minutes = (n: number) => `${n} min`;

export default function RecipePost() {
  const { recipe, featured, shareUrl, jsonLd } = useLoaderData<typeof loader>();
  return (
    <article>
      <JsonLd data={jsonLd} />
      <PostHero
        post={recipe}
        shareUrl={shareUrl}
        back={{ to: "/blog/recipes", label: "All recipes" }}
      >
        <ul className="recipe-facts" role="list">
          <li>
            <span className="recipe-facts__label">Preparation</span>
            <span className="recipe-facts__value">{minutes(recipe.preparationTime)}</span>
          </li>
          <li>
            <span className="recipe-facts__label">Cooking</span>
            <span className="recipe-facts__value">{minutes(recipe.cookingTime)}</span>
          </li>
          {recipe.servings ? (
            <li>
              <span className="recipe-facts__label">Serves</span>
              <span className="recipe-facts__value">{recipe.servings}</span>
            </li>
          ) : null}
        </ul>
        <nav aria-label="Recipe categories" className="post-hero__chips">
          <ul className="chips" role="list">
            {recipe.categories.map((c) => (
              <li key={c.id}>
                <Link to={`/blog-recipes/${c.slug}`} className="chip chip--small">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PostHero>
      <div className="container post-body recipe-layout">
        <SanitisedHtml className="prose recipe-layout__intro" html={recipe.content} />
        <section
          className="ingredients recipe-layout__ingredients"
          aria-labelledby="ingredients-title"
        >
          <h2 id="ingredients-title">Ingredients</h2>
          <ul>
            {recipe.ingredients.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </section>
        <section
          className="directions recipe-layout__directions"
          aria-labelledby="directions-title"
        >
          <h2 id="directions-title">Directions</h2>
          <ol role="list">
            {recipe.directions.map((step, i) => (
              <li key={i}>
                <p>{step}</p>
              </li>
            ))}
          </ol>
        </section>
        <aside className="recipe-layout__featured" aria-label="More recipes">
          <FeaturedRecipes recipes={featured} />
        </aside>
      </div>
    </article>
  );
}
