// Words and paths the content pages show, shared by the server and the browser.
export type PostType = "news" | "recipe";

export const POST_TYPE_LABELS: Record<PostType, { one: string; many: string }> = {
  news: { one: "blog post", many: "Blog posts" },
  recipe: { one: "recipe", many: "Recipes" },
};

/** A post's public path: /blog-post/{slug} or /recipe-post/{slug}. */
export const postPath = (type: PostType, slug: string) =>
  `/${type === "recipe" ? "recipe-post" : "blog-post"}/${encodeURIComponent(slug)}`;

/** The post form's id (its errors and refilled values come back under it). */
export const POST_FORM_ID = "post-form";

/**
 * A form's id for one saved version of what it edits ("new" before the first save). The form
 * library keeps a form's values by its id across a reload of the page's data, so after a save the
 * page shows a new form (the saved values), not the one that was sent.
 */
export const formIdOf = (base: string, version: string) =>
  version === "new" ? base : `${base}-${Date.parse(version) || 0}`;
