// What search engines are told (issue 37): robots.txt and sitemap.xml. The sitemap lists every page
// a visitor can reach without signing in, every published post, recipe and location, each with its
// last edit as `lastmod`; drafts and posts whose publish date is still ahead never appear.
import { db } from "~/db/client.server";
import { readContentVersion } from "~/content/content-version.server";
import { contentVersion } from "~/content/version-watch.server";

export type SitemapEntry = { path: string; lastmod: string };

/** Paths no crawler needs: signed-in areas, checkout, JSON, the e2e suite's hooks, development tools. */
export const DISALLOWED = ["/admin", "/dashboard", "/checkout", "/api", "/test-hooks", "/dev"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** A slug as one URL path segment (slugs are plain today; an odd one must not break the URL). */
const segment = (slug: string) => encodeURIComponent(slug);

/** A stored timestamp as a W3C datetime, or null when it is not a date. */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** When the content version was made: its first part is the time in base 36 ("0": never). */
export function versionTime(version: string): string | null {
  const stamp = parseInt(version.split("-")[0] ?? "", 36);
  return version.includes("-") && Number.isFinite(stamp) && stamp > 0
    ? new Date(stamp).toISOString()
    : null;
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${xmlEscape(origin + e.path)}</loc><lastmod>${xmlEscape(e.lastmod)}</lastmod></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

const latest = (...dates: (string | null | undefined)[]) =>
  dates
    .map(w3cDate)
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1) ?? null;

/** Every page of the sitemap, with its last edit, read now. */
export async function sitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  const nowIso = now.toISOString();
  const [pages, faq, posts, categories, locations, seeded, version] = await Promise.all([
    db.selectFrom("pages").select(["key", "updatedAt"]).execute(),
    db
      .selectFrom("faqItems")
      .select((eb) => eb.fn.max("updatedAt").as("updatedAt"))
      .executeTakeFirst(),
    db
      .selectFrom("posts")
      .select(["id", "slug", "postType", "updatedAt", "publishedAt"])
      .where("status", "=", "published")
      .where("publishedAt", "is not", null)
      .where("publishedAt", "<=", nowIso)
      .orderBy("postType")
      .orderBy("publishedAt", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("categories")
      .select(["id", "slug"])
      .where("kind", "=", "recipe")
      .orderBy("id")
      .execute(),
    db.selectFrom("locationPosts").select(["slug", "updatedAt"]).orderBy("id").execute(),
    db.selectFrom("meta").select("value").where("key", "=", "seeded_at").executeTakeFirst(),
    readContentVersion(),
  ]);
  // pages with no row of their own changed last when the content did (or at the seed)
  const site = versionTime(version) ?? w3cDate(seeded?.value) ?? nowIso;
  const page = (key: string) => latest(pages.find((p) => p.key === key)?.updatedAt) ?? site;
  const newest = (type: "news" | "recipe" | null) =>
    latest(...posts.filter((p) => type === null || p.postType === type).map((p) => p.updatedAt)) ??
    site;

  const recipeCategory = new Map<number, string>();
  if (categories.length && posts.length) {
    const links = await db
      .selectFrom("postCategories")
      .innerJoin("posts", "posts.id", "postCategories.postId")
      .select(["postCategories.categoryId", "posts.updatedAt"])
      .where("posts.status", "=", "published")
      .where("posts.publishedAt", "<=", nowIso)
      .where("posts.postType", "=", "recipe")
      .execute();
    for (const l of links) {
      const was = recipeCategory.get(l.categoryId);
      recipeCategory.set(l.categoryId, latest(was, l.updatedAt) ?? site);
    }
  }

  return [
    { path: "/", lastmod: page("homepage") },
    { path: "/how-it-works", lastmod: page("concept") },
    { path: "/sourcing", lastmod: site },
    { path: "/why-us", lastmod: site },
    { path: "/delivery", lastmod: site },
    { path: "/faq", lastmod: latest(faq?.updatedAt) ?? site },
    { path: "/get-started", lastmod: site },
    { path: "/gift-cards", lastmod: site },
    { path: "/terms", lastmod: page("terms") },
    { path: "/privacy-policy", lastmod: page("privacy-policy") },
    { path: "/refund-and-returns-policy", lastmod: page("refund-policy") },
    { path: "/blog", lastmod: newest(null) },
    { path: "/blog/news", lastmod: newest("news") },
    { path: "/blog/recipes", lastmod: newest("recipe") },
    ...categories.map((c) => ({
      path: `/blog-recipes/${segment(c.slug)}`,
      lastmod: recipeCategory.get(c.id) ?? site,
    })),
    ...posts.map((p) => ({
      path: `/${p.postType === "recipe" ? "recipe-post" : "blog-post"}/${segment(p.slug)}`,
      lastmod: latest(p.updatedAt, p.publishedAt) ?? site,
    })),
    ...locations.map((l) => ({
      path: `/locations/${segment(l.slug)}`,
      lastmod: latest(l.updatedAt) ?? site,
    })),
  ];
}

/** How long a sitemap built now stays right: until the content moves or a scheduled post goes live. */
async function nextPublishAt(nowIso: string): Promise<number> {
  const row = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.min("publishedAt").as("at"))
    .where("status", "=", "published")
    .where("publishedAt", ">", nowIso)
    .executeTakeFirst();
  const at = row?.at ? new Date(row.at).getTime() : NaN;
  return Number.isNaN(at) ? Infinity : at;
}

let memo: { version: string; until: number; xmlFor: Map<string, string> } | null = null;
const MEMO_MS = 60_000;

/** Forgets the sitemaps built: for tests that change databases (see forgetContentVersion). */
export function forgetSitemap(): void {
  memo = null;
}

/**
 * The sitemap for `origin`, built once per content version in each worker (a crawler asking every
 * few seconds costs one indexed read a second), and again when a scheduled post goes live.
 */
export async function sitemapFor(origin: string, now = new Date()): Promise<string> {
  const version = await contentVersion();
  if (!memo || memo.version !== version || now.getTime() >= memo.until) {
    const nowIso = now.toISOString();
    memo = {
      version,
      until: Math.min(now.getTime() + MEMO_MS, await nextPublishAt(nowIso)),
      xmlFor: new Map(),
    };
  }
  let xml = memo.xmlFor.get(origin);
  if (xml === undefined) {
    xml = sitemapXml(origin, await sitemapEntries(now));
    if (memo.xmlFor.size < 4) memo.xmlFor.set(origin, xml);
  }
  return xml;
}
