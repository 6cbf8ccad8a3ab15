import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { orNotFound } from "~/content/api.server";
import { BlogFilters } from "~/content/components/blog-filters";
import { CategoryChips } from "~/content/components/category-chips";
import { PostList } from "~/content/components/post-list";
import { parsePageOrFirst } from "~/content/pagination";
import { getRecipeCategory, listPostCards, listRecipeCategories } from "~/content/posts.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(
        `${data.category.name} recipes`,
        `${data.category.name} recipes from the Paddock & Tide kitchen, written for the cuts in your box.`,
      )
    : pageMeta("Page not found", "We couldn't find that page.");

export async function loader({ params, request }: LoaderFunctionArgs) {
  const category = await orNotFound(getRecipeCategory({ slug: params.category ?? "" }));
  const page = parsePageOrFirst(new URL(request.url).searchParams.get("page"));
  const filter = { type: "recipe" as const, categoryIds: [category.id] };
  const [listed, categories] = await Promise.all([
    listPostCards(filter, { from: 1, through: page }),
    listRecipeCategories(),
  ]);
  const list =
    page > listed.meta.last_page
      ? await listPostCards(filter, { from: 1, through: listed.meta.last_page })
      : listed;
  return { category, list, categories };
}

export default function RecipeCategory() {
  const { category, list, categories } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Recipes"
        title={`${category.name} recipes`}
        intro="Pick a category, then a recipe. Every one is written for the cuts in our boxes."
      >
        <BlogFilters active={null} />
      </PageHeader>
      <div className="section container">
        <div className="blog-highlight">
          <h2 className="visually-hidden">Recipe categories</h2>
          <CategoryChips categories={categories} />
        </div>
        <h2 className="visually-hidden">{category.name} recipes</h2>
        <PostList
          key={category.slug}
          initial={list}
          basePath={`/blog-recipes/${category.slug}`}
          apiUrl={(n) => `/api/recipes/category/${category.id}/?page=${n}`}
        />
      </div>
    </>
  );
}
