// A post and a recipe as their public pages show them: shared by those pages and the back office's
// preview (issue 37), so a preview is the page itself.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PostDetail, RecipeCard, RecipeDetail } from "../types";
import { FeaturedRecipes } from "./featured-recipes";
import { SanitisedHtml } from "./html";
import { PostHero } from "./post-hero";

/** A blog post as its public page shows it (the page, and the back office's preview). */
export function NewsArticle({
  post,
  featured,
  shareUrl,
}: {
  post: PostDetail;
  featured: RecipeCard[];
  shareUrl: string;
}) {
  return (
    <article>
      <PostHero post={post} shareUrl={shareUrl} back={{ to: "/blog/news", label: "All news" }}>
        <ul className="chips post-hero__chips" role="list" aria-label="Categories">
          {post.categories.map((c) => (
            <li key={c.id} className="badge badge--tide">
              {c.name}
            </li>
          ))}
        </ul>
      </PostHero>
      <div className="container post-body two-col">
        <SanitisedHtml className="prose" html={post.content} />
        <aside className="post-aside" aria-label="More to read">
          <FeaturedRecipes recipes={featured} />
        </aside>
      </div>
    </article>
  );
}

const minutes = (n: number) => `${n} min`;

/** A recipe as its public page shows it (the page, and the back office's preview). */
export function RecipeArticle({
  recipe,
  featured,
  shareUrl,
  children,
}: {
  recipe: RecipeDetail;
  featured: RecipeCard[];
  shareUrl: string;
  children?: ReactNode;
}) {
  return (
    <article>
      {children}
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
