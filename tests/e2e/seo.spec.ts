// What search engines get (issue 37): robots.txt, sitemap.xml, and schema.org JSON-LD on the home
// page (Organization), the box pages and the add-ons page (Product with Offers in AUD).
import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./env";

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  // the markup escapes "<" inside the data: it parses as it is
  for (const t of texts) expect(t).not.toContain("<");
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test("robots.txt and sitemap.xml answer with the right types and content @http", async ({
  request,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await robots.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${E2E_BASE_URL}/</loc>`);
  expect(xml).toContain(`<loc>${E2E_BASE_URL}/faq</loc>`);
  expect(xml).toContain(
    `<loc>${E2E_BASE_URL}/recipe-post/scotch-fillet-with-garlic-thyme-butter</loc>`,
  );
  expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
});

test("the home page carries the shop as a schema.org Organization", async ({ page }) => {
  await page.goto("/");
  const [org] = (await jsonLd(page)).filter((d) => d["@type"] === "Organization");
  expect(org).toMatchObject({
    "@context": "https://schema.org",
    name: "Paddock & Tide",
    url: `${E2E_BASE_URL}/`,
    logo: `${E2E_BASE_URL}/images/logo-mark.svg`,
  });
});

test("how it works lists every box as a Product with an Offer per size in AUD", async ({
  page,
}) => {
  await page.goto("/how-it-works");
  const [list] = (await jsonLd(page)).filter((d) => d["@type"] === "ItemList");
  const items = (list.itemListElement as { item: Record<string, unknown> }[]).map((e) => e.item);
  expect(items.length).toBeGreaterThan(1);
  for (const item of items) {
    expect(item["@type"]).toBe("Product");
    expect(item.name).toEqual(expect.any(String));
    expect(item.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\//);
    const offers = ([] as Record<string, unknown>[]).concat(
      item.offers as Record<string, unknown>[],
    );
    for (const offer of offers)
      expect(offer).toMatchObject({
        "@type": "Offer",
        priceCurrency: "AUD",
        price: expect.stringMatching(/^\d+\.\d\d$/),
        availability: "https://schema.org/InStock",
      });
  }
});

test("the box size and add-on pages carry Product and Offer data", async ({ page }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    email: `seo.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    postcode: "2000",
    time: "day",
    box: "curated",
    size: "small",
    range: "Value",
    frequency: "28",
  }))
    form.append(name, value);
  const res = await page.request.post("/test-hooks/draft", { form });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto("/get-started/box-size");
  const [box] = (await jsonLd(page)).filter((d) => d["@type"] === "Product");
  expect(box.name).toEqual(expect.any(String));
  expect(box.description).toEqual(expect.any(String));
  const offers = box.offers as Record<string, unknown>[];
  expect(offers.length).toBe(2);
  for (const offer of offers) expect(offer).toMatchObject({ priceCurrency: "AUD" });

  await page.goto("/get-started/addons");
  const [list] = (await jsonLd(page)).filter((d) => d["@type"] === "ItemList");
  const addons = (list.itemListElement as { item: Record<string, unknown> }[]).map((e) => e.item);
  expect(addons.length).toBeGreaterThan(0);
  expect(addons[0]).toMatchObject({
    "@type": "Product",
    offers: { "@type": "Offer", priceCurrency: "AUD" },
  });
});
