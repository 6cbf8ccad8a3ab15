// The content services against the seeded database: listings, details,
// delivery regions, boxes, locations, and sanitising of whatever the CMS holds.
import { db } from "~/db/client.server";
import { listShowcaseBoxes } from "~/content/boxes.server";
import { listDeliveryRegions } from "~/content/delivery.server";
import { ContentNotFoundError } from "~/content/errors";
import {
  getLocation,
  getPage,
  listFaq,
  listFaqGrouped,
  listSocialPosts,
  listTestimonials,
} from "~/content/pages.server";
import {
  getHighlightRecipe,
  getPost,
  getRecipe,
  getRecipeCategory,
  listFeaturedRecipes,
  listNewsInCategories,
  listPostCards,
  listRecipeCategories,
} from "~/content/posts.server";
import { orNotFound } from "~/content/api.server";

describe("post listings", () => {
  it("reads pages 1..n at once for a no-JS blog page, identical to reading them one by one", async () => {
    const through = await listPostCards({}, { from: 1, through: 3 });
    const one = await Promise.all([1, 2, 3].map((p) => listPostCards({}, { from: p, through: p })));
    expect(through.data.map((p) => p.slug)).toEqual(one.flatMap((r) => r.data.map((p) => p.slug)));
    expect(through.meta.current_page).toBe(3);
    expect(through.data.length).toBe(27);
  });

  it("filters by type and category", async () => {
    const seafood = await getRecipeCategory({ slug: "seafood" });
    const { data, meta } = await listPostCards(
      { type: "recipe", categoryIds: [seafood.id] },
      { from: 1, through: 1 },
    );
    expect(meta.total).toBeGreaterThan(0);
    expect(
      data.every((p) => p.postType === "recipe" && p.categories.some((c) => c.slug === "seafood")),
    ).toBe(true);
    const none = await listPostCards({ categoryIds: [] }, { from: 1, through: 1 });
    expect(none.meta).toMatchObject({ total: 0, last_page: 1 });
  });

  it("finds recipe categories by slug or id and rejects news categories", async () => {
    const cats = await listRecipeCategories();
    expect(cats.map((c) => c.name)).toEqual([
      "Beef",
      "Lamb",
      "Pork",
      "Chicken",
      "Seafood",
      "Barbecue",
      "Quick weeknight",
      "Slow cooking",
    ]);
    expect(await getRecipeCategory({ id: cats[1].id })).toEqual(cats[1]);
    await expect(getRecipeCategory({ slug: "sustainability" })).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
  });

  it("lists the sourcing page's stories from farmer and sustainability news", async () => {
    const stories = await listNewsInCategories(["farmers-and-fishers", "sustainability"], 3);
    expect(stories.length).toBe(3);
    for (const s of stories)
      expect(
        s.categories.some((c) => ["farmers-and-fishers", "sustainability"].includes(c.slug)),
      ).toBe(true);
  });
});

