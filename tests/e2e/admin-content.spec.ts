// Content editing in the back office, js and nojs (issue 37): an editor edits a post's title and
// body and reads them on the blog; a draft is previewed, not public, then published and public; an
// FAQ edit shows on /faq; the FAQ list's reorder form refuses a bad number under its field. axe
// finds no serious violations on the editor's pages.
//
// The blog list and /faq are read with a query of their own: an anonymous page another spec read
// a moment ago may still sit in a worker's page cache until the content version's invalidation
// drops it, and this spec is about editing (the cross-worker spec is about that invalidation).
import { expectNoSeriousViolations } from "./a11y";
import { createE2ePost, editPost, retireE2ePosts, signInEditor } from "./admin-content-helpers";
import { e2eDb, expect, jsEnabled, ready, test } from "./fixtures";

const fresh = () => `fresh=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// the posts this spec published, taken off the site again after each test
const published: string[] = [];

test.describe("content editing", () => {
  test.afterEach(async () => {
    await retireE2ePosts(published.splice(0));
  });

  test("an editor edits a post's title and body and sees them on the blog", async ({ page }) => {
    const post = await createE2ePost();
    published.push(post.slug);
    const title = `${post.title} (edited)`;
    await editPost(page, post.slug, {
      title,
      body: "## Frost at dawn\n\nThe cattle wait for **no one**.\n\n<script>window.hacked = 1</script>",
    });
    await expectNoSeriousViolations(page);

    await page.goto(`/blog-post/${post.slug}`);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 2, name: "Frost at dawn" })).toBeVisible();
    await expect(page.locator(".prose strong")).toHaveText("no one");
    expect(await page.locator(".prose script").count()).toBe(0);

    await page.goto(`/blog/news?${fresh()}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  });

  test("a draft is previewed and not public, then published and public", async ({ page }) => {
    await signInEditor(page);
    const stamp = Date.now().toString(36);
    const title = `Salt and smoke ${stamp}`;
    const slug = `salt-and-smoke-${stamp}`;
    published.push(slug);
    await page.goto("/admin/content/posts/new?type=news");
    await ready(page);
    await expectNoSeriousViolations(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug").fill(slug);
    await page.getByLabel("Summary").fill("How we smoke our bacon.");
    await page.getByLabel("Hero image", { exact: true }).selectOption("/images/bacon.svg");
    await page.getByLabel("Hero image description (alt text)").fill("Rashers of bacon");
    await page.getByLabel("Status").selectOption("draft");
    await page.getByLabel("Body (Markdown)").fill("Low and *slow*, over apple wood.");
    await page.getByRole("button", { name: "Save and preview" }).click();

    await expect(page).toHaveURL(/\/admin\/content\/posts\/\d+\/preview$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("This is a draft: it shows nowhere on the site.")).toBeVisible();
    await expect(page.locator(".prose em")).toHaveText("slow");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoSeriousViolations(page);

    // not public: the page and /api answer 404 to a visitor (the staff cookie stays in /admin)
    expect((await page.request.get(`/blog-post/${slug}`)).status()).toBe(404);
    expect((await page.request.get(`/api/posts/${slug}`)).status()).toBe(404);

    await page.getByRole("link", { name: "Back to editing" }).click();
    await ready(page);
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    await page.goto(`/blog-post/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect((await page.request.get(`/api/posts/${slug}`)).status()).toBe(200);
    const row = await e2eDb()
      .selectFrom("auditEntries")
      .select("action")
      .where("entityType", "=", "post")
      .where("staffRole", "=", "editor")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(row.map((r) => r.action)).toEqual(["post.update", "post.create"]);
  });

  test("an FAQ item added and edited shows on /faq", async ({ page }) => {
    await signInEditor(page);
    const question = `Can I choose my delivery driver? ${Date.now().toString(36)}`;
    await page.goto("/admin/content/faq/new");
    await ready(page);
    await page.getByLabel("Section").selectOption("delivery");
    await page.getByLabel("Question").fill(question);
    await page.getByLabel("Answer (Markdown)").fill("Not yet.");
    await page.getByRole("button", { name: "Add to the FAQ" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to the FAQ." })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole("link", { name: question }).click();
    await ready(page);
    await page
      .getByLabel("Answer (Markdown)")
      .fill("No, but you can leave **instructions** for them.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    await page.goto(`/faq?${fresh()}`);
    await ready(page);
    const item = page.locator("details", { hasText: question });
    await expect(item).toHaveCount(1);
    if ((await item.getAttribute("open")) === null) await item.locator("summary").click();
    await expect(item.locator("strong")).toHaveText("instructions");
  });

  test("the FAQ list refuses a bad order number under its field, then saves", async ({ page }) => {
    await signInEditor(page);
    await page.goto("/admin/content/faq");
    await ready(page);
    const order = page.getByLabel(/^Order of/).first();
    const saved = await order.inputValue();
    await order.fill("first");
    await page.getByRole("button", { name: "Save the order" }).click();
    await expect(order).toHaveAttribute("aria-invalid", "true");
    await expect(order).toHaveAccessibleDescription("Enter a whole number from 0 to 100000.");
    await expect(order).toHaveValue("first");
    await expectNoSeriousViolations(page);

    await order.fill(saved);
    await page.getByRole("button", { name: "Save the order" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "The new order is saved." }),
    ).toBeVisible();
    await expect(order).toHaveValue(saved);
  });

  // the editor's pages render nothing by a hydrated flag or an effect: the same markup without
  // JavaScript, so the JS-off audit would repeat this one (@reads)
  test(
    "the editor's pages answer 200 and have no serious axe violations",
    { tag: "@reads" },
    async ({ page }) => {
      test.setTimeout(90_000);
      await signInEditor(page);
      const post = await createE2ePost({ type: "recipe", status: "draft" });
      const urls = [
        "/admin/content",
        "/admin/content/posts",
        "/admin/content/posts?type=recipe",
        `/admin/content/posts/${post.id}`,
        "/admin/content/faq",
        "/admin/content/pages/privacy-policy",
        "/admin/content/home",
      ];
      for (const width of jsEnabled() ? [390, 1440] : [1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const url of urls) {
          const res = await page.goto(url);
          expect(res?.status(), url).toBe(200);
          await ready(page);
          await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
          await expectNoSeriousViolations(page);
        }
      }
    },
  );
});
