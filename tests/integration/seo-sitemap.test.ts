// robots.txt and sitemap.xml through their route loaders: what is listed (published pages, posts,
// recipes, locations), what never is (drafts, posts whose publish date is ahead), lastmod following
// an edit, escaping, content type and caching.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { bumpContentVersion } from "~/content/content-version.server";
import { sitemapEntries, sitemapXml, xmlEscape } from "~/seo/sitemap.server";
import * as robots from "~/routes/robots[.]txt";
import * as sitemap from "~/routes/sitemap[.]xml";

type Loader = (args: LoaderFunctionArgs) => Promise<Response> | Response;
const ORIGIN = "https://shop.example.com.au";

async function get(loader: unknown, path: string, headers: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, { headers });
  return (loader as Loader)({ request, params: {}, context: {} });
}

/** loc → lastmod of the sitemap now. */
async function sitemapUrls(): Promise<Map<string, string>> {
  const xml = await (await get(sitemap.loader, "/sitemap.xml")).text();
  const urls = new Map<string, string>();
  for (const m of xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g))
    urls.set(m[1], m[2]);
  return urls;
}

async function clonePost(
  type: "news" | "recipe",
  slug: string,
  values: { status: "draft" | "published"; publishedAt: string | null },
) {
  const source = await db
    .selectFrom("posts")
    .selectAll()
    .where("postType", "=", type)
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = source;
  const now = new Date().toISOString();
  const row = await db
    .insertInto("posts")
    .values({ ...rest, slug, title: `Test ${slug}`, createdAt: now, updatedAt: now, ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("robots.txt", () => {
  it("allows the shop, keeps crawlers out of private areas and names the sitemap by its absolute URL", async () => {
    const res = await get(robots.loader, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const path of ["/admin", "/dashboard", "/checkout", "/api", "/test-hooks", "/dev"])
      expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    expect(text).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, "m"));
  });

  it("uses APP_ORIGIN when set, whatever the Host says", async () => {
    const was = process.env.APP_ORIGIN;
    process.env.APP_ORIGIN = "https://www.paddockandtide.com.au";
    try {
      const text = await (await get(robots.loader, "/robots.txt")).text();
      expect(text).toContain("Sitemap: https://www.paddockandtide.com.au/sitemap.xml");
    } finally {
      if (was === undefined) delete process.env.APP_ORIGIN;
      else process.env.APP_ORIGIN = was;
    }
  });
});

describe("sitemap.xml", () => {
  it("is XML with every public page, published post, recipe and location, each with a lastmod", async () => {
    const res = await get(sitemap.loader, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = await sitemapUrls();
    for (const path of [
      "/",
      "/how-it-works",
      "/sourcing",
      "/why-us",
      "/delivery",
      "/faq",
      "/get-started",
      "/gift-cards",
      "/terms",
      "/privacy-policy",
      "/refund-and-returns-policy",
      "/blog",
      "/blog/news",
      "/blog/recipes",
    ])
      expect(urls.has(`${ORIGIN}${path}`), path).toBe(true);
    for (const lastmod of urls.values())
      expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const posts = await db
      .selectFrom("posts")
      .select(["slug", "postType"])
      .where("status", "=", "published")
      .execute();
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      const base = p.postType === "recipe" ? "recipe-post" : "blog-post";
      expect(urls.has(`${ORIGIN}/${base}/${p.slug}`), p.slug).toBe(true);
    }
    const locations = await db.selectFrom("locationPosts").select("slug").execute();
    expect(locations.length).toBeGreaterThan(0);
    for (const l of locations) expect(urls.has(`${ORIGIN}/locations/${l.slug}`)).toBe(true);
    for (const c of await db
      .selectFrom("categories")
      .select("slug")
      .where("kind", "=", "recipe")
      .execute())
      expect(urls.has(`${ORIGIN}/blog-recipes/${c.slug}`)).toBe(true);
    // private areas never
    for (const loc of urls.keys()) expect(loc).not.toMatch(/\/(admin|dashboard|checkout|api)\b/);
  });

  it("never lists a draft or a post whose publish date is still ahead; lists a post once published", async () => {
    const ahead = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const draftId = await clonePost("news", "sitemap-draft", {
      status: "draft",
      publishedAt: null,
    });
    await clonePost("recipe", "sitemap-draft-dated", {
      status: "draft",
      publishedAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    await clonePost("news", "sitemap-scheduled", { status: "published", publishedAt: ahead });
    // built now, not remembered: the drafts and the scheduled post are in the table, not in the list
    const paths = (await sitemapEntries()).map((e) => e.path);
    expect(paths.filter((p) => p.includes("sitemap-"))).toEqual([]);
    expect(paths.length).toBeGreaterThan(14);
    await bumpContentVersion();
    const xml = await (await get(sitemap.loader, "/sitemap.xml")).text();
    expect(xml).not.toContain("sitemap-draft");
    expect(xml).not.toContain("sitemap-scheduled");

    const publishedAt = new Date(Date.now() - 60_000).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("posts")
        .set({ status: "published", publishedAt, updatedAt: publishedAt })
        .where("id", "=", draftId)
        .execute();
      await bumpContentVersion(trx);
    });
    await expect
      .poll(async () => (await sitemapUrls()).get(`${ORIGIN}/blog-post/sitemap-draft`), {
        timeout: 5_000,
      })
      .toBe(publishedAt);
    const after = await (await get(sitemap.loader, "/sitemap.xml")).text();
    expect(after).not.toContain("sitemap-draft-dated");
    expect(after).not.toContain("sitemap-scheduled");
  });

  it("lastmod follows an edit of a post, a location, the FAQ and a legal page", async () => {
    const post = await db
      .selectFrom("posts")
      .select(["id", "slug"])
      .where("postType", "=", "recipe")
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    const location = await db
      .selectFrom("locationPosts")
      .select(["id", "slug"])
      .executeTakeFirstOrThrow();
    const faq = await db.selectFrom("faqItems").select("id").executeTakeFirstOrThrow();
    const editedAt = new Date(Date.now() + 3_000).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("posts")
        .set({ updatedAt: editedAt })
        .where("id", "=", post.id)
        .execute();
      await trx
        .updateTable("locationPosts")
        .set({ updatedAt: editedAt })
        .where("id", "=", location.id)
        .execute();
      await trx
        .updateTable("faqItems")
        .set({ updatedAt: editedAt })
        .where("id", "=", faq.id)
        .execute();
      await trx
        .updateTable("pages")
        .set({ updatedAt: editedAt })
        .where("key", "=", "terms")
        .execute();
      await bumpContentVersion(trx);
    });
    await expect
      .poll(async () => (await sitemapUrls()).get(`${ORIGIN}/recipe-post/${post.slug}`), {
        timeout: 5_000,
      })
      .toBe(editedAt);
    const urls = await sitemapUrls();
    expect(urls.get(`${ORIGIN}/locations/${location.slug}`)).toBe(editedAt);
    expect(urls.get(`${ORIGIN}/faq`)).toBe(editedAt);
    expect(urls.get(`${ORIGIN}/terms`)).toBe(editedAt);
    expect(urls.get(`${ORIGIN}/blog/recipes`)).toBe(editedAt);
  });

  it("answers If-None-Match with 304 while unchanged", async () => {
    const first = await get(sitemap.loader, "/sitemap.xml");
    const etag = first.headers.get("etag")!;
    const again = await get(sitemap.loader, "/sitemap.xml", { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("escapes what XML needs escaped", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const xml = sitemapXml("https://x.example", [{ path: "/p?a=1&b=2", lastmod: "2026-01-01" }]);
    expect(xml).toContain("<loc>https://x.example/p?a=1&amp;b=2</loc>");
  });
});
