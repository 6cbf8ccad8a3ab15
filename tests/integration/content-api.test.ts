// Every /api content endpoint, called through its route loader with a real Request.
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as categories from "~/routes/api.categories";
import * as faq from "~/routes/api.faq";
import * as pages from "~/routes/api.pages.$key";
import * as postBySlug from "~/routes/api.posts.$slug";
import * as posts from "~/routes/api.posts._index";
import * as recipeBySlug from "~/routes/api.recipes.$slug";
import * as recipes from "~/routes/api.recipes._index";
import * as byCategory from "~/routes/api.recipes.category.$categoryId";
import * as featured from "~/routes/api.recipes.featured.list";
import * as highlight from "~/routes/api.recipes.highlight.details";
import { db } from "~/db/client.server";

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

async function call(loader: unknown, path: string, params: Record<string, string> = {}) {
  const request = new Request(`http://127.0.0.1${path}`);
  const response = await (loader as Loader)({ request, params, context: {} });
  const body = await response.json();
  return { status: response.status, headers: response.headers, body };
}

const count = async (type?: "news" | "recipe") => {
  let q = db.selectFrom("posts").select((eb) => eb.fn.countAll<number>().as("n"));
  if (type) q = q.where("postType", "=", type);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

const expectPostCard = (card: Record<string, unknown>) => {
  expect(Object.keys(card).sort()).toEqual([
    "author",
    "categories",
    "createdAt",
    "id",
    "postType",
    "postUrl",
    "slug",
    "thumbnail",
    "title",
  ]);
  expect(card.thumbnail).toEqual({
    url: expect.stringMatching(/^\/images\/.+\.svg$/),
    alt: expect.any(String),
  });
  expect(["news", "recipe"]).toContain(card.postType);
  expect(card.postUrl).toBe(card.postType === "recipe" ? "recipe-post" : "blog-post");
  if (card.author)
    expect(card.author).toEqual({
      fullName: expect.any(String),
      avatar: expect.stringMatching(/^\/images\//),
    });
  for (const c of card.categories as unknown[])
    expect(c).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
    });
};

