// Blog posts and recipes in the back office (issue 37, permission "content"): list, create, edit.
// Each save runs in one transaction with its audit entry (before and after) and the content version
// (every worker then forgets its cached pages), and sets posts.updated_at (the sitemap's lastmod).
// Slugs are unique per type: a clear error on the form, also when two saves race (the table's
// unique key decides). Renaming a post keeps its old slug in post_slug_redirects (a 301 to the new
// one); a post that takes a slug, new or renamed, removes any redirect from that slug.
import type { Transaction } from "kysely";
import { writeAudit } from "~/staff/audit.server";
import { offsetOf, PAGE_SIZE } from "~/admin/pagination";
import type { Staff } from "~/staff/staff-session.server";
import { bumpContentVersion } from "~/content/content-version.server";
import { db } from "~/db/client.server";
import type { DB, PostStatus } from "~/db/schema";
import { isUniqueViolation } from "~/payments/payments.server";
import { isoToSydneyLocal, sydneyLocalToIso } from "./dates";
import type { PostType } from "~/content/labels";
import { CONTENT_MESSAGES, type PostInput } from "./content-schema";

type StaffRef = Pick<Staff, "id" | "role" | "ip">;
export { POST_TYPE_LABELS, type PostType } from "~/content/labels";

export type StaffPostRow = {
  id: number;
  title: string;
  slug: string;
  status: PostStatus;
  publishedAt: string | null;
  updatedAt: string;
};

