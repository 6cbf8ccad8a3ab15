import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HighlightRecipeCard } from "~/components/cards/highlight-recipe-card";
import { PageHeader } from "~/components/page-header";
import { BlogFilters } from "~/content/components/blog-filters";
import { CategoryChips } from "~/content/components/category-chips";
import { PostList } from "~/content/components/post-list";
import { ContentNotFoundError } from "~/content/errors";
import { parsePageOrFirst } from "~/content/pagination";
import { getHighlightRecipe, listPostCards, listRecipeCategories } from "~/content/posts.server";
import type { PostType } from "~/content/types";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

const FILTERS = {
  "": {
    type: undefined,
    title: "Recipes and news",
    intro: "Recipes for every cut in the box, and stories from the farms and boats behind them.",
    api: "/api/posts?",
  },
  recipes: {
    type: "recipe",
    title: "Recipes",
    intro: "Weeknight dinners, slow cooks and barbecue favourites for every cut in your box.",
    api: "/api/recipes?",
  },
  news: {
    type: "news",
    title: "News",
    intro: "Farmers, fishers, packing rooms and delivery updates from Paddock & Tide.",
    api: "/api/posts?type=news&",
  },
} as const satisfies Record<
  string,
  { type: PostType | undefined; title: string; intro: string; api: string }
>;
type Filter = keyof typeof FILTERS;

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const f = data ? FILTERS[data.filter] : FILTERS[""];
  return pageMeta(f.title, `${f.intro} From the Paddock & Tide blog.`);
};

export async function loader({ params, request }: LoaderFunctionArgs) {
  const filter = (params.filter ?? "") as Filter;
  if (!Object.hasOwn(FILTERS, filter)) throw new Response("Not found", { status: 404 });
  const type = FILTERS[filter].type;
  const page = parsePageOrFirst(new URL(request.url).searchParams.get("page"));
  let list = await listPostCards({ type }, { from: 1, through: page });
  if (page > list.meta.last_page)
    list = await listPostCards({ type }, { from: 1, through: list.meta.last_page });
  const [highlight, categories] = await Promise.all([
    filter === "news"
      ? null
      : getHighlightRecipe().catch((e) =>
          e instanceof ContentNotFoundError ? null : Promise.reject(e),
        ),
    filter === "recipes" ? listRecipeCategories() : [],
  ]);
  return { filter, list, highlight, categories };
}

export default function Blog() {
  const { filter, list, highlight, categories } = useLoaderData<typeof loader>();
  const f = FILTERS[filter];
  const basePath = filter ? `/blog/${filter}` : "/blog";
  return (
    <>
      <PageHeader eyebrow="The Paddock & Tide blog" title={f.title} intro={f.intro}>
        <BlogFilters active={filter} />
      </PageHeader>
      <div className="section container">
        {categories.length ? (
          <div className="blog-highlight">
            <h2 className="visually-hidden">Recipe categories</h2>
            <CategoryChips categories={categories} />
          </div>
        ) : null}
        {highlight ? (
          <div className="blog-highlight">
            <HighlightRecipeCard recipe={highlight} priority />
          </div>
        ) : null}
        <h2 className={highlight ? "" : "visually-hidden"}>
          {filter === "news"
            ? "Latest news"
            : filter === "recipes"
              ? "All recipes"
              : "Latest articles"}
        </h2>
        <PostList
          key={basePath}
          initial={list}
          basePath={basePath}
          apiUrl={(n) => `${f.api}page=${n}`}
        />
      </div>
    </>
  );
}
