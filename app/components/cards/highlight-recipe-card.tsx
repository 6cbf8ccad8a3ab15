import { Link } from "@remix-run/react";
import type { RecipeCard } from "~/content/types";

/** SPEC "Highlight recipe card": 'New' corner marker, thumbnail 220 px high, label, title and 'See the recipe'. */
/** `priority`: the card is the page's largest image above the fold (the blog), so fetch it first. */
export function HighlightRecipeCard({
  recipe,
  headingLevel = 2,
  priority = false,
}: {
  recipe: RecipeCard & { metaDescription?: string };
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="highlight-card">
      <span className="highlight-card__corner">New</span>
      <img
        className="highlight-card__image"
        src={recipe.thumbnail.url}
        alt={recipe.thumbnail.alt}
        width={1600}
        height={900}
        decoding="async"
        {...(priority ? ({ fetchpriority: "high" } as Record<string, string>) : {})}
      />
      <div className="highlight-card__body">
        <p className="highlight-card__label">Highlight recipe</p>
        <Heading className="highlight-card__title">{recipe.title}</Heading>
        {recipe.metaDescription ? (
          <p className="highlight-card__text">{recipe.metaDescription}</p>
        ) : null}
        <Link
          to={`/recipe-post/${recipe.slug}`}
          className="button button--primary"
          prefetch="intent"
          aria-label={`See the recipe: ${recipe.title}`}
        >
          See the recipe
        </Link>
      </div>
    </article>
  );
}
