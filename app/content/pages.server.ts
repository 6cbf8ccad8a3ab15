// Editorial pages (homepage, concept, legal), the FAQ, testimonials, social
// posts and location pages. Every HTML field leaves here sanitised. FAQ answers and legal pages
// are Markdown that staff edit (issue 37; older HTML passes through Markdown unchanged); the home
// page's ticker lives in its JSON data next to the hero, with the built-in promises until edited.
import { db } from "~/db/client.server";
import { PROMISES } from "./copy";
import { renderMarkdown } from "./markdown.server";
import { ContentNotFoundError, assertPlausibleSlug } from "./errors";
import { sanitiseHtml } from "./sanitize.server";
import type {
  ConceptData,
  FaqCategory,
  FaqItem,
  HomepageData,
  LegalData,
  LocationPost,
  PageData,
  PageKey,
  QA,
  SocialPost,
  Testimonial,
} from "./types";

export const PAGE_KEYS: readonly PageKey[] = [
  "homepage",
  "concept",
  "terms",
  "privacy-policy",
  "refund-policy",
];
export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  "product",
  "delivery",
  "order",
  "subscription",
];

export function isPageKey(key: string): key is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(key);
}

const cleanFaq = (faq: QA[] | undefined): QA[] =>
  (faq ?? []).map((f) => ({ question: String(f.question), answer: sanitiseHtml(f.answer) }));

export async function getPage<K extends PageKey>(key: K): Promise<PageData<K>> {
  const row = await db.selectFrom("pages").select("data").where("key", "=", key).executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Page ${key}`);
  const raw = JSON.parse(row.data);
  if (key === "homepage") {
    const data = raw as HomepageData;
    return { hero: data.hero, ticker: tickerOf(data), faq: cleanFaq(data.faq) } as PageData<K>;
  }
  if (key === "concept") return { faq: cleanFaq((raw as ConceptData).faq) } as PageData<K>;
  const legal = raw as LegalData;
  return { header: String(legal.header), content: renderMarkdown(legal.content) } as PageData<K>;
}

/** The ticker's lines: the home page's own, or the built-in promises before anyone edited them. */
export function tickerOf(data: Partial<HomepageData>): string[] {
  const lines = Array.isArray(data.ticker) ? data.ticker.map(String).filter(Boolean) : [];
  return lines.length ? lines : [...PROMISES];
}

/** Any page by a key from a URL: unknown keys are not found. */
export async function getPageByKey(key: string) {
  if (!isPageKey(key)) throw new ContentNotFoundError(`Page ${key}`);
  return getPage(key);
}

export async function listFaq(): Promise<FaqItem[]> {
  const rows = await db
    .selectFrom("faqItems")
    .select(["id", "category", "question", "answer"])
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, answer: renderMarkdown(r.answer) }));
}

/** FAQ items in the spec's category order: product, delivery, order, subscription. */
export async function listFaqGrouped(): Promise<{ category: FaqCategory; items: FaqItem[] }[]> {
  const items = await listFaq();
  return FAQ_CATEGORIES.map((category) => ({
    category,
    items: items.filter((i) => i.category === category),
  })).filter((g) => g.items.length > 0);
}

export async function listTestimonials(): Promise<Testimonial[]> {
  return db
    .selectFrom("testimonials")
    .select(["id", "name", "location", "quote", "rating"])
    .orderBy("sortOrder")
    .execute();
}

export async function listSocialPosts(): Promise<SocialPost[]> {
  const rows = await db.selectFrom("socialPosts").selectAll().orderBy("sortOrder").execute();
  return rows.map((r) => ({
    id: r.id,
    handle: r.handle,
    caption: r.caption,
    image: { url: r.imageUrl, alt: r.imageAlt },
  }));
}

export async function getLocation(slug: string): Promise<LocationPost> {
  assertPlausibleSlug(slug, "Location");
  const row = await db
    .selectFrom("locationPosts")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Location ${slug}`);
  const data = JSON.parse(row.data) as Pick<
    LocationPost,
    "background" | "images" | "description" | "faq"
  >;
  return {
    slug: row.slug,
    title: row.title,
    location: row.location,
    metaDescription: row.metaDescription,
    content: sanitiseHtml(row.content),
    background: data.background,
    images: data.images ?? [],
    description: data.description,
    faq: cleanFaq(data.faq),
  };
}
