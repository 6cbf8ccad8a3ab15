import { renderToStaticMarkup } from "react-dom/server";
import { JsonLd, recipeJsonLd } from "~/content/components/recipe-json-ld";
import type { RecipeDetail } from "~/content/types";

const recipe: RecipeDetail = {
  id: 1,
  title: "Steak </script><script>alert(1)</script>",
  slug: "steak",
  metaDescription: "d",
  content: "<p>x</p>",
  thumbnail: { url: "/images/dish-steak-plate.svg", alt: "Steak" },
  author: { name: "Tom Reilly", avatar: "/images/avatar-2.svg" },
  postType: "recipe",
  postUrl: "recipe-post",
  createdAt: "2026-01-08T09:00:00.000Z",
  publishedAt: "2026-01-08T09:00:00.000Z",
  updatedAt: "2026-01-08T09:00:00.000Z",
  categories: [{ id: 1, name: "Beef", slug: "beef" }],
  preparationTime: 10,
  cookingTime: 15,
  servings: 2,
  ingredients: ["2 steaks"],
  directions: ["Sear.", "Rest."],
};

describe("recipe JSON-LD", () => {
  it("describes the recipe with schema.org fields", () => {
    const data = recipeJsonLd(recipe, "https://shop.example/recipe-post/steak", "desc");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Recipe",
      prepTime: "PT10M",
      cookTime: "PT15M",
      totalTime: "PT25M",
      recipeYield: "2 servings",
      recipeIngredient: ["2 steaks"],
      recipeCategory: ["Beef"],
      image: ["https://shop.example/images/dish-steak-plate.svg"],
      author: { "@type": "Person", name: "Tom Reilly" },
    });
    expect(data.recipeInstructions).toEqual([
      { "@type": "HowToStep", position: 1, text: "Sear." },
      { "@type": "HowToStep", position: 2, text: "Rest." },
    ]);
  });

  it("cannot close its script element: every < is escaped", () => {
    const html = renderToStaticMarkup(
      <JsonLd data={recipeJsonLd(recipe, "https://shop.example/recipe-post/steak", "d")} />,
    );
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    const body = html.slice('<script type="application/ld+json">'.length, -"</script>".length);
    expect(body).not.toContain("<");
    expect(JSON.parse(body).name).toBe(recipe.title);
  });
});
