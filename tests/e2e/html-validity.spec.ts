// Every kind of page validates with the W3C Nu HTML checker (vnu-jar, on a Java runtime: issue 35).
// The server's HTML of content pages, the box flow, checkout, gift cards, the dashboard and
// pay-an-order, signed out and in, and forms re-rendered with their errors (JS off, so the server
// renders them), goes to one run of the checker; any error fails with its page, line and message.
import type { Page } from "@playwright/test";
import { createUser, e2eDb, expect, signInByHook, test, uniqueEmail } from "./fixtures";
import { CHECKOUT_PATH, reachCheckout } from "./checkout-helpers";
import { createSubscriber } from "./dashboard-helpers";
import { nuErrors } from "./nu-checker";
import { createPayer } from "./orders-helpers";
import { reachGiftCheckout } from "./gift-card-helpers";

/** The server's HTML of a URL, with the page's cookies (not the DOM after scripts ran). */
async function fetchHtml(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status(), `${url}`).toBeLessThan(500);
  return res.text();
}

test.describe("HTML validates", () => {
  test.describe.configure({ timeout: 180_000 });

  test(
    "content, box flow, checkout, gift cards, dashboard and pay-an-order: 0 errors from the Nu checker",
    { tag: "@http" },
    async ({ page, browser }) => {
      const pages: Record<string, string> = {};
      const grab = async (name: string, url: string) => {
        pages[name] = await fetchHtml(page, url);
      };

      // signed out: the content site
      const db = e2eDb();
      const post = await db
        .selectFrom("posts")
        .select("slug")
        .where("postType", "=", "news")
        .limit(1)
        .executeTakeFirstOrThrow();
      const recipe = await db
        .selectFrom("posts")
        .select("slug")
        .where("postType", "=", "recipe")
        .limit(1)
        .executeTakeFirstOrThrow();
      const location = await db
        .selectFrom("locationPosts")
        .select("slug")
        .limit(1)
        .executeTakeFirstOrThrow();
      const recipeCategory = await db
        .selectFrom("categories")
        .select("slug")
        .where("kind", "=", "recipe")
        .limit(1)
        .executeTakeFirstOrThrow();
      for (const url of [
        "/",
        "/how-it-works",
        "/why-us",
        "/sourcing",
        "/delivery",
        "/faq",
        "/blog",
        `/blog-post/${post.slug}`,
        `/recipe-post/${recipe.slug}`,
        `/blog-recipes/${recipeCategory.slug}`,
        `/locations/${location.slug}`,
        "/terms",
        "/privacy-policy",
        "/refund-and-returns-policy",
        "/gift-cards",
        "/gift-cards/give",
        "/sign-in",
        "/forgot-password",
        "/reset-password?token=not-a-token",
        "/get-started",
        "/no-such-page",
      ])
        await grab(url, url);

      // the box flow and its checkout, from a draft the flow's own services built
      await reachCheckout(page, { box: { kind: "custom" } });
      for (const url of [
        "/get-started/your-box",
        "/get-started/box-size?type=1",
        "/get-started/your-items",
        "/get-started/addons",
        "/get-started/curated-box",
        CHECKOUT_PATH,
      ]) {
        await grab(url, url);
      }

      // gift cards: personalise and checkout
      await reachGiftCheckout(page, uniqueEmail("vnu-gift"));
      await grab("/gift-cards/personalise", "/gift-cards/personalise");
      await grab("/gift-cards/checkout", "/gift-cards/checkout");

      // signed in: the dashboard and pay-an-order
      await page.context().clearCookies();
      const subscriber = await createSubscriber();
      await signInByHook(page, subscriber.email);
      for (const url of [
        "/dashboard/my-deliveries",
        "/dashboard/my-deliveries/change",
        "/dashboard/account",
        "/dashboard/orders",
        `/dashboard/orders/${subscriber.orderReference}`,
      ]) {
        await grab(url, url);
      }
      await page.context().clearCookies();
      const payer = await createPayer();
      await signInByHook(page, payer.email);
      await grab(`/checkout/${payer.reference}`, `/checkout/${payer.reference}`);

      // forms the server re-renders with their errors: sign-in and get-started, without JavaScript
      const nojs = await browser.newContext({ javaScriptEnabled: false });
      const plain = await nojs.newPage();
      const user = await createUser();
      await plain.goto("/sign-in");
      await plain.getByLabel("Email address").fill(user.email);
      await plain.getByLabel("Password", { exact: true }).fill("wrong-password-1");
      await plain.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(plain.getByRole("alert").first()).toBeVisible();
      pages["/sign-in (error)"] = await plain.content();
      await plain.goto("/get-started");
      await plain.getByLabel("Email address").fill(uniqueEmail("vnu"));
      await plain.getByLabel("Postcode").fill("2000");
      await plain.getByRole("button", { name: "Continue" }).click();
      await expect(plain.getByText(/choose a delivery date/i).first()).toBeVisible();
      pages["/get-started (errors)"] = await plain.content();
      await nojs.close();

      const { files, report } = await nuErrors(pages);
      expect(files).toBeGreaterThanOrEqual(30);
      expect(report, report.join("\n")).toEqual([]);
    },
  );
});
