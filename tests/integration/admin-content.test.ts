// Content editing in the back office (issue 37) on SQLite, and on PostgreSQL with DATABASE_URL_TEST:
// posts and recipes saved through their routes show on the public pages and /api only when
// published and from their publish date; slugs stay unique per type; an old slug answers 301 (pages
// and /api) until a new post takes it; FAQ, legal pages, hero and ticker edits show publicly; every
// save writes its audit entry and moves the content version; an editor may, a packer or support may not.
import { describe, expect, it } from "vitest";
import { readContentVersion } from "~/content/content-version.server";
import { db } from "~/db/client.server";
import * as contentHome from "~/routes/admin.content._index";
import * as faqEdit from "~/routes/admin.content.faq.$id";
import * as faqList from "~/routes/admin.content.faq._index";
import * as faqNew from "~/routes/admin.content.faq.new";
import * as homeEdit from "~/routes/admin.content.home";
import * as legalEdit from "~/routes/admin.content.pages.$key";
import * as postEdit from "~/routes/admin.content.posts.$postId";
import * as postPreview from "~/routes/admin.content.posts.$postId_.preview";
import * as postList from "~/routes/admin.content.posts._index";
import * as postNew from "~/routes/admin.content.posts.new";
import * as apiFaq from "~/routes/api.faq";
import * as apiPage from "~/routes/api.pages.$key";
import * as apiPost from "~/routes/api.posts.$slug";
import * as apiPosts from "~/routes/api.posts._index";
import * as apiRecipe from "~/routes/api.recipes.$slug";
import * as apiRecipes from "~/routes/api.recipes._index";
import * as apiFeatured from "~/routes/api.recipes.featured.list";
import * as blogList from "~/routes/blog.($filter)";
import * as blogPost from "~/routes/blog-post.$slug";
import * as faqPage from "~/routes/faq";
import * as home from "~/routes/_index";
import * as recipePost from "~/routes/recipe-post.$slug";
import * as terms from "~/routes/terms";
import { staffClient, type StaffClient } from "./admin-helpers";
import { anonymous, call, getRequest, postRequest, rowCounts } from "./http-helpers";

let seq = 0;
const unique = (s: string) => `${s}-${Date.now().toString(36)}-${++seq}`;

function postFields(over: Record<string, string | string[]> = {}) {
  const title = unique("Tide tables");
  const base: Record<string, string | string[]> = {
    title,
    slug: "",
    summary: "When the prawns run.",
    thumbnailUrl: "/images/news-farmers.svg",
    thumbnailAlt: "A boat at dawn",
    status: "published",
    publishedAt: "",
    body: "## Night fishing\n\nThe crew works *all night*.\n\n<script>alert(1)</script>",
    ...over,
  };
  return Object.entries(base).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
  );
}

