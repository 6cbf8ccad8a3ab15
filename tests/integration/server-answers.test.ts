// What the server answers, checked without a browser (decision 076): statuses, headers, the error
// pages, schema.org JSON-LD, robots.txt and sitemap.xml, and the session's idle limit, through the
// run's production build served in this process (./built-server.ts) on the suite's database. These
// checks were e2e tests that ran a browser twice (JavaScript on and off) for answers that are the
// same either way; each keeps its assertions, and its old spec and name are given above it.
// SQLite, and PostgreSQL with DATABASE_URL_TEST.
import { sql } from "kysely";

// the build reads its environment as it loads: the error test route (/test-hooks/error) as in e2e
process.env.E2E_TEST_ROUTES = "1";
afterAll(() => {
  delete process.env.E2E_TEST_ROUTES;
});

const { db } = await import("~/db/client.server");
const { createStaff, createStaffSession, createSubscriber, createUser } =
  await import("../factories");
const { staffCookie } = await import("~/staff/staff-session.server");
const { signInAs } = await import("./http-helpers");
const { builtServerForThisFile } = await import("./built-server");
const { dom } = await import("./html-dom");

const server = builtServerForThisFile();

const DAY = 86_400_000;

/** The text of markup, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
/** The page's level-one headings' text. */
const h1s = (html: string) =>
  [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]));
/** The href of each link whose text is `name`. */
const linkHrefs = (html: string, name: string) =>
  [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter((m) => textOf(m[2]) === name)
    .map((m) => /\bhref="([^"]*)"/.exec(m[1])?.[1]?.replace(/&amp;/g, "&") ?? null);
/** The main navigation's markup. */
const mainNav = (html: string) =>
  /<nav\b[^>]*aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";

/** The JSON-LD blocks of a page, each parsed; the markup escapes "<" inside the data. */
function jsonLd(html: string): Record<string, unknown>[] {
  const texts = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1]);
  for (const t of texts) expect(t).not.toContain("<");
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

const CONTENT_PAGES: {
  path: string;
  h1: RegExp | string;
  title: RegExp;
  content: (string | RegExp)[];
}[] = [
  {
    path: "/",
    h1: "Australian meat & wild-caught seafood, delivered",
    title: /^Home \|/,
    content: [
      "Build your box",
      "Three steps to a better freezer",
      "Custom box",
      "Value box",
      "Loved in kitchens around Australia",
      "From your kitchens",
      "Am I locked in?",
    ],
  },
  {
    path: "/how-it-works",
    h1: "Great meat and seafood, without the trip",
    title: /^How it works \|/,
    content: [
      "Custom small",
      "Curated large",
      "Certified from paddock and boat",
      "Wild-caught seafood",
      "Which size is right for me?",
    ],
  },
  {
    path: "/why-us",
    h1: "Better meat for about what you spend now",
    title: /^Why us \|/,
    content: ["Household meat spend compared", "$173", "$229", "$247", "$325", "$40", "$75"],
  },
  {
    path: "/sourcing",
    h1: "Where our food comes from",
    title: /^Sourcing \|/,
    content: ["From the paddock", "From the tide", "Meet the people behind your box"],
  },
  {
    path: "/delivery",
    h1: "Where and when we deliver",
    title: /^Delivery \|/,
    content: [
      "Sydney metro",
      "Tuesday and Thursday",
      "hello@paddockandtide.com.au",
      "1300 975 707",
    ],
  },
  {
    path: "/blog",
    h1: "Recipes and news",
    title: /^Recipes and news \|/,
    content: ["Highlight recipe", "Latest articles"],
  },
  {
    path: "/blog/recipes",
    h1: "Recipes",
    title: /^Recipes \|/,
    content: ["Highlight recipe", "All recipes"],
  },
  {
    path: "/blog/news",
    h1: "News",
    title: /^News \|/,
    content: ["Latest news", "Christmas 2026: delivery schedule and ordering tips"],
  },
  {
    path: "/blog-recipes/seafood",
    h1: "Seafood recipes",
    title: /^Seafood recipes \|/,
    content: ["Crispy fish tacos with lime slaw"],
  },
  {
    path: "/blog-post/how-we-pack-your-box",
    h1: "How we pack your box so it arrives cold",
    title: /^How we pack your box so it arrives cold \|/,
    content: ["Step by step", "By Priya Nair", "Featured recipes"],
  },
  {
    path: "/recipe-post/beef-massaman-curry",
    h1: "Beef massaman curry",
    title: /^Beef massaman curry \|/,
    content: ["Ingredients", "Directions", "25 min", "150 min", "Featured recipes"],
  },
  {
    path: "/locations/sydney",
    h1: "Meat and seafood delivery in Sydney",
    title: /Sydney/,
    content: ["Build your box for Sydney delivery", "Which Sydney suburbs do you deliver to?"],
  },
  { path: "/locations/hobart", h1: /Hobart/, title: /Hobart/, content: [/Hobart/] },
  {
    path: "/faq",
    h1: "Frequently asked questions",
    title: /^FAQ \|/,
    content: [
      "Product",
      "Delivery",
      "Order",
      "Subscription",
      "hello@paddockandtide.com.au",
      "1300 975 707",
    ],
  },
  {
    path: "/terms",
    h1: "Terms and conditions",
    title: /^Terms and conditions \|/,
    content: ["About us", "Subscriptions"],
  },
  {
    path: "/privacy-policy",
    h1: "Privacy policy",
    title: /^Privacy policy \|/,
    content: [/personal information/i],
  },
  {
    path: "/refund-and-returns-policy",
    h1: "Refund and returns policy",
    title: /^Refund and returns policy \|/,
    content: [/refund/i],
  },
];

