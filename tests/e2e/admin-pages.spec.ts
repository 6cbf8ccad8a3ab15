// Every back-office page (issue 36), signed in as the owner, with data in each list: axe finds no
// serious violations at a phone's and a desk's width (without JavaScript: where the markup differs),
// and the server's HTML validates with the Nu checker (once, @http), the catalogue's and stock's too.
import { createStaffMember, signInStaff, trackedProduct } from "./admin-helpers";
import { expectNoSeriousViolations } from "./a11y";
import { createSubscriber, e2eDb, expect, jsEnabled, test } from "./fixtures";
import { E2E_BASE_URL } from "./env";
import { nuErrors } from "./nu-checker";

type Data = Awaited<ReturnType<typeof createSubscriber>>;

/** The back office's pages that show data; the subscriber's own order and customer pages among them. */
function adminPages(s: Data): string[] {
  return [
    "/admin",
    "/admin/audit",
    "/admin/deliveries",
    `/admin/deliveries/${s.nextDate}`,
    "/admin/orders",
    `/admin/orders?q=${encodeURIComponent(s.email)}`,
    `/admin/orders/${s.orderReference}`,
    "/admin/customers",
    `/admin/customers?q=${encodeURIComponent(s.email)}`,
    `/admin/customers/${s.id}`,
    "/admin/payments",
    "/admin/gift-cards",
  ];
}

/**
 * Part 2's pages whose own specs run axe but not the Nu checker (issue 37): discount codes and the
 * content editor; the catalogue's and stock's are cataloguePages (once their specs' own checks, moved
 * here so one checker run validates the back office), the numbers spec validates its own.
 */
const PART_TWO_PAGES = [
  "/admin/discounts",
  "/admin/discounts/new",
  "/admin/discounts/1",
  "/admin/content",
  "/admin/content/posts",
  "/admin/content/posts?type=recipe",
  "/admin/content/posts/1",
  "/admin/content/posts/new",
  "/admin/content/faq",
  "/admin/content/faq/new",
  "/admin/content/pages/terms",
  "/admin/content/home",
];

/** The catalogue's pages (a product with an image, a custom and a curated box) and stock, with a tracked product. */
async function catalogueAndStockPages(): Promise<string[]> {
  const db = e2eDb();
  const slug = (s: string) =>
    db.selectFrom("packages").select("id").where("slug", "=", s).executeTakeFirstOrThrow();
  const bacon = await db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", "addon-bacon")
    .executeTakeFirstOrThrow();
  await trackedProduct(3);
  return [
    "/admin/catalogue",
    "/admin/catalogue/products/new",
    `/admin/catalogue/products/${bacon.id}`,
    `/admin/catalogue/boxes/${(await slug("custom")).id}`,
    `/admin/catalogue/boxes/${(await slug("beef")).id}`,
    "/admin/catalogue/stock",
  ];
}

/** The staff pages (issue 44): the list, the owner's own member page, the recovery codes. */
const staffPages = (ownerId: number) => [
  "/admin/staff",
  `/admin/staff/${ownerId}`,
  `/admin/staff/${ownerId}?confirm=disable`,
  "/admin/recovery-codes",
];

/**
 * The one back-office page whose markup differs without JavaScript: packing day renders its packing
 * controls by a hydrated flag. The others render nothing by a flag or an effect (a status message's
 * effect only moves focus), so their JS-off audit would audit what the JS audit already did.
 */
const differsWithoutJs = (url: string) => /^\/admin\/deliveries\/\d{4}-\d\d-\d\d$/.test(url);

test.describe("back-office pages", () => {
  // three tests, so workers share the axe runs: 16 pages at two widths took over 2 minutes on CI;
  // without JavaScript only the overview's group runs (the others are @reads), for packing day alone
  const groups = {
    "the overview, audit, packing and order pages": {
      pagesOf: (s: Data) => adminPages(s).slice(0, 7),
      tag: [],
    },
    "the customer, failed-payment and gift-card pages": {
      pagesOf: (s: Data) => adminPages(s).slice(7),
      tag: ["@reads"],
    },
    "the staff pages": {
      pagesOf: (_s: Data, ownerId: number) => staffPages(ownerId),
      tag: ["@reads"],
    },
  };
  for (const [group, { pagesOf, tag }] of Object.entries(groups)) {
    test(
      `${group} answer 200 and have no serious axe violations at 390 and 1440 px wide`,
      { tag },
      async ({ page }) => {
        test.setTimeout(120_000);
        const subscriber = await createSubscriber();
        const owner = await createStaffMember("owner");
        await signInStaff(page, owner);
        const urls = pagesOf(subscriber, owner.id).filter(
          (url) => jsEnabled() || differsWithoutJs(url),
        );
        expect(urls.length).toBeGreaterThan(0);
        // without JavaScript axe audits the server's HTML in a copy of its own: one width is enough there
        for (const width of jsEnabled() ? [390, 1440] : [1440]) {
          await page.setViewportSize({ width, height: 900 });
          for (const url of urls) {
            const res = await page.goto(url);
            expect(res?.status(), url).toBe(200);
            await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
            await expectNoSeriousViolations(page);
          }
        }
      },
    );
  }

  test("validate with the Nu HTML checker", { tag: "@http" }, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const subscriber = await createSubscriber();
    const owner = await createStaffMember("owner");
    await signInStaff(page, owner);
    const pages: Record<string, string> = {};
    const catalogue = await catalogueAndStockPages();
    const urls = [
      ...adminPages(subscriber),
      ...PART_TWO_PAGES,
      ...catalogue,
      ...staffPages(owner.id),
    ];
    for (const url of urls) {
      const res = await page.request.get(url);
      expect(res.status(), url).toBe(200);
      pages[url] = await res.text();
    }
    // the sign-in's three steps, in a browser of their own
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    const staff = await createStaffMember("support", { totpSecret: null });
    const signIn = await other.request.get("/admin/sign-in");
    pages["/admin/sign-in"] = await signIn.text();
    await other.goto("/admin/sign-in");
    await other.getByLabel("Email address").fill(staff.email);
    await other.getByLabel("Password").fill(staff.password);
    await other.getByRole("button", { name: "Continue" }).click();
    await expect(other.getByRole("heading", { name: "Set up your authenticator" })).toBeVisible();
    pages["/admin/sign-in (enrol)"] = await (await other.request.get("/admin/sign-in")).text();
    await context.close();
    const { files, report } = await nuErrors(pages);
    expect(files).toBe(urls.length + 2);
    expect(report, report.join("\n")).toEqual([]);
  });
});
