// The content forms (issue 37): one zod schema per form, shared by the browser (remix-validated-form)
// and the action. Bodies are Markdown; everything a page shows is sanitised when it is read.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { isOwnImage } from "~/content/own-image";
import { parseDateTimeLocal } from "./dates";

export const CONTENT_MESSAGES = {
  title: "Enter a title of 1 to 200 characters.",
  slug: "A slug is lower-case letters, digits and single hyphens (like grass-fed-beef), up to 120 characters.",
  slugTaken: (type: "news" | "recipe") =>
    `Another ${type === "recipe" ? "recipe" : "blog post"} already uses this slug. Choose another one.`,
  summary: "Keep the summary to 500 characters.",
  image: "Choose one of our images.",
  alt: "Describe the image in 1 to 200 characters (for people who cannot see it).",
  publishedAt: "Enter a real date and time, like 01/12/2026 09:30.",
  status: "Choose draft or published.",
  body: "The body can be up to 100,000 characters.",
  minutes: "Enter whole minutes from 0 to 1440.",
  servings: "Enter a whole number of servings from 1 to 100, or leave it empty.",
  lines: "Up to 100 lines of 500 characters each.",
  category: "Choose categories from the list.",
  faqCategory: "Choose the FAQ's section.",
  question: "Enter a question of 1 to 300 characters.",
  answer: "Enter an answer of 1 to 10,000 characters.",
  sortOrder: "Enter a whole number from 0 to 100000.",
  header: "Enter a heading of 1 to 200 characters.",
  legal: "Enter the page's text (up to 200,000 characters).",
  heroText: "Enter 1 to 300 characters.",
  cta: "Enter the button's words: 1 to 40 characters.",
  bullets: "Enter 1 to 6 points, one a line, each up to 120 characters.",
  slides: "Keep at least one slide, with both images and a description.",
  ticker: "Enter 1 to 12 lines, one a line, each up to 80 characters.",
} as const;

export { formIdOf, POST_FORM_ID } from "~/content/labels";

export const SLUG_MAX = 120;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug: lower-case letters, digits and single hyphens between them. */
export const isSlug = (s: string) => s.length <= SLUG_MAX && SLUG.test(s);

/** A slug from a title: "Crème brûlée & more!" → "creme-brulee-more". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-")
    .slice(0, SLUG_MAX)
    .replace(/-$/, "");
}

/** A textarea's lines, trimmed, without empty ones. */
export const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** A form's values without NUL characters (PostgreSQL text cannot hold one; no one types it). */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.split("\u0000").join("");
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
  return value;
}

const clean = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(withoutNul, schema);

const text = (min: number, max: number, message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(min, message)
    .max(max, message);

const lines = (maxLines: number, maxLength: number, message: string, minLines = 0) =>
  z
    .string({ invalid_type_error: message })
    .default("")
    .transform(linesOf)
    .pipe(
      z.array(z.string().max(maxLength, message)).min(minLines, message).max(maxLines, message),
    );

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);

