// Content editing in e2e (issue 37): a published post of its own for a spec, and an editor who
// signs in and edits a post's title (and body) through the back office's form. Shared with the spec
// that edits a post through one server process and reads it through another.
import type { Page } from "@playwright/test";
import { createStaffMember, signInStaff } from "./admin-helpers";
import { e2eDb, expect, jsEnabled, ready } from "./fixtures";

let seq = 0;

/** A published news post (or recipe) straight in the database; its id, slug and title. */
export async function createE2ePost(
  opts: {
    type?: "news" | "recipe";
    title?: string;
    body?: string;
    status?: "draft" | "published";
  } = {},
) {
  const type = opts.type ?? "news";
  const stamp = `${Date.now().toString(36)}-${process.pid}-${++seq}`;
  const title = opts.title ?? `Across the paddock ${stamp}`;
  const slug = `e2e-post-${stamp}`;
  const now = new Date(Date.now() - 60_000).toISOString();
  const { id } = await e2eDb()
    .insertInto("posts")
    .values({
      slug,
      postType: type,
      title,
      metaDescription: "An e2e post.",
      content: opts.body ?? "The first version of this story.",
      thumbnailUrl: "/images/news-farmers.svg",
      thumbnailAlt: "A farmer at a gate",
      authorId: null,
      preparationTime: type === "recipe" ? 5 : null,
      cookingTime: type === "recipe" ? 10 : null,
      servings: null,
      ingredients: type === "recipe" ? JSON.stringify(["Salt"]) : null,
      directions: type === "recipe" ? JSON.stringify(["Cook."]) : null,
      featured: 0,
      highlight: 0,
      status: opts.status ?? "published",
      publishedAt: now,
      summary: "An e2e post.",
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, slug, title, type };
}

/**
 * Takes posts a spec made public off the site again (back to draft), so other specs that count the
 * blog's cards (content-blog's "load more") see the seeded number once this spec is done.
 */
export async function retireE2ePosts(slugs: string[]) {
  if (!slugs.length) return;
  await e2eDb().updateTable("posts").set({ status: "draft" }).where("slug", "in", slugs).execute();
}

/** Signs `page` in to the back office as a new editor (a staff session, without the sign-in page). */
export async function signInEditor(page: Page) {
  const editor = await createStaffMember("editor");
  await signInStaff(page, editor);
  return editor;
}

/**
 * As an editor (signed in here unless `signedIn`), opens the post of `slug` in the back office,
 * sets its title (and body, when given), saves, and waits for "Saved.".
 */
export async function editPost(
  page: Page,
  slug: string,
  change: { title: string; body?: string },
  opts: { signedIn?: boolean; type?: "news" | "recipe" } = {},
) {
  if (!opts.signedIn) await signInEditor(page);
  const row = await e2eDb()
    .selectFrom("posts")
    .select("id")
    .where("slug", "=", slug)
    .where("postType", "=", opts.type ?? "news")
    .executeTakeFirstOrThrow();
  await page.goto(`/admin/content/posts/${row.id}`);
  await ready(page);
  await page.getByLabel("Title", { exact: true }).fill(change.title);
  if (change.body !== undefined) await page.getByLabel("Body (Markdown)").fill(change.body);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  if (jsEnabled())
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(change.title);
  return row.id;
}

/** editPost for the title alone. */
export const editPostTitle = (page: Page, slug: string, title: string) =>
  editPost(page, slug, { title });
