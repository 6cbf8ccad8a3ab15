// A post edited in one server process is seen on the blog through another (issue 37, decision 054):
// an editor saves a post's new title through the back office of the suite's server, and a second
// instance of the app with two workers on the same database, whose micro-caches already hold the
// post's page and the blog's first page, serves the new title within seconds from every worker.
import type { APIRequestContext } from "@playwright/test";
import type { AppProcess } from "./app-process";
import { createE2ePost, editPostTitle, retireE2ePosts } from "./admin-content-helpers";
import { expect, test } from "./fixtures";
import { startSecondInstance } from "./second-instance";

let second: AppProcess;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  second = await startSecondInstance(2);
});
test.afterAll(async () => {
  await second?.stop();
});

/** Four answers in a row from the second instance: round robin reaches both of its workers. */
async function answers(request: APIRequestContext, path: string): Promise<string[]> {
  const bodies: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await request.get(`${second.base}${path}`);
    expect(res.status()).toBe(200);
    bodies.push(await res.text());
  }
  return bodies;
}

test("a post's new title, saved through one process, shows on the blog through every worker of another", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const post = await createE2ePost();
  try {
    // the second instance has both pages in its workers' micro-caches (a repeat answer carries Age)
    for (const path of [`/blog-post/${post.slug}`, "/blog"]) {
      for (const body of await answers(request, path)) expect(body).toContain(post.title);
      expect((await request.get(`${second.base}${path}`)).headers()["age"]).toMatch(/^\d+$/);
    }

    const title = `Edited across workers ${Date.now().toString(36)}`;
    await editPostTitle(page, post.slug, title);

    for (const path of [`/blog-post/${post.slug}`, "/blog"]) {
      await expect
        .poll(async () => (await answers(request, path)).every((b) => b.includes(title)), {
          timeout: 15_000,
        })
        .toBe(true);
    }
    // and the post's own page in a browser on the second instance
    await page.goto(`${second.base}/blog-post/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  } finally {
    await retireE2ePosts([post.slug]);
  }
});
