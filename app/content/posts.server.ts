// Blog posts and recipes: listings (cards, paginated), details, recipe
// categories, the featured list and the highlight recipe.
import { db } from "~/db/client.server";
import { LIMITS } from "~/config";
import { ContentNotFoundError, assertPlausibleSlug } from "./errors";
import { PAGE_SIZE, pageMeta, pageRange } from "./pagination";
import { sanitiseHtml } from "./sanitize.server";
import type {
  HighlightRecipe,
  Paged,
  PostCard,
  PostDetail,
  PostType,
  PostUrl,
  RecipeCard,
  RecipeCategory,
  RecipeDetail,
} from "./types";

export const postUrlOf = (type: PostType): PostUrl =>
  type === "recipe" ? "recipe-post" : "blog-post";

export type PostListFilter = { type?: PostType; categoryIds?: number[] };

/**
 * Cards of pages `from`..`through` (inclusive) of a listing, newest first.
 * The API reads one page (from = through = n); a no-JS blog page reads 1..n.
 * meta.current_page is `through`; asking past the last page gives no cards.
 */
export async function listPostCards(
  filter: PostListFilter,
  pages: { from: number; through: number },
  size = PAGE_SIZE,
): Promise<Paged<PostCard>> {
  let base = db.selectFrom("posts");
  if (filter.type) base = base.where("posts.postType", "=", filter.type);
  if (filter.categoryIds) {
    const categoryIds = filter.categoryIds.length ? filter.categoryIds : [-1];
    base = base.where("posts.id", "in", (eb) =>
      eb
        .selectFrom("postCategories")
        .select("postCategories.postId")
        .where("postCategories.categoryId", "in", categoryIds),
    );
  }
  const { offset, limit } = pageRange(pages.from, pages.through, size);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .leftJoin("authors", "authors.id", "posts.authorId")
      .select([
        "posts.id",
        "posts.title",
        "posts.slug",
        "posts.thumbnailUrl",
        "posts.thumbnailAlt",
        "posts.postType",
        "posts.createdAt",
        "authors.name as authorName",
        "authors.avatar as authorAvatar",
      ])
      .orderBy("posts.createdAt", "desc")
      .orderBy("posts.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const categories = await categoriesOf(rows.map((r) => r.id));
  const data = rows.map<PostCard>((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    thumbnail: { url: r.thumbnailUrl, alt: r.thumbnailAlt },
    author: r.authorName ? { fullName: r.authorName, avatar: r.authorAvatar ?? "" } : null,
    postType: r.postType,
    postUrl: postUrlOf(r.postType),
    categories: categories.get(r.id) ?? [],
    createdAt: r.createdAt,
  }));
  return { data, meta: pageMeta(pages.through, Number(total), size) };
}

async function categoriesOf(postIds: number[]) {
  const map = new Map<number, { id: number; name: string; slug: string }[]>();
  if (postIds.length === 0) return map;
  const rows = await db
    .selectFrom("postCategories")
    .innerJoin("categories", "categories.id", "postCategories.categoryId")
    .select(["postCategories.postId", "categories.id", "categories.name", "categories.slug"])
    .where("postCategories.postId", "in", postIds)
    .orderBy("categories.name")
    .execute();
  for (const r of rows) {
    const list = map.get(r.postId) ?? [];
    list.push({ id: r.id, name: r.name, slug: r.slug });
    map.set(r.postId, list);
  }
  return map;
}

function parseList(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** One post by slug; with `type`, a post of the other type is not found. */
export async function getPost(slug: string, type?: PostType): Promise<PostDetail | RecipeDetail> {
  assertPlausibleSlug(slug, "Post");
  let query = db
    .selectFrom("posts")
    .leftJoin("authors", "authors.id", "posts.authorId")
    .selectAll("posts")
    .select(["authors.name as authorName", "authors.avatar as authorAvatar"])
    .where("posts.slug", "=", slug);
  if (type) query = query.where("posts.postType", "=", type);
  const row = await query.executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Post ${slug}`);
  const categories = (await categoriesOf([row.id])).get(row.id) ?? [];
  const post: PostDetail = {
    id: row.id,
    title: row.title,
    slug: row.slug,
    metaDescription: row.metaDescription,
    content: sanitiseHtml(row.content),
    thumbnail: { url: row.thumbnailUrl, alt: row.thumbnailAlt },
    author: row.authorName ? { name: row.authorName, avatar: row.authorAvatar ?? "" } : null,
    postType: row.postType,
    postUrl: postUrlOf(row.postType),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    categories,
  };
  if (row.postType !== "recipe") return post;
  return {
    ...post,
    postType: "recipe",
    preparationTime: row.preparationTime ?? 0,
    cookingTime: row.cookingTime ?? 0,
    servings: row.servings,
    ingredients: parseList(row.ingredients),
    directions: parseList(row.directions),
  };
}

export async function getRecipe(slug: string): Promise<RecipeDetail> {
  return (await getPost(slug, "recipe")) as RecipeDetail;
}

export async function listRecipeCategories(): Promise<RecipeCategory[]> {
  return db
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .where("kind", "=", "recipe")
    .orderBy("id")
    .execute();
}

export async function getRecipeCategory(
  by: { slug: string } | { id: number },
): Promise<RecipeCategory> {
  if ("slug" in by) assertPlausibleSlug(by.slug, "Recipe category");
  let query = db
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .where("kind", "=", "recipe");
  query = "slug" in by ? query.where("slug", "=", by.slug) : query.where("id", "=", by.id);
  const row = await query.executeTakeFirst();
  if (!row) throw new ContentNotFoundError("Recipe category");
  return row;
}

/** Featured recipes, newest first, at most LIMITS.featuredRecipesMax (5); `exceptSlug` leaves out the recipe being read. */
export async function listFeaturedRecipes(exceptSlug?: string): Promise<RecipeCard[]> {
  let query = db
    .selectFrom("posts")
    .select(["title", "slug", "thumbnailUrl", "thumbnailAlt"])
    .where("postType", "=", "recipe")
    .where("featured", "=", 1);
  if (exceptSlug) query = query.where("slug", "!=", exceptSlug);
  const rows = await query
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(LIMITS.featuredRecipesMax)
    .execute();
  return rows.map((r) => ({
    title: r.title,
    slug: r.slug,
    thumbnail: { url: r.thumbnailUrl, alt: r.thumbnailAlt },
  }));
}

/** The one highlight recipe (the newest if an editor marked several). */
export async function getHighlightRecipe(): Promise<HighlightRecipe> {
  const row = await db
    .selectFrom("posts")
    .select(["title", "slug", "thumbnailUrl", "thumbnailAlt", "metaDescription"])
    .where("postType", "=", "recipe")
    .where("highlight", "=", 1)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  if (!row) throw new ContentNotFoundError("Highlight recipe");
  return {
    title: row.title,
    slug: row.slug,
    thumbnail: { url: row.thumbnailUrl, alt: row.thumbnailAlt },
    metaDescription: row.metaDescription,
  };
}

/** The newest news posts in any of the given news categories (the sourcing page's stories). */
export async function listNewsInCategories(
  categorySlugs: string[],
  limit = 3,
): Promise<PostCard[]> {
  const rows = await db
    .selectFrom("categories")
    .select("id")
    .where("kind", "=", "news")
    .where("slug", "in", categorySlugs)
    .execute();
  const { data } = await listPostCards(
    { type: "news", categoryIds: rows.map((r) => r.id) },
    { from: 1, through: 1 },
    limit,
  );
  return data;
}
