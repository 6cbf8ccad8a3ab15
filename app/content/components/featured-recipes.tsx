import { Link } from "@remix-run/react";
import { LIMITS } from "~/config";
import type { RecipeCard } from "../types";

/** The featured recipes list: at most 5 entries (SPEC §2). */
export function FeaturedRecipes({ recipes }: { recipes: RecipeCard[] }) {
  if (recipes.length === 0) return null;
  return (
    <section className="aside-card" aria-labelledby="featured-title">
      <h2 id="featured-title">Featured recipes</h2>
      <ul className="featured-list" role="list">
        {recipes.slice(0, LIMITS.featuredRecipesMax).map((r) => (
          <li key={r.slug}>
            <Link to={`/recipe-post/${r.slug}`} prefetch="intent">
              <img
                src={r.thumbnail.url}
                alt=""
                width={1600}
                height={900}
                loading="lazy"
                decoding="async"
              />
              <span>{r.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