describe("post and recipe details", () => {
  it("keeps news and recipe pages apart", async () => {
    await expect(getPost("beef-massaman-curry", "news")).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
    await expect(getRecipe("how-we-pack-your-box")).rejects.toBeInstanceOf(ContentNotFoundError);
    const recipe = await getRecipe("beef-massaman-curry");
    expect(recipe.ingredients.length).toBeGreaterThan(3);
  });

  it("leaves the current recipe out of the featured list and never shows more than 5", async () => {
    const all = await listFeaturedRecipes();
    expect(all.length).toBeLessThanOrEqual(5);
    const without = await listFeaturedRecipes(all[0].slug);
    expect(without.map((r) => r.slug)).not.toContain(all[0].slug);
    expect(without.length).toBeLessThanOrEqual(5);
  });

  it("has a highlight recipe, and none is not found", async () => {
    expect((await getHighlightRecipe()).slug).toBe("scotch-fillet-with-garlic-thyme-butter");
    await db.updateTable("posts").set({ highlight: 0 }).execute();
    await expect(getHighlightRecipe()).rejects.toBeInstanceOf(ContentNotFoundError);
    await db
      .updateTable("posts")
      .set({ highlight: 1 })
      .where("slug", "=", "scotch-fillet-with-garlic-thyme-butter")
      .execute();
  });

  it("turns not-found into a 404 response for page loaders", async () => {
    const thrown = await orNotFound(getPost("nope")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});

describe("sanitising what the CMS holds", () => {
  it("cleans post content, FAQ answers, legal pages and location content", async () => {
    const evil =
      '<p>hi</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">x</a><img src=x onerror="alert(1)">';
    await db
      .updateTable("posts")
      .set({ content: evil })
      .where("slug", "=", "how-we-pack-your-box")
      .execute();
    await db
      .insertInto("faqItems")
      .values({ category: "order", question: "Evil?", answer: evil, sortOrder: 999 })
      .execute();
    await db
      .updateTable("pages")
      .set({ data: JSON.stringify({ header: "Terms and conditions", content: evil }) })
      .where("key", "=", "terms")
      .execute();
    const row = await db
      .selectFrom("locationPosts")
      .select("data")
      .where("slug", "=", "hobart")
      .executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    data.faq[0].answer = evil;
    await db
      .updateTable("locationPosts")
      .set({ content: evil, data: JSON.stringify(data) })
      .where("slug", "=", "hobart")
      .execute();

    const expected = "<p>hi</p>x";
    expect((await getPost("how-we-pack-your-box")).content).toBe(expected);
    expect((await listFaq()).find((f) => f.question === "Evil?")!.answer).toBe(expected);
    expect((await getPage("terms")).content).toBe(expected);
    const hobart = await getLocation("hobart");
    expect(hobart.content).toBe(expected);
    expect(hobart.faq[0].answer).toBe(expected);
  });
});

describe("FAQ, testimonials, social, locations", () => {
  it("groups the FAQ in the spec's order", async () => {
    const groups = await listFaqGrouped();
    expect(groups.map((g) => g.category)).toEqual(["product", "delivery", "order", "subscription"]);
    expect(groups.every((g) => g.items.length > 0)).toBe(true);
  });

  it("reads testimonials and social posts in order", async () => {
    const t = await listTestimonials();
    expect(t[0]).toMatchObject({ name: "Sarah M.", rating: 5 });
    const s = await listSocialPosts();
    expect(s[0]).toMatchObject({
      handle: "@paddockandtide",
      image: { url: "/images/dish-steak-plate.svg", alt: expect.any(String) },
    });
  });

  it("reads every seeded location, with mobile and desktop backgrounds, and 404s others", async () => {
    for (const slug of ["sydney", "melbourne", "brisbane", "perth", "adelaide", "hobart"]) {
      const l = await getLocation(slug);
      expect(l.background).toEqual({
        mobile: expect.stringMatching(/mobile\.svg$/),
        desktop: expect.stringMatching(/desktop\.svg$/),
        alt: expect.any(String),
      });
      expect(l.images.length).toBeGreaterThan(0);
      expect(l.description).toMatchObject({
        title: expect.any(String),
        url: expect.stringMatching(/^\//),
      });
    }
    await expect(getLocation("darwin")).rejects.toBeInstanceOf(ContentNotFoundError);
  });
});

describe("delivery regions and boxes", () => {
  it("lists every region with its areas, days, time and note", async () => {
    const regions = await listDeliveryRegions();
    expect(regions.map((r) => r.name)).toEqual([
      "NSW",
      "Canberra",
      "VIC",
      "QLD",
      "SA",
      "WA",
      "TAS",
      "NT",
    ]);
    const nsw = regions[0];
    expect(nsw).toMatchObject({ slug: "nsw", days: "Tuesday and Thursday", time: "8am to 6pm" });
    expect(nsw.areas[0]).toEqual({ area: "Sydney metro", postcodes: "2000–2234" });
    expect(regions.find((r) => r.slug === "nt")!.areas[0].postcodes).toBe("0800–0832");
    expect(regions.find((r) => r.slug === "wa")!.days).toMatch(/fortnightly/);
  });

  it("shows the custom box and every curated box with the spec's prices", async () => {
    const boxes = await listShowcaseBoxes();
    expect(boxes.map((b) => [b.slug, b.fromPriceCents])).toEqual([
      ["custom", 16900],
      ["salmon", 16900],
      ["beef", 16900],
      ["beef-chicken", 16900],
      ["beef-pork", 16900],
      ["mixed", 16900],
      ["value", 14900],
    ]);
    const custom = boxes[0];
    expect(custom.sizes).toEqual([
      {
        size: "small",
        people: "2-3 people",
        weight: "up to 6kg",
        priceCents: 16900,
        selectionMaximum: 8,
      },
      {
        size: "large",
        people: "4-5 people",
        weight: "up to 11kg",
        priceCents: 27900,
        selectionMaximum: 16,
      },
    ]);
    expect(boxes.find((b) => b.slug === "beef")!.contents[0]).toEqual({
      item: "Scotch fillet steaks",
      quantity: "2 x 250g",
    });
  });
});