/** "" stays empty; anything else must be a whole number in range. */
const optionalWhole = (min: number, max: number, message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .default("")
    .transform((v) => (v === "" ? null : Number(v)))
    .pipe(z.number().int(message).min(min, message).max(max, message).nullable());

const image = z
  .string({ required_error: CONTENT_MESSAGES.image, invalid_type_error: CONTENT_MESSAGES.image })
  .trim()
  .refine(isOwnImage, CONTENT_MESSAGES.image);

/** A post or a recipe (the recipe's own fields are read for recipes only). */
export const PostSchema = z
  .object({
    postType: z.enum(["news", "recipe"]),
    title: text(1, 200, CONTENT_MESSAGES.title),
    slug: z
      .string({ invalid_type_error: CONTENT_MESSAGES.slug })
      .trim()
      .toLowerCase()
      .default("")
      .refine((s) => s === "" || isSlug(s), CONTENT_MESSAGES.slug),
    categoryIds: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.coerce.number().int().positive().max(2_147_483_647))
        .max(20, CONTENT_MESSAGES.category),
      { errorMap: () => ({ message: CONTENT_MESSAGES.category }) },
    ),
    summary: z.string().trim().max(500, CONTENT_MESSAGES.summary).default(""),
    thumbnailUrl: image,
    thumbnailAlt: text(1, 200, CONTENT_MESSAGES.alt),
    publishedAt: z
      .string({ invalid_type_error: CONTENT_MESSAGES.publishedAt })
      .trim()
      .default("")
      .refine((v) => v === "" || parseDateTimeLocal(v) !== null, CONTENT_MESSAGES.publishedAt),
    status: z.enum(["draft", "published"], {
      errorMap: () => ({ message: CONTENT_MESSAGES.status }),
    }),
    body: z.string().max(100_000, CONTENT_MESSAGES.body).default(""),
    preparationTime: optionalWhole(0, 1440, CONTENT_MESSAGES.minutes),
    cookingTime: optionalWhole(0, 1440, CONTENT_MESSAGES.minutes),
    servings: optionalWhole(1, 100, CONTENT_MESSAGES.servings),
    ingredients: lines(100, 500, CONTENT_MESSAGES.lines),
    directions: lines(100, 500, CONTENT_MESSAGES.lines),
  })
  .transform((v) => ({ ...v, slug: v.slug || slugify(v.title) }))
  .superRefine((v, ctx) => {
    if (!isSlug(v.slug))
      ctx.addIssue({ code: "custom", path: ["slug"], message: CONTENT_MESSAGES.slug });
  });

export type PostInput = z.output<typeof PostSchema>;

export const FaqSchema = z.object({
  category: z.enum(["product", "delivery", "order", "subscription"], {
    errorMap: () => ({ message: CONTENT_MESSAGES.faqCategory }),
  }),
  question: text(1, 300, CONTENT_MESSAGES.question),
  answer: text(1, 10_000, CONTENT_MESSAGES.answer),
  sortOrder: wholeNumber(0, 100_000, CONTENT_MESSAGES.sortOrder),
});

export type FaqInput = z.output<typeof FaqSchema>;

export const LegalSchema = z.object({
  header: text(1, 200, CONTENT_MESSAGES.header),
  content: text(1, 200_000, CONTENT_MESSAGES.legal),
});

export type LegalInput = z.output<typeof LegalSchema>;

/** Up to HERO_SLIDES slides; a slot left without images is no slide. */
export const HERO_SLIDES = 6;

const slide = z.object({
  mobile: z.string().trim().default(""),
  desktop: z.string().trim().default(""),
  alt: z.string().trim().max(200, CONTENT_MESSAGES.alt).default(""),
});

export const HeroSchema = z.object({
  title: text(1, 120, CONTENT_MESSAGES.heroText),
  description: text(1, 300, CONTENT_MESSAGES.heroText),
  cta: text(1, 40, CONTENT_MESSAGES.cta),
  bullets: lines(6, 120, CONTENT_MESSAGES.bullets, 1),
  slides: z
    .array(slide)
    .max(HERO_SLIDES)
    .default([])
    .transform((slides) => slides.filter((s) => s.mobile || s.desktop || s.alt))
    .superRefine((slides, ctx) => {
      slides.forEach((s, i) => {
        if (!isOwnImage(s.mobile))
          ctx.addIssue({ code: "custom", path: [i, "mobile"], message: CONTENT_MESSAGES.image });
        if (!isOwnImage(s.desktop))
          ctx.addIssue({ code: "custom", path: [i, "desktop"], message: CONTENT_MESSAGES.image });
        if (!s.alt)
          ctx.addIssue({ code: "custom", path: [i, "alt"], message: CONTENT_MESSAGES.alt });
      });
      if (slides.length === 0) ctx.addIssue({ code: "custom", message: CONTENT_MESSAGES.slides });
    }),
});

export type HeroInput = z.output<typeof HeroSchema>;

export const TickerSchema = z.object({
  lines: lines(12, 80, CONTENT_MESSAGES.ticker, 1),
});

export type TickerInput = z.output<typeof TickerSchema>;

export const postValidator = withZod(clean(PostSchema));
export const faqValidator = withZod(clean(FaqSchema));
export const legalValidator = withZod(clean(LegalSchema));
export const heroValidator = withZod(clean(HeroSchema));
export const tickerValidator = withZod(clean(TickerSchema));