describe("GET /api/posts", () => {
  it("pages through every post, newest first, with current_page and last_page", async () => {
    const total = await count();
    const last = Math.ceil(total / 9);
    const seen = new Set<string>();
    let previous = "9999";
    for (let page = 1; page <= last; page++) {
      const { status, headers, body } = await call(posts.loader, `/api/posts?page=${page}`);
      expect(status).toBe(200);
      expect(headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
      expect(headers.get("Content-Type")).toMatch(/application\/json/);
      expect(body.meta).toEqual({ current_page: page, last_page: last, per_page: 9, total });
      expect(body.data.length).toBe(page < last ? 9 : total - 9 * (last - 1));
      for (const card of body.data) {
        expectPostCard(card);
        expect(card.createdAt <= previous).toBe(true);
        previous = card.createdAt;
        seen.add(card.slug);
      }
    }
    expect(seen.size).toBe(total);
  });

  it("defaults to page 1 and filters by type", async () => {
    const { body } = await call(posts.loader, "/api/posts");
    expect(body.meta.current_page).toBe(1);
    const news = await call(posts.loader, "/api/posts?type=news&page=1");
    expect(news.body.meta.total).toBe(await count("news"));
    expect(news.body.data.every((p: { postType: string }) => p.postType === "news")).toBe(true);
  });

  it("answers an empty page past the last one, and 400 for a bad page number", async () => {
    const past = await call(posts.loader, "/api/posts?page=99");
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.current_page).toBe(99);
    for (const bad of ["0", "-2", "two", "1.5", "99999999"]) {
      const r = await call(posts.loader, `/api/posts?page=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/page/i);
    }
  });
});

describe("GET /api/posts/{slug}", () => {
  it("returns one news post with sanitised content", async () => {
    const { status, body } = await call(postBySlug.loader, "/api/posts/how-we-pack-your-box", {
      slug: "how-we-pack-your-box",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: "How we pack your box so it arrives cold",
      slug: "how-we-pack-your-box",
      postType: "news",
      postUrl: "blog-post",
      thumbnail: { url: "/images/news-box.svg", alt: expect.any(String) },
      author: { name: "Priya Nair", avatar: "/images/avatar-3.svg" },
      metaDescription: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body.content).toContain("<h2>Step by step</h2>");
    expect(body.categories).toEqual([
      { id: expect.any(Number), name: "Behind the box", slug: "behind-the-box" },
    ]);
  });

  it("also finds recipes, and 404s unknown slugs", async () => {
    expect(
      (
        await call(postBySlug.loader, "/api/posts/beef-massaman-curry", {
          slug: "beef-massaman-curry",
        })
      ).body.postType,
    ).toBe("recipe");
    const missing = await call(postBySlug.loader, "/api/posts/nope", { slug: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Not found" });
  });
});

describe("GET /api/categories", () => {
  it("lists recipe categories with id, name and slug", async () => {
    const { status, body } = await call(categories.loader, "/api/categories");
    expect(status).toBe(200);
    expect(body.data.length).toBe(8);
    expect(body.data[0]).toEqual({ id: expect.any(Number), name: "Beef", slug: "beef" });
    expect(body.data.map((c: { slug: string }) => c.slug)).toContain("quick-weeknight");
  });
});

describe("GET /api/recipes", () => {
  it("pages through recipes only", async () => {
    const total = await count("recipe");
    const first = await call(recipes.loader, "/api/recipes?page=1");
    expect(first.body.meta).toMatchObject({
      current_page: 1,
      last_page: Math.ceil(total / 9),
      total,
    });
    expect(first.body.data.length).toBe(9);
    first.body.data.forEach(expectPostCard);
    expect(first.body.data.every((p: { postType: string }) => p.postType === "recipe")).toBe(true);
    const last = await call(recipes.loader, `/api/recipes?page=${first.body.meta.last_page}`);
    expect(last.body.data.length).toBe(total - 9 * (first.body.meta.last_page - 1));
    expect((await call(recipes.loader, "/api/recipes?page=x")).status).toBe(400);
  });
});

describe("GET /api/recipes/category/{categoryId}", () => {
  it("pages through one category's recipes", async () => {
    const beef = await db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "beef")
      .executeTakeFirstOrThrow();
    const expected = Number(
      (
        await db
          .selectFrom("postCategories")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("categoryId", "=", beef.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { status, body } = await call(
      byCategory.loader,
      `/api/recipes/category/${beef.id}/?page=1`,
      { categoryId: String(beef.id) },
    );
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({
      current_page: 1,
      total: expected,
      last_page: Math.ceil(expected / 9),
    });
    for (const card of body.data)
      expect(card.categories.map((c: { slug: string }) => c.slug)).toContain("beef");
  });

  it("404s an unknown or non-recipe category and 400s a bad page", async () => {
    const news = await db
      .selectFrom("categories")
      .select("id")
      .where("kind", "=", "news")
      .executeTakeFirstOrThrow();
    expect(
      (await call(byCategory.loader, "/api/recipes/category/9999/", { categoryId: "9999" })).status,
    ).toBe(404);
    expect(
      (await call(byCategory.loader, "/api/recipes/category/abc/", { categoryId: "abc" })).status,
    ).toBe(404);
    expect(
      (
        await call(byCategory.loader, `/api/recipes/category/${news.id}/`, {
          categoryId: String(news.id),
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(byCategory.loader, "/api/recipes/category/1/?page=0", { categoryId: "1" }))
        .status,
    ).toBe(400);
  });
});

describe("GET /api/recipes/featured/list and /api/recipes/highlight/details", () => {
  it("lists at most 5 featured recipe cards", async () => {
    const { body } = await call(featured.loader, "/api/recipes/featured/list");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(5);
    for (const r of body.data)
      expect(Object.keys(r).sort()).toEqual(["slug", "thumbnail", "title"]);
  });

  it("returns the highlight recipe", async () => {
    const { status, body } = await call(highlight.loader, "/api/recipes/highlight/details");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: "scotch-fillet-with-garlic-thyme-butter",
      title: expect.any(String),
      thumbnail: { url: expect.any(String), alt: expect.any(String) },
    });
  });
});

describe("GET /api/recipes/{slug}", () => {
  it("returns times, ingredients, directions and categories with slugs", async () => {
    const { status, body } = await call(
      recipeBySlug.loader,
      "/api/recipes/scotch-fillet-with-garlic-thyme-butter",
      { slug: "scotch-fillet-with-garlic-thyme-butter" },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      postType: "recipe",
      postUrl: "recipe-post",
      preparationTime: 10,
      cookingTime: 15,
      servings: 2,
    });
    expect(body.ingredients.length).toBe(9);
    expect(body.directions.length).toBe(6);
    expect(body.categories.map((c: { slug: string }) => c.slug).sort()).toEqual([
      "beef",
      "quick-weeknight",
    ]);
  });

  it("404s unknown slugs and news posts", async () => {
    expect((await call(recipeBySlug.loader, "/api/recipes/nope", { slug: "nope" })).status).toBe(
      404,
    );
    expect(
      (
        await call(recipeBySlug.loader, "/api/recipes/how-we-pack-your-box", {
          slug: "how-we-pack-your-box",
        })
      ).status,
    ).toBe(404);
  });
});

describe("GET /api/faq", () => {
  it("lists items with id, category, question and HTML answer, in category order", async () => {
    const { body } = await call(faq.loader, "/api/faq");
    expect(body.data.length).toBeGreaterThan(10);
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(["answer", "category", "id", "question"]);
      expect(item.answer).toMatch(/^</);
    }
    const order = ["product", "delivery", "order", "subscription"];
    const indices = body.data.map((i: { category: string }) => order.indexOf(i.category));
    expect(indices).toEqual([...indices].sort((a: number, b: number) => a - b));
    expect(new Set(indices).size).toBe(4);
  });
});

describe("GET /api/pages/{key}", () => {
  it("returns the homepage hero and faq", async () => {
    const { body } = await call(pages.loader, "/api/pages/homepage", { key: "homepage" });
    expect(body.hero).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
      cta: "Build your box",
    });
    expect(body.hero.list[0]).toEqual({ bulletText: expect.any(String) });
    expect(body.hero.images[0]).toEqual({
      mobile: expect.any(String),
      desktop: expect.any(String),
      alt: expect.any(String),
    });
    expect(body.faq[0]).toEqual({
      question: expect.any(String),
      answer: expect.stringMatching(/^<p>/),
    });
  });

  it("returns the concept faq", async () => {
    const { body } = await call(pages.loader, "/api/pages/concept", { key: "concept" });
    expect(Object.keys(body)).toEqual(["faq"]);
    expect(body.faq.length).toBeGreaterThan(0);
  });

  it.each([
    ["terms", "Terms and conditions"],
    ["privacy-policy", "Privacy policy"],
    ["refund-policy", "Refund and returns policy"],
  ])("returns %s with header and content", async (key, header) => {
    const { status, body } = await call(pages.loader, `/api/pages/${key}`, { key });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["content", "header"]);
    expect(body.header).toMatch(new RegExp(header, "i"));
    expect(body.content).toContain("<h2>");
  });

  it("404s unknown keys", async () => {
    for (const key of ["nope", "constructor", "__proto__", ""]) {
      expect((await call(pages.loader, `/api/pages/${key}`, { key })).status, key).toBe(404);
    }
  });
});
