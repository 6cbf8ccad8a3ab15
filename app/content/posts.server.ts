// Blog posts and recipes: listings (cards, paginated), details, recipe
// categories, the featured list and the highlight recipe. Only what is public shows here: a
// published post from its publish date (issue 37); a draft or a post due later shows nowhere, nor
// through /api. A renamed post's old slug resolves to its slug now (resolvePostSlug).
import type { ExpressionBuilder } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { LIMITS } from "~/config";
import { ContentNotFoundError, assertPlausibleSlug } from "./errors";
import { PAGE_SIZE, pageMeta, pageRange } from "./pagination";
import { renderMarkdown } from "./markdown.server";
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

/** Public now, for every public read of `posts`: published, with a publish date that has come (ISO strings sort as time does). */
const isPublicPost = (eb: ExpressionBuilder<DB, "posts">, now = new Date()) =>
  eb.and([eb("posts.status", "=", "published"), eb("posts.publishedAt", "<=", now.toISOString())]);

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
  let base = db.selectFrom("posts").where((eb) => isPublicPost(eb));
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
      .orderBy("posts.publishedAt", "desc")
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

type PostRow = NonNullable<Awaited<ReturnType<ReturnType<typeof postQuery>["executeTakeFirst"]>>>;

function postQuery() {
  return db
    .selectFrom("posts")
    .leftJoin("authors", "authors.id", "posts.authorId")
    .selectAll("posts")
    .select(["authors.name as authorName", "authors.avatar as authorAvatar"]);
}

/** A post's row as its public page shows it: the Markdown body rendered and sanitised. */
async function detailOf(row: PostRow): Promise<PostDetail | RecipeDetail> {
  const categories = (await categoriesOf([row.id])).get(row.id) ?? [];
  const post: PostDetail = {
    id: row.id,
    title: row.title,
    slug: row.slug,
    metaDescription: row.metaDescription,
    content: renderMarkdown(row.content),
    thumbnail: { url: row.thumbnailUrl, alt: row.thumbnailAlt },
    author: row.authorName ? { name: row.authorName, avatar: row.authorAvatar ?? "" } : null,
    postType: row.postType,
    postUrl: postUrlOf(row.postType),
    createdAt: row.createdAt,
    publishedAt: row.publishedAt ?? row.createdAt,
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

/** One public post by slug; with `type`, a post of the other type is not found. */
export async function getPost(slug: string, type?: PostType): Promise<PostDetail | RecipeDetail> {
  assertPlausibleSlug(slug, "Post");
  let query = postQuery()
    .where("posts.slug", "=", slug)
    .where((eb) => isPublicPost(eb));
  if (type) query = query.where("posts.postType", "=", type);
  const row = await query.executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Post ${slug}`);
  return detailOf(row);
}

/** Any post by id, draft or due later too: the back office's preview (never a public page). */
export async function getPostForPreview(id: number): Promise<{
  post: PostDetail | RecipeDetail;
  status: "draft" | "published";
  publishedAt: string | null;
} | null> {
  const row = await postQuery().where("posts.id", "=", id).executeTakeFirst();
  return row
    ? { post: await detailOf(row), status: row.status, publishedAt: row.publishedAt }
    : null;
}

/**
 * The public slug an old slug of a renamed post answers with now (a 301 to it), or null. A post
 * that holds the slug itself wins over a redirect (the caller looks the post up first), and a
 * redirect to a post that is not public leads nowhere.
 */
export async function resolvePostSlug(
  oldSlug: string,
  type?: PostType,
): Promise<{ slug: string; postType: PostType } | null> {
  assertPlausibleSlug(oldSlug, "Post");
  let query = db
    .selectFrom("postSlugRedirects")
    .innerJoin("posts", "posts.id", "postSlugRedirects.postId")
    .select(["posts.slug", "posts.postType"])
    .where("postSlugRedirects.oldSlug", "=", oldSlug)
    .where((eb) => isPublicPost(eb));
  if (type) query = query.where("postSlugRedirects.postType", "=", type);
  const row = await query.orderBy("postSlugRedirects.id", "desc").executeTakeFirst();
  return row && row.slug !== oldSlug ? row : null;
}

/** A public post by slug, or where its old slug moved to: `{ post }`, `{ movedTo }`, or not found. */
export async function findPost(
  slug: string,
  type?: PostType,
): Promise<{ post: PostDetail | RecipeDetail } | { movedTo: string; postType: PostType }> {
  try {
    return { post: await getPost(slug, type) };
  } catch (error) {
    if (!(error instanceof ContentNotFoundError)) throw error;
    const moved = await resolvePostSlug(slug, type);
    if (!moved) throw error;
    return { movedTo: moved.slug, postType: moved.postType };
  }
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
    .where("featured", "=", 1)
    .where((eb) => isPublicPost(eb));
  if (exceptSlug) query = query.where("slug", "!=", exceptSlug);
  const rows = await query
    .orderBy("publishedAt", "desc")
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
    .where((eb) => isPublicPost(eb))
    .orderBy("publishedAt", "desc")
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