async function createPost(
  staff: StaffClient,
  type: "news" | "recipe",
  over: Record<string, string | string[]> = {},
) {
  const answer = await call(
    postNew.action,
    postRequest(`/admin/content/posts/new?type=${type}`, staff, postFields(over)),
  );
  expect(answer.status, answer.text).toBe(303);
  const id = Number(/\/admin\/content\/posts\/(\d+)/.exec(answer.location ?? "")![1]);
  const row = await db
    .selectFrom("posts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row;
}

const editPost = (staff: StaffClient, id: number, over: Record<string, string | string[]>) =>
  call(postEdit.action, postRequest(`/admin/content/posts/${id}`, staff, postFields(over)), {
    postId: String(id),
  });

const visitor = anonymous;
const page = async (mod: { loader: unknown }, path: string, params: Record<string, string> = {}) =>
  call(mod.loader, getRequest(path, await visitor()), params);

const auditOf = (entityType: string, entityId: string | number) =>
  db
    .selectFrom("auditEntries")
    .selectAll()
    .where("entityType", "=", entityType)
    .where("entityId", "=", String(entityId))
    .orderBy("id")
    .execute();

const bodyOf = (a: { body: unknown }) => a.body as Record<string, unknown>;

describe("posts and recipes", () => {
  it("an editor creates a published post: it shows on the blog and /api, its body rendered and sanitised, audited, the version moved", async () => {
    const editor = await staffClient("editor");
    const version = await readContentVersion();
    const post = await createPost(editor, "news");
    expect(post.slug).toMatch(/^tide-tables-/);
    expect(post.status).toBe("published");
    expect(post.content).toContain("## Night fishing"); // the Markdown source is stored
    expect(await readContentVersion()).not.toBe(version);

    const detail = await page(blogPost, `/blog-post/${post.slug}`, { slug: post.slug });
    expect(detail.status).toBe(200);
    const html = (bodyOf(detail).post as { content: string }).content;
    expect(html).toContain("<h2>Night fishing</h2>");
    expect(html).toContain("<em>all night</em>");
    expect(html).not.toContain("script");

    const api = await page(apiPost, `/api/posts/${post.slug}`, { slug: post.slug });
    expect(api.status).toBe(200);
    expect((api.body as { content: string }).content).toBe(html);
    const list = await page(apiPosts, "/api/posts?page=1");
    expect(JSON.stringify(list.body)).toContain(post.slug);
    const blog = await page(blogList, "/blog/news", { filter: "news" });
    expect(JSON.stringify(blog.body)).toContain(post.slug);

    const audit = await auditOf("post", post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "post.create", staffRole: "editor", before: null });
    expect(JSON.parse(audit[0].after!)).toMatchObject({ title: post.title, status: "published" });
  });

  it("a draft is hidden from the pages, the lists and /api, and previews for staff only", async () => {
    const editor = await staffClient("editor");
    const post = await createPost(editor, "news", { status: "draft" });
    expect(post.status).toBe("draft");
    expect((await page(blogPost, `/blog-post/${post.slug}`, { slug: post.slug })).status).toBe(404);
    expect((await page(apiPost, `/api/posts/${post.slug}`, { slug: post.slug })).status).toBe(404);
    expect(JSON.stringify((await page(apiPosts, "/api/posts?page=1")).body)).not.toContain(
      post.slug,
    );
    expect(
      JSON.stringify((await page(blogList, "/blog/news", { filter: "news" })).body),
    ).not.toContain(post.slug);

    const preview = await call(
      postPreview.loader,
      getRequest(`/admin/content/posts/${post.id}/preview`, editor),
      { postId: String(post.id) },
    );
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(preview.headers.get("X-Robots-Tag")).toBe("noindex");
    expect((bodyOf(preview).post as { content: string }).content).toContain(
      "<h2>Night fishing</h2>",
    );
    const meta = postPreview.meta({ data: preview.body } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    // a visitor is sent to sign in
    const asVisitor = await call(
      postPreview.loader,
      getRequest(`/admin/content/posts/${post.id}/preview`, await visitor()),
      { postId: String(post.id) },
    );
    expect(asVisitor.status).toBe(302);

    // published: public
    const published = await editPost(editor, post.id, {
      title: post.title,
      slug: post.slug,
      status: "published",
    });
    expect(published.status).toBe(303);
    expect((await page(blogPost, `/blog-post/${post.slug}`, { slug: post.slug })).status).toBe(200);
  });

  it("a published post with a publish date to come is hidden until then", async () => {
    const editor = await staffClient("editor");
    const recipe = await createPost(editor, "recipe", {
      publishedAt: "2099-01-01T09:00",
      preparationTime: "10",
      cookingTime: "20",
      servings: "4",
      ingredients: "2 steaks\n\n1 lemon",
      directions: "Sear.\nRest.",
    });
    expect(recipe.publishedAt).toBe("2098-12-31T22:00:00.000Z"); // 9 am in Sydney (daylight time)
    expect(JSON.parse(recipe.ingredients!)).toEqual(["2 steaks", "1 lemon"]);
    const slug = recipe.slug;
    expect((await page(recipePost, `/recipe-post/${slug}`, { slug })).status).toBe(404);
    expect((await page(apiRecipe, `/api/recipes/${slug}`, { slug })).status).toBe(404);
    expect(JSON.stringify((await page(apiRecipes, "/api/recipes?page=1")).body)).not.toContain(
      slug,
    );
    // a date now past: public
    await editPost(editor, recipe.id, {
      title: recipe.title,
      slug,
      publishedAt: "2020-01-01T09:00",
      preparationTime: "10",
      cookingTime: "20",
    });
    const shown = await page(apiRecipe, `/api/recipes/${slug}`, { slug });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ preparationTime: 10, cookingTime: 20, postType: "recipe" });
  });

  it("a draft recipe marked featured stays out of the featured list", async () => {
    const editor = await staffClient("editor");
    const recipe = await createPost(editor, "recipe", { status: "draft" });
    await db.updateTable("posts").set({ featured: 1 }).where("id", "=", recipe.id).execute();
    const featured = await page(apiFeatured, "/api/recipes/featured/list");
    expect(JSON.stringify(featured.body)).not.toContain(recipe.slug);
  });

  it("keeps slugs unique per type, with the error on the form and what was typed kept", async () => {
    const editor = await staffClient("editor");
    const first = await createPost(editor, "news");
    const before = await rowCounts(["posts", "auditEntries"]);
    const clash = await call(
      postNew.action,
      postRequest(
        "/admin/content/posts/new?type=news",
        editor,
        postFields({ title: "Another", slug: first.slug }),
      ),
    );
    expect(clash.status).toBe(409);
    expect(clash.text).toContain("Another blog post already uses this slug");
    expect(clash.text).toContain('"title":"Another"');
    expect(await rowCounts(["posts", "auditEntries"])).toEqual(before);
    // the same slug as a recipe is fine
    const recipe = await createPost(editor, "recipe", { slug: first.slug });
    expect(recipe.slug).toBe(first.slug);
    // a bad slug is refused with its rule
    const bad = await call(
      postNew.action,
      postRequest("/admin/content/posts/new?type=news", editor, postFields({ slug: "Bad Slug!" })),
    );
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("lower-case letters, digits and single hyphens");
  });

  it("two saves of one new slug at the same time: one post, the other told the slug is taken", async () => {
    const editor = await staffClient("editor");
    const slug = unique("race");
    const answers = await Promise.all(
      [1, 2].map((n) =>
        call(
          postNew.action,
          postRequest(
            "/admin/content/posts/new?type=news",
            editor,
            postFields({ title: `Race ${n}`, slug }),
          ),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const rows = await db.selectFrom("posts").select("id").where("slug", "=", slug).execute();
    expect(rows).toHaveLength(1);
    expect(await auditOf("post", rows[0].id)).toHaveLength(1);
  });

  it("a renamed post's old slug answers 301 on its page and /api, until a new post takes the slug", async () => {
    const editor = await staffClient("editor");
    const post = await createPost(editor, "news");
    const oldSlug = post.slug;
    const newSlug = unique("renamed");
    const renamed = await editPost(editor, post.id, { title: post.title, slug: newSlug });
    expect(renamed.status).toBe(303);

    const old = await page(blogPost, `/blog-post/${oldSlug}`, { slug: oldSlug });
    expect([old.status, old.location]).toEqual([301, `/blog-post/${newSlug}`]);
    const oldApi = await page(apiPost, `/api/posts/${oldSlug}`, { slug: oldSlug });
    expect([oldApi.status, oldApi.location]).toEqual([301, `/api/posts/${newSlug}`]);
    expect((await page(blogPost, `/blog-post/${newSlug}`, { slug: newSlug })).status).toBe(200);
    const audit = await auditOf("post", post.id);
    expect(JSON.parse(audit.at(-1)!.before!)).toMatchObject({ slug: oldSlug });
    expect(JSON.parse(audit.at(-1)!.after!)).toMatchObject({ slug: newSlug });

    // a new post takes the old slug: it wins
    const taker = await createPost(editor, "news", { slug: oldSlug });
    const now = await page(blogPost, `/blog-post/${oldSlug}`, { slug: oldSlug });
    expect(now.status).toBe(200);
    expect((bodyOf(now).post as { id: number }).id).toBe(taker.id);
    expect(
      await db.selectFrom("postSlugRedirects").selectAll().where("oldSlug", "=", oldSlug).execute(),
    ).toEqual([]);
  });

  it("an old slug of a recipe redirects on the recipe page and /api/recipes, not from a draft", async () => {
    const editor = await staffClient("editor");
    const recipe = await createPost(editor, "recipe");
    const newSlug = unique("new-recipe");
    await editPost(editor, recipe.id, { title: recipe.title, slug: newSlug });
    const old = await page(recipePost, `/recipe-post/${recipe.slug}`, { slug: recipe.slug });
    expect([old.status, old.location]).toEqual([301, `/recipe-post/${newSlug}`]);
    const oldApi = await page(apiRecipe, `/api/recipes/${recipe.slug}`, { slug: recipe.slug });
    expect([oldApi.status, oldApi.location]).toEqual([301, `/api/recipes/${newSlug}`]);
    // back to draft: the old slug leads nowhere
    await editPost(editor, recipe.id, { title: recipe.title, slug: newSlug, status: "draft" });
    expect(
      (await page(recipePost, `/recipe-post/${recipe.slug}`, { slug: recipe.slug })).status,
    ).toBe(404);
  });

  it("a seeded post edits as it is: the same HTML before and after a save of its own body", async () => {
    const editor = await staffClient("editor");
    const seeded = await db
      .selectFrom("posts")
      .selectAll()
      .where("postType", "=", "news")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const before = await page(blogPost, `/blog-post/${seeded.slug}`, { slug: seeded.slug });
    const form = await call(
      postEdit.loader,
      getRequest(`/admin/content/posts/${seeded.id}`, editor),
      { postId: String(seeded.id) },
    );
    const values = (bodyOf(form).post as { values: Record<string, string | string[]> }).values;
    const saved = await editPost(editor, seeded.id, values);
    expect(saved.status).toBe(303);
    const after = await page(blogPost, `/blog-post/${seeded.slug}`, { slug: seeded.slug });
    expect((bodyOf(after).post as { content: string }).content).toBe(
      (bodyOf(before).post as { content: string }).content,
    );
  });

  it("lists drafts for staff; packer and support get 403 and change nothing", async () => {
    const editor = await staffClient("editor");
    const draft = await createPost(editor, "news", { status: "draft" });
    const list = await call(postList.loader, getRequest("/admin/content/posts", editor));
    expect(list.status).toBe(200);
    expect(list.text).toContain(draft.slug);
    expect((await call(contentHome.loader, getRequest("/admin/content", editor))).status).toBe(200);
    for (const role of ["packer", "support"] as const) {
      const other = await staffClient(role);
      const before = await rowCounts(["posts", "auditEntries", "faqItems", "pages"]);
      expect((await call(postList.loader, getRequest("/admin/content/posts", other))).status).toBe(
        403,
      );
      const refused = await call(
        postNew.action,
        postRequest("/admin/content/posts/new?type=news", other, postFields()),
      );
      expect(refused.status).toBe(403);
      const edit = await call(
        postEdit.action,
        postRequest(`/admin/content/posts/${draft.id}`, other, postFields()),
        { postId: String(draft.id) },
      );
      expect(edit.status).toBe(403);
      expect(await rowCounts(["posts", "auditEntries", "faqItems", "pages"])).toEqual(before);
    }
  });
});

describe("FAQ, legal pages, hero and ticker", () => {
  it("creates, edits, reorders and deletes FAQ items, each audited, and /faq and /api/faq follow", async () => {
    const editor = await staffClient("editor");
    const question = unique("Do you deliver to Lord Howe Island?");
    const created = await call(
      faqNew.action,
      postRequest("/admin/content/faq/new", editor, {
        category: "delivery",
        question,
        answer: "Not yet, **sorry**. <img src=x onerror=alert(1)>",
        sortOrder: "0",
      }),
    );
    expect(created.status).toBe(303);
    const item = await db
      .selectFrom("faqItems")
      .selectAll()
      .where("question", "=", question)
      .executeTakeFirstOrThrow();
    const api = JSON.stringify((await page(apiFaq, "/api/faq")).body);
    expect(api).toContain("Not yet, <strong>sorry</strong>.");
    expect(api).not.toContain("onerror");
    const faq = await page(faqPage, "/faq");
    const delivery = (bodyOf(faq).groups as { category: string; items: { id: number }[] }[]).find(
      (g) => g.category === "delivery",
    )!;
    expect(delivery.items[0].id).toBe(item.id);

    const edited = await call(
      faqEdit.action,
      postRequest(`/admin/content/faq/${item.id}`, editor, {
        intent: "save",
        category: "delivery",
        question: `${question} (edited)`,
        answer: "Yes, from March.",
        sortOrder: "5",
      }),
      { id: String(item.id) },
    );
    expect(edited.status).toBe(303);
    expect(JSON.stringify((await page(apiFaq, "/api/faq")).body)).toContain("Yes, from March.");

    const reorder = await call(
      faqList.action,
      postRequest("/admin/content/faq", editor, { [`order-${item.id}`]: "99999" }),
    );
    expect(reorder.status).toBe(303);
    const bad = await call(
      faqList.action,
      postRequest("/admin/content/faq", editor, { [`order-${item.id}`]: "first" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("whole number");
    const moved = await db
      .selectFrom("faqItems")
      .select(["sortOrder", "updatedAt"])
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(moved.sortOrder).toBe(99999);

    const deleted = await call(
      faqEdit.action,
      postRequest(`/admin/content/faq/${item.id}`, editor, { intent: "delete" }),
      { id: String(item.id) },
    );
    expect(deleted.status).toBe(303);
    expect(JSON.stringify((await page(apiFaq, "/api/faq")).body)).not.toContain(question);
    const audit = await auditOf("faq_item", item.id);
    expect(audit.map((a) => a.action)).toEqual([
      "faq.create",
      "faq.update",
      "faq.reorder",
      "faq.delete",
    ]);
    expect(JSON.parse(audit[1].before!)).toMatchObject({ question });
    expect(
      await db
        .selectFrom("auditEntries")
        .select("action")
        .where("action", "=", "faq.reorder")
        .execute(),
    ).toHaveLength(1);
  });

  it("edits a legal page in Markdown: shown sanitised on the page and /api, audited, lastmod set", async () => {
    const editor = await staffClient("editor");
    const before = await db
      .selectFrom("pages")
      .selectAll()
      .where("key", "=", "terms")
      .executeTakeFirstOrThrow();
    const saved = await call(
      legalEdit.action,
      postRequest("/admin/content/pages/terms", editor, {
        header: "Terms of trade",
        content: "## Orders\n\nRead [the FAQ](/faq).\n\n[bad](javascript:alert(1))",
      }),
      { key: "terms" },
    );
    expect(saved.status).toBe(303);
    const shown = await page(terms, "/terms");
    const p = bodyOf(shown).page as { header: string; content: string };
    expect(p.header).toBe("Terms of trade");
    expect(p.content).toContain("<h2>Orders</h2>");
    expect(p.content).toContain('<a href="/faq">the FAQ</a>');
    expect(p.content).not.toContain("javascript");
    const api = await page(apiPage, "/api/pages/terms", { key: "terms" });
    expect(JSON.stringify(api.body)).toContain("<h2>Orders</h2>");
    const after = await db
      .selectFrom("pages")
      .selectAll()
      .where("key", "=", "terms")
      .executeTakeFirstOrThrow();
    expect(after.updatedAt > before.updatedAt).toBe(true);
    const audit = await auditOf("page", "terms");
    expect(audit.at(-1)).toMatchObject({ action: "page.update" });
    expect(JSON.parse(audit.at(-1)!.after!)).toMatchObject({ header: "Terms of trade" });
    // an unknown key is no page
    const nope = await call(legalEdit.loader, getRequest("/admin/content/pages/homepage", editor), {
      key: "homepage",
    });
    expect(nope.status).toBe(404);
  });

  it("edits the hero and the ticker: the home page shows them", async () => {
    const editor = await staffClient("editor");
    const hero = await call(
      homeEdit.action,
      postRequest("/admin/content/home", editor, {
        intent: "hero",
        title: "Better meat, straight from the paddock",
        description: "Boxes from families we know.",
        cta: "Build your box",
        bullets: "Free delivery\nNo lock-in",
        "slides[0].mobile": "/images/hero-coast-mobile.svg",
        "slides[0].desktop": "/images/hero-coast-desktop.svg",
        "slides[0].alt": "A beach at dawn",
        "slides[1].mobile": "",
        "slides[1].desktop": "",
        "slides[1].alt": "",
      }),
    );
    expect(hero.status, hero.text).toBe(303);
    const ticker = await call(
      homeEdit.action,
      postRequest("/admin/content/home", editor, {
        intent: "ticker",
        lines: "Fresh every week\nPacked cold",
      }),
    );
    expect(ticker.status).toBe(303);
    const shown = bodyOf(await page(home, "/")).homepage as {
      hero: { title: string; list: { bulletText: string }[]; images: unknown[] };
      ticker: string[];
    };
    expect(shown.hero.title).toBe("Better meat, straight from the paddock");
    expect(shown.hero.list.map((b) => b.bulletText)).toEqual(["Free delivery", "No lock-in"]);
    expect(shown.hero.images).toEqual([
      {
        mobile: "/images/hero-coast-mobile.svg",
        desktop: "/images/hero-coast-desktop.svg",
        alt: "A beach at dawn",
      },
    ]);
    expect(shown.ticker).toEqual(["Fresh every week", "Packed cold"]);
    const actions = (await auditOf("page", "homepage")).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["home.hero.update", "home.ticker.update"]));

    // another site's image is refused, and nothing changes
    const before = await rowCounts(["auditEntries"]);
    const bad = await call(
      homeEdit.action,
      postRequest("/admin/content/home", editor, {
        intent: "hero",
        title: "x",
        description: "x",
        cta: "x",
        bullets: "x",
        "slides[0].mobile": "https://evil.example/x.png",
        "slides[0].desktop": "/images/hero-coast-desktop.svg",
        "slides[0].alt": "x",
      }),
    );
    expect(bad.status).toBe(422);
    expect(await rowCounts(["auditEntries"])).toEqual(before);
  });
});
