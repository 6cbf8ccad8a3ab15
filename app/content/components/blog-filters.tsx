import { Link } from "@remix-run/react";
import { BLOG_FILTERS } from "../copy";

/** All, Recipes, News: links, so they work without JavaScript. */
export function BlogFilters({ active }: { active: "" | "recipes" | "news" | null }) {
  return (
    <nav className="blog-filters" aria-label="Filter articles">
      <ul className="chips" role="list">
        {BLOG_FILTERS.map((f) => (
          <li key={f.label}>
            <Link to={f.to} className="chip" aria-current={active === f.value ? "page" : undefined}>
              {f.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