/** A type's posts for staff, drafts included, newest edit first, 50 a page. */
export async function listPostsForStaff(
  type: PostType,
  page: number,
): Promise<{ rows: StaffPostRow[]; total: number }> {
  const base = db.selectFrom("posts").where("postType", "=", type);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .select(["id", "title", "slug", "status", "publishedAt", "updatedAt"])
      .orderBy("updatedAt", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export type CategoryOption = { id: number; name: string };

export async function categoriesFor(type: PostType): Promise<CategoryOption[]> {
  return db
    .selectFrom("categories")
    .select(["id", "name"])
    .where("kind", "=", type)
    .orderBy("name")
    .execute();
}

/** The edit form's values: what is stored, the publish date in Sydney time. */
export type PostFormValues = {
  postType: PostType;
  title: string;
  slug: string;
  categoryIds: string[];
  summary: string;
  thumbnailUrl: string;
  thumbnailAlt: string;
  publishedAt: string;
  status: PostStatus;
  body: string;
  preparationTime: string;
  cookingTime: string;
  servings: string;
  ingredients: string;
  directions: string;
};

export type StaffPost = {
  id: number;
  postType: PostType;
  slug: string;
  title: string;
  status: PostStatus;
  publishedAt: string | null;
  updatedAt: string;
  oldSlugs: string[];
  values: PostFormValues;
};

const listOf = (json: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

export async function getPostForEdit(id: number): Promise<StaffPost | null> {
  const row = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [categories, redirects] = await Promise.all([
    db.selectFrom("postCategories").select("categoryId").where("postId", "=", id).execute(),
    db
      .selectFrom("postSlugRedirects")
      .select("oldSlug")
      .where("postId", "=", id)
      .orderBy("id")
      .execute(),
  ]);
  const num = (n: number | null) => (n === null ? "" : String(n));
  return {
    id: row.id,
    postType: row.postType,
    slug: row.slug,
    title: row.title,
    status: row.status,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    oldSlugs: redirects.map((r) => r.oldSlug),
    values: {
      postType: row.postType,
      title: row.title,
      slug: row.slug,
      categoryIds: categories.map((c) => String(c.categoryId)),
      summary: row.summary ?? row.metaDescription,
      thumbnailUrl: row.thumbnailUrl,
      thumbnailAlt: row.thumbnailAlt,
      publishedAt: isoToSydneyLocal(row.publishedAt),
      status: row.status,
      body: row.content,
      preparationTime: num(row.preparationTime),
      cookingTime: num(row.cookingTime),
      servings: num(row.servings),
      ingredients: listOf(row.ingredients).join("\n"),
      directions: listOf(row.directions).join("\n"),
    },
  };
}

export type SaveOutcome =
  | { ok: true; id: number; slug: string }
  | { ok: false; status: 404 | 409 | 400; field?: keyof PostInput; message: string };

class Refusal extends Error {
  constructor(readonly outcome: Extract<SaveOutcome, { ok: false }>) {
    super(outcome.message);
  }
}

/** What the audit records of a post: its editable fields (the body as its length and start). */
function auditView(row: {
  title: string;
  slug: string;
  status: string;
  publishedAt: string | null;
  summary: string | null;
  thumbnailUrl: string;
  thumbnailAlt: string;
  content: string;
  categoryIds: number[];
}) {
  return {
    title: row.title,
    slug: row.slug,
    status: row.status,
    publishedAt: row.publishedAt,
    summary: row.summary,
    image: row.thumbnailUrl,
    imageAlt: row.thumbnailAlt,
    categoryIds: row.categoryIds,
    body: row.content,
  };
}

/** The posts row's columns from the form; the publish date in UTC, recipe fields only on recipes. */
function postColumns(input: PostInput, stamp: string) {
  const publishedAt = input.publishedAt
    ? sydneyLocalToIso(input.publishedAt)
    : input.status === "published"
      ? stamp
      : null;
  const recipe = input.postType === "recipe";
  return {
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    metaDescription: input.summary || input.title,
    thumbnailUrl: input.thumbnailUrl,
    thumbnailAlt: input.thumbnailAlt,
    status: input.status,
    publishedAt,
    content: input.body,
    preparationTime: recipe ? (input.preparationTime ?? 0) : null,
    cookingTime: recipe ? (input.cookingTime ?? 0) : null,
    servings: recipe ? input.servings : null,
    ingredients: recipe ? JSON.stringify(input.ingredients) : null,
    directions: recipe ? JSON.stringify(input.directions) : null,
    updatedAt: stamp,
  };
}

type PostColumns = ReturnType<typeof postColumns>;
type AuditedPost = NonNullable<Awaited<ReturnType<typeof readForAudit>>>;

/**
 * Creates (`id` null) or updates a post of `input.postType`. A post's type never changes. The
 * publish date is the one typed, in Sydney time; a post published without one is published now.
 */
export async function savePost(
  staff: StaffRef,
  id: number | null,
  input: PostInput,
  now = new Date(),
): Promise<SaveOutcome> {
  const stamp = now.toISOString();
  const fields = postColumns(input, stamp);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = id === null ? null : await readForAudit(trx, id);
      if (id !== null && !before)
        throw new Refusal({ ok: false, status: 404, message: "There is no such post." });
      const type = before?.postType ?? input.postType;
      await refuseTakenSlug(trx, type, input.slug, id);
      const categoryIds = await validCategories(trx, type, input.categoryIds);

      const postId =
        id === null || !before
          ? await insertPost(trx, type, fields, stamp)
          : await updatePost(trx, { id, type, before, fields, stamp });
      await claimSlug(trx, type, input.slug);
      await setCategories(trx, postId, categoryIds);

      const after = await readForAudit(trx, postId);
      const noun = type === "recipe" ? "recipe" : "post";
      await writeAudit(
        trx,
        staff,
        {
          action: id === null ? `${noun}.create` : `${noun}.update`,
          entityType: "post",
          entityId: postId,
          before: before ? auditView(before) : null,
          after: after ? auditView(after) : null,
        },
        now,
      );
      await bumpContentVersion(trx);
      return { ok: true as const, id: postId, slug: input.slug };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    // two saves of one slug at once: the table's unique key lets one through
    if (isUniqueViolation(error)) return slugTakenOutcome(input.postType);
    throw error;
  }
}

/** Refuses a slug another post of the type has (the unique key still decides a race). */
async function refuseTakenSlug(
  trx: Transaction<DB>,
  type: PostType,
  slug: string,
  id: number | null,
) {
  const taken = await trx
    .selectFrom("posts")
    .select("id")
    .where("postType", "=", type)
    .where("slug", "=", slug)
    .$if(id !== null, (q) => q.where("id", "!=", id!))
    .executeTakeFirst();
  if (taken) throw slugTaken(type);
}

async function insertPost(
  trx: Transaction<DB>,
  type: PostType,
  fields: PostColumns,
  stamp: string,
) {
  const inserted = await trx
    .insertInto("posts")
    .values({
      ...fields,
      postType: type,
      authorId: null,
      featured: 0,
      highlight: 0,
      createdAt: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function updatePost(
  trx: Transaction<DB>,
  {
    id,
    type,
    before,
    fields,
    stamp,
  }: { id: number; type: PostType; before: AuditedPost; fields: PostColumns; stamp: string },
) {
  await trx.updateTable("posts").set(fields).where("id", "=", id).execute();
  if (before.slug !== fields.slug) {
    // the old slug now redirects here (taking over an older redirect from the same slug)
    await trx
      .deleteFrom("postSlugRedirects")
      .where("postType", "=", type)
      .where("oldSlug", "=", before.slug)
      .execute();
    await trx
      .insertInto("postSlugRedirects")
      .values({ postId: id, postType: type, oldSlug: before.slug, createdAt: stamp })
      .execute();
  }
  return id;
}

/** The slug belongs to a post now: it wins over any redirect from it. */
async function claimSlug(trx: Transaction<DB>, type: PostType, slug: string) {
  await trx
    .deleteFrom("postSlugRedirects")
    .where("postType", "=", type)
    .where("oldSlug", "=", slug)
    .execute();
}

async function setCategories(trx: Transaction<DB>, postId: number, categoryIds: number[]) {
  await trx.deleteFrom("postCategories").where("postId", "=", postId).execute();
  if (categoryIds.length)
    await trx
      .insertInto("postCategories")
      .values(categoryIds.map((categoryId) => ({ postId, categoryId })))
      .execute();
}

const slugTakenOutcome = (type: PostType) =>
  ({ ok: false, status: 409, field: "slug", message: CONTENT_MESSAGES.slugTaken(type) }) as const;
const slugTaken = (type: PostType) => new Refusal(slugTakenOutcome(type));

async function validCategories(trx: Transaction<DB>, type: PostType, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await trx
    .selectFrom("categories")
    .select("id")
    .where("kind", "=", type)
    .where("id", "in", unique)
    .execute();
  if (rows.length !== unique.length)
    throw new Refusal({
      ok: false,
      status: 400,
      field: "categoryIds",
      message: CONTENT_MESSAGES.category,
    });
  return unique;
}

async function readForAudit(trx: Transaction<DB>, id: number) {
  const row = await trx
    .selectFrom("posts")
    .select([
      "postType",
      "title",
      "slug",
      "status",
      "publishedAt",
      "summary",
      "thumbnailUrl",
      "thumbnailAlt",
      "content",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const categories = await trx
    .selectFrom("postCategories")
    .select("categoryId")
    .where("postId", "=", id)
    .orderBy("categoryId")
    .execute();
  return { ...row, categoryIds: categories.map((c) => c.categoryId) };
}