async function page(path: string, cookie?: string) {
  const res = await server.get(path, cookie ? { Cookie: cookie } : {});
  return { res, status: res.status, html: await res.text() };
}

describe("the layout and the error states (was tests/e2e/layout.spec.ts)", () => {
  // layout.spec.ts: "every page carries the brand title and security headers"
  it("every page carries the brand title and security headers", async () => {
    const { res, html } = await page("/");
    expect(textOf(/<title>([\s\S]*?)<\/title>/.exec(html)![1])).toMatch(
      /Paddock & Tide - Australian meat & wild-caught seafood, delivered/,
    );
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  // layout.spec.ts: "unknown pages show the not-found page with status 404"
  it("unknown pages show the not-found page with status 404", async () => {
    const { status, html } = await page("/no-such-page/at-all");
    expect(status).toBe(404);
    expect(h1s(html)).toContain("We couldn't find that page");
    expect(linkHrefs(html, "Build your box").length).toBeGreaterThan(0);
  });

  // layout.spec.ts: "status 401 shows …" and "status 419 shows the session-expired state with a sign-in link back here"
  for (const code of [401, 419])
    it(`status ${code} shows the session-expired state with a sign-in link back here`, async () => {
      const path = `/test-hooks/error?status=${code}`;
      const { status, html } = await page(path);
      expect(status).toBe(code);
      expect(h1s(html)).toContain("Your session has expired");
      expect(linkHrefs(html, "Sign in again")).toContain(
        `/sign-in?destination=${encodeURIComponent(path)}`,
      );
    });

  // layout.spec.ts: "/healthz checks the database and reports the age of the oldest due job"
  it("/healthz checks the database and reports the age of the oldest due job", async () => {
    const res = await server.get("/healthz");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.jobs.oldestDueAgeSeconds).toEqual(expect.any(Number));
  });

  // layout.spec.ts: "footer links every public page, the support contact and the v=2 call to action"
  it("the footer links every public page, the support contact and the v=2 call to action", async () => {
    const { html } = await page("/");
    const { all, one, text } = dom(html);
    const footer = one((e) => e.name === "footer" && /\bsite-footer\b/.test(e.attribs.class ?? ""));
    const links = all((e) => e.name === "a", [footer]);
    const hrefs = (name: string, exact = true) =>
      links
        .filter((a) => (exact ? text(a) === name : text(a).includes(name)))
        .map((a) => a.attribs.href);
    expect(hrefs("Get started", false)).toEqual(["/get-started?v=2"]);
    for (const [name, href] of [
      ["Terms and conditions", "/terms"],
      ["Privacy policy", "/privacy-policy"],
      ["Refund and returns policy", "/refund-and-returns-policy"],
      ["FAQ", "/faq"],
      ["Delivery", "/delivery"],
      ["Sourcing", "/sourcing"],
    ] as const)
      expect(hrefs(name)).toEqual([href]);
    expect(hrefs("hello@paddockandtide.com.au")).toEqual(["mailto:hello@paddockandtide.com.au"]);
    expect(hrefs("1300 975 707")).toEqual(["tel:1300975707"]);
  });
});

describe("content pages (was tests/e2e/content-pages.spec.ts)", () => {
  // content-pages.spec.ts: "the recipe page carries schema.org Recipe JSON-LD"
  it("the recipe page carries schema.org Recipe JSON-LD", async () => {
    const { html } = await page("/recipe-post/scotch-fillet-with-garlic-thyme-butter");
    const [json] = jsonLd(html) as { recipeIngredient: unknown[] }[];
    expect(json).toMatchObject({
      "@type": "Recipe",
      name: "Scotch fillet with garlic and thyme butter",
      prepTime: "PT10M",
      cookTime: "PT15M",
    });
    expect(json.recipeIngredient.length).toBe(9);
  });

  // content-pages.spec.ts: "${path} is a 404 page", one test per path
  for (const path of [
    "/blog/everything",
    "/blog-recipes/dessert",
    "/blog-post/no-such-post",
    "/recipe-post/no-such-recipe",
    "/blog-post/beef-massaman-curry",
    "/recipe-post/how-we-pack-your-box",
    "/locations/darwin",
  ])
    it(`${path} is a 404 page`, async () => {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(h1s(html)).toContain("We couldn't find that page");
    });

  // content-pages.spec.ts: "${path} shows its heading, content and meta", one test per page (the
  // spec's JS-on run read these from the server's HTML; a browser added nothing to them)
  for (const p of CONTENT_PAGES)
    it(`${p.path} shows its heading, content and meta`, async () => {
      const { status, html } = await page(p.path);
      expect(status).toBe(200);
      const { all, one, text } = dom(html);
      const h1 = text(one((e) => e.name === "h1"));
      if (typeof p.h1 === "string") expect(h1).toBe(p.h1);
      else expect(h1).toMatch(p.h1);
      expect(text(one((e) => e.name === "title"))).toMatch(p.title);
      const description = one((e) => e.name === "meta" && e.attribs.name === "description");
      expect(description.attribs.content).toMatch(/.{40,}/);
      const main = one((e) => e.name === "main");
      const mainText = text(main);
      for (const wanted of p.content) {
        if (typeof wanted === "string")
          expect(mainText.toLowerCase()).toContain(wanted.toLowerCase());
        else expect(mainText).toMatch(wanted);
      }
      // every image has dimensions, so nothing shifts as it loads
      const undimensioned = all(
        (e) =>
          e.name === "img" && (e.attribs.width === undefined || e.attribs.height === undefined),
        [main],
      );
      expect(undimensioned.map((e) => e.attribs.src)).toEqual([]);
    });

  // content-pages.spec.ts: "the featured recipes list shows at most 5 entries and leaves out the recipe being read"
  it("the featured recipes list shows at most 5 entries and leaves out the recipe being read", async () => {
    const { html } = await page("/recipe-post/scotch-fillet-with-garlic-thyme-butter");
    const { all, text, region } = dom(html);
    const featured = region("Featured recipes");
    const items = all((e) => e.name === "li", [featured]).map(text);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(items.filter((t) => t.includes("Scotch fillet with garlic and thyme butter"))).toEqual(
      [],
    );
  });

  // content-delivery-faq.spec.ts: "FAQ page groups questions by product, delivery, order and subscription"
  it("the FAQ groups questions by product, delivery, order and subscription", async () => {
    const { html } = await page("/faq");
    const { all, one, text } = dom(html);
    const main = one((e) => e.name === "main");
    expect(
      all((e) => e.name === "h2", [main])
        .map(text)
        .slice(0, 4),
    ).toEqual(["Product", "Delivery", "Order", "Subscription"]);
  });

  // content-delivery-faq.spec.ts: "a region link opens filtered, and shows the support contact"
  it("a delivery region link opens filtered, and shows the support contact", async () => {
    const { html } = await page("/delivery?region=tas");
    const { all, one, text } = dom(html);
    const body = one((e) => e.name === "tbody");
    const rows = all((e) => e.name === "tr", [body]).map(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Hobart");
    const links = all((e) => e.name === "a");
    expect(links.find((a) => text(a) === "hello@paddockandtide.com.au")?.attribs.href).toBe(
      "mailto:hello@paddockandtide.com.au",
    );
    expect(links.find((a) => text(a) === "1300 975 707")?.attribs.href).toBe("tel:1300975707");
  });

  // content-pages.spec.ts: "location pages use mobile and desktop background sources"
  it("location pages use mobile and desktop background sources", async () => {
    const { html } = await page("/locations/melbourne");
    const { one } = dom(html);
    const hero = one((e) => e.name === "header" && /\blocation-hero\b/.test(e.attribs.class ?? ""));
    const picture = one((e) => e.name === "picture", [hero]);
    expect(one((e) => e.name === "source", [picture]).attribs.srcset).toMatch(/desktop\.svg$/);
    expect(one((e) => e.name === "img", [picture]).attribs.src).toMatch(/mobile\.svg$/);
  });
});

describe("what search engines get (was tests/e2e/seo.spec.ts)", () => {
  // seo.spec.ts: "robots.txt and sitemap.xml answer with the right types and content"
  it("robots.txt and sitemap.xml answer with the right types and content", async () => {
    const robots = await server.get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain(`Sitemap: ${server.base}/sitemap.xml`);

    const sitemap = await server.get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${server.base}/</loc>`);
    expect(xml).toContain(`<loc>${server.base}/faq</loc>`);
    expect(xml).toContain(
      `<loc>${server.base}/recipe-post/scotch-fillet-with-garlic-thyme-butter</loc>`,
    );
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  // seo.spec.ts: "the home page carries the shop as a schema.org Organization"
  it("the home page carries the shop as a schema.org Organization", async () => {
    const [org] = jsonLd((await page("/")).html).filter((d) => d["@type"] === "Organization");
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      name: "Paddock & Tide",
      url: `${server.base}/`,
      logo: `${server.base}/images/logo-mark.svg`,
    });
  });

  // seo.spec.ts: "how it works lists every box as a Product with an Offer per size in AUD"
  it("how it works lists every box as a Product with an Offer per size in AUD", async () => {
    const [list] = jsonLd((await page("/how-it-works")).html).filter(
      (d) => d["@type"] === "ItemList",
    );
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

  // seo.spec.ts: "the box size and add-on pages carry Product and Offer data"
  it("the box size and add-on pages carry Product and Offer data", async () => {
    const form = new URLSearchParams({
      email: `seo.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      postcode: "2000",
      time: "day",
      box: "curated",
      size: "small",
      range: "Value",
      frequency: "28",
    });
    const drafted = await fetch(`${server.base}/test-hooks/draft`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(drafted.status, await drafted.text()).toBe(200);
    const cookie = drafted.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const [box] = jsonLd((await page("/get-started/box-size", cookie)).html).filter(
      (d) => d["@type"] === "Product",
    );
    expect(box.name).toEqual(expect.any(String));
    expect(box.description).toEqual(expect.any(String));
    const offers = box.offers as Record<string, unknown>[];
    expect(offers.length).toBe(2);
    for (const offer of offers) expect(offer).toMatchObject({ priceCurrency: "AUD" });

    const [list] = jsonLd((await page("/get-started/addons", cookie)).html).filter(
      (d) => d["@type"] === "ItemList",
    );
    const addons = (list.itemListElement as { item: Record<string, unknown> }[]).map((e) => e.item);
    expect(addons.length).toBeGreaterThan(0);
    expect(addons[0]).toMatchObject({
      "@type": "Product",
      offers: { "@type": "Offer", priceCurrency: "AUD" },
    });
  });
});

describe("session expiry (was tests/e2e/accounts-session.spec.ts)", () => {
  /** A user signed in as sign-in leaves them: a session row and its signed cookie. */
  async function signedIn() {
    const user = await createUser(db, { password: "Correct-Horse-42" });
    const client = await signInAs(user.email);
    return { user, cookie: client.cookie };
  }
  /** Makes the user's session look `days` old with no use recorded since it began. */
  const sessionBegan = (userId: number, days: number) =>
    sql`update sessions set created_at = ${new Date(Date.now() - days * DAY).toISOString()} where user_id = ${userId}`.execute(
      db,
    );
  const lastSeenAt = async (userId: number) =>
    (
      await db
        .selectFrom("sessions")
        .select("lastSeenAt")
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow()
    ).lastSeenAt;

  // accounts-session.spec.ts: "an expired session row counts as ended"
  it("an expired session row counts as ended", async () => {
    const { user, cookie } = await signedIn();
    await db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", user.id)
      .execute();
    const { status, html } = await page("/dashboard/my-deliveries?newuser=1", cookie);
    expect(status).toBe(401);
    expect(linkHrefs(html, "Sign in again")).toContain(
      `/sign-in?destination=${encodeURIComponent("/dashboard/my-deliveries?newuser=1")}`,
    );
  });

  // accounts-session.spec.ts: "a session unused for 14 days is refused: the session-expired state, then the sign-in page as for a visitor"
  it("a session unused for 14 days is refused: the session-expired state, then the sign-in page as for a visitor", async () => {
    const { user, cookie } = await signedIn();
    await sessionBegan(user.id, 15);
    const refused = await page("/dashboard/my-deliveries", cookie);
    expect(refused.status).toBe(401);
    expect(h1s(refused.html)).toContain("Your session has expired");

    const signIn = await page("/sign-in", cookie);
    expect(signIn.status).toBe(200); // not sent on: the page itself, as for a visitor
    expect(h1s(signIn.html)).toContain("Sign in");
    const nav = mainNav(signIn.html);
    expect(linkHrefs(nav, "Sign in").length).toBeGreaterThan(0);
    expect(textOf(nav)).not.toContain("My account");
  });

  // accounts-session.spec.ts: "each use slides the idle limit, and a use is written down at most once an hour"
  it("each use slides the idle limit, and a use is written down at most once an hour", async () => {
    const { user, cookie } = await signedIn();
    await sessionBegan(user.id, 13);
    const before = new Date().toISOString();
    expect((await page("/dashboard/my-deliveries", cookie)).status).toBe(200);
    const recorded = await lastSeenAt(user.id);
    expect(recorded! >= before).toBe(true);
    expect((await page("/dashboard/my-deliveries", cookie)).status).toBe(200);
    expect(await lastSeenAt(user.id)).toBe(recorded);

    // 20 days since it began, but used just now: still signed in
    await sessionBegan(user.id, 20);
    const still = await page("/dashboard/my-deliveries", cookie);
    expect(still.status).toBe(200);
    expect(h1s(still.html)).toContain("G'day, Sam");
  });
});

describe("another's data and a role without the permission (was tests/e2e/admin-*.spec.ts, dashboard-change.spec.ts)", () => {
  /** A member of staff with both sign-in steps done, as the `__staff` cookie pair. */
  async function staffMember(role: "packer" | "support") {
    const member = await createStaff(db, { role });
    const token = await createStaffSession(db, member.id);
    return (await staffCookie.serialize(token)).split(";")[0];
  }

  // admin-customers.spec.ts: "a packer gets 403 on the customer and payment pages"
  it("a packer gets 403 on the customer and payment pages", async () => {
    const cookie = await staffMember("packer");
    for (const path of ["/admin/customers", "/admin/payments"])
      expect([path, (await server.get(path, { Cookie: cookie })).status]).toEqual([path, 403]);
  });

  // admin-orders.spec.ts: "a packer cannot open orders"
  it("a packer cannot open orders", async () => {
    const cookie = await staffMember("packer");
    expect((await server.get("/admin/orders", { Cookie: cookie })).status).toBe(403);
  });

  // admin-packing.spec.ts: "support cannot open packing day"
  it("support cannot open packing day", async () => {
    const cookie = await staffMember("support");
    expect((await server.get("/admin/deliveries", { Cookie: cookie })).status).toBe(403);
  });

  // dashboard-change.spec.ts: "another subscriber's subscription answers 404"
  it("another subscriber's subscription answers 404", async () => {
    const a = await createSubscriber(db);
    const b = await createSubscriber(db, { user: { firstName: "Ben" } });
    const { cookie } = await signInAs(a.email);
    const res = await server.get(
      `/dashboard/my-deliveries/change?subscription=${b.subscriptionId}`,
      { Cookie: cookie },
    );
    expect(res.status).toBe(404);
  });
});
