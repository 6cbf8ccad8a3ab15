import type { RecipeDetail } from "../types";

/** schema.org Recipe as JSON-LD: data, never executed, so the nonce-based CSP does not apply. */
export function recipeJsonLd(recipe: RecipeDetail, pageUrl: string, description: string) {
  const origin = new URL(pageUrl).origin;
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.title,
    description,
    image: [new URL(recipe.thumbnail.url, origin).href],
    url: pageUrl,
    datePublished: recipe.publishedAt,
    dateModified: recipe.updatedAt,
    ...(recipe.author ? { author: { "@type": "Person", name: recipe.author.name } } : {}),
    prepTime: `PT${recipe.preparationTime}M`,
    cookTime: `PT${recipe.cookingTime}M`,
    totalTime: `PT${recipe.preparationTime + recipe.cookingTime}M`,
    ...(recipe.servings ? { recipeYield: `${recipe.servings} servings` } : {}),
    recipeCategory: recipe.categories.map((c) => c.name),
    recipeIngredient: recipe.ingredients,
    recipeInstructions: recipe.directions.map((text, i) => ({
      "@type": "HowToStep",
      position: i + 1,
      text,
    })),
  };
}

/** JSON-LD as a <script>'s text: "<" and the two line separators escaped, so no value ends the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}
