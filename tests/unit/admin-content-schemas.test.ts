// The content editor's form rules (issue 37): slugs, the publish date in Sydney time, and the
// post form's parsing (a slug made from the title, recipe lists, refused images).
import { describe, expect, it } from "vitest";
import { isoToSydneyLocal, sydneyLocalToIso } from "~/admin/content/dates";
import { isSlug, PostSchema, slugify, TickerSchema } from "~/admin/content/content-schema";
import { FaqOrdersSchema } from "~/admin/content/faq-order-schema";
import { isOwnImage } from "~/content/own-image";

describe("slugs", () => {
  it("are lower-case letters and digits joined by single hyphens, up to 120 characters", () => {
    for (const ok of ["a", "grass-fed-beef", "top-10-cuts", "x".repeat(120)])
      expect(isSlug(ok), ok).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "Grass", "a b", "a_b", "ü", "x".repeat(121), "a/b"])
      expect(isSlug(bad), bad).toBe(false);
  });

  it("are made from a title", () => {
    expect(slugify("Crème brûlée & more!")).toBe("creme-brulee-more");
    expect(slugify("  The BEST   steak, ever  ")).toBe("the-best-steak-ever");
    expect(slugify("!!!")).toBe("");
    const long = slugify(`${"word ".repeat(40)}`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(isSlug(long)).toBe(true);
  });
});

describe("publish dates in Sydney time", () => {
  it("turn a datetime-local value into UTC, with daylight saving, and back", () => {
    expect(sydneyLocalToIso("2026-12-01T09:30")).toBe("2026-11-30T22:30:00.000Z"); // AEDT +11
    expect(sydneyLocalToIso("2026-06-01T09:30")).toBe("2026-05-31T23:30:00.000Z"); // AEST +10
    expect(isoToSydneyLocal("2026-11-30T22:30:00.000Z")).toBe("2026-12-01T09:30");
    expect(isoToSydneyLocal(null)).toBe("");
  });

  it("refuse what is no date and time", () => {
    for (const bad of [
      "",
      "2026-02-30T09:00",
      "2026-12-01 09:30",
      "2026-12-01T24:00",
      "soon",
      "1999-01-01T00:00",
    ])
      expect(sydneyLocalToIso(bad), bad).toBeNull();
  });
});

describe("the post form", () => {
  const base = {
    postType: "recipe",
    title: "Smoky Brisket",
    thumbnailUrl: "/images/beef-brisket.svg",
    thumbnailAlt: "Brisket",
    status: "draft",
  };

  it("makes the slug from the title when none is given, and reads a recipe's lists and numbers", () => {
    const parsed = PostSchema.parse({
      ...base,
      ingredients: " 1 kg brisket \n\n salt ",
      directions: "Smoke.\nRest.",
      preparationTime: "15",
      cookingTime: "",
      servings: "6",
      categoryIds: "3",
    });
    expect(parsed).toMatchObject({
      slug: "smoky-brisket",
      ingredients: ["1 kg brisket", "salt"],
      directions: ["Smoke.", "Rest."],
      preparationTime: 15,
      cookingTime: null,
      servings: 6,
      categoryIds: [3],
    });
  });

  it("refuses another site's image, a bad slug, a bad date and a bad status", () => {
    const result = PostSchema.safeParse({
      ...base,
      thumbnailUrl: "https://evil.example/x.png",
      slug: "Not A Slug",
      publishedAt: "tomorrow",
      status: "live",
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join("."));
    expect(fields).toEqual(
      expect.arrayContaining(["thumbnailUrl", "slug", "publishedAt", "status"]),
    );
  });

  it("knows our own image paths", () => {
    expect(isOwnImage("/images/beef-brisket.svg")).toBe(true);
    for (const bad of [
      "/images/../x",
      "//evil/x.png",
      "/images//evil.example/x",
      "javascript:x",
      "/img/x.svg",
    ])
      expect(isOwnImage(bad), bad).toBe(false);
  });
});

describe("FAQ order numbers and the ticker", () => {
  it("reads the reorder form's numbers and refuses a bad one under its field", () => {
    const form = { "order-4": " 20 ", "order-9": "0", csrf: "x" };
    expect(FaqOrdersSchema.parse(form)).toEqual(
      new Map([
        [4, 20],
        [9, 0],
      ]),
    );
    for (const bad of ["-1", "first", "100001", "1.5", ""]) {
      const result = FaqOrdersSchema.safeParse({ ...form, "order-5": bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues, bad).toEqual([
        expect.objectContaining({
          path: ["order-5"],
          message: expect.stringContaining("whole number"),
        }),
      ]);
    }
  });

  it("keeps 1 to 12 ticker lines", () => {
    expect(TickerSchema.parse({ lines: "A\n\n B \n" }).lines).toEqual(["A", "B"]);
    expect(TickerSchema.safeParse({ lines: " \n " }).success).toBe(false);
    expect(TickerSchema.safeParse({ lines: "x\n".repeat(13) }).success).toBe(false);
  });
});
