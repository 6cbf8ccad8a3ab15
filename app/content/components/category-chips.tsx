import { NavLink } from "@remix-run/react";
import type { RecipeCategory } from "../types";

/** Buttons to each recipe category's page (/blog-recipes/{slug}). */
export function CategoryChips({
  categories,
  label = "Recipe categories",
}: {
  categories: RecipeCategory[];
  label?: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="chips" role="list">
        {categories.map((c) => (
          <li key={c.id}>
            <NavLink to={`/blog-recipes/${c.slug}`} className="chip chip--small">
              {c.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
