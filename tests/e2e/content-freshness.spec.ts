// An edit shows on the public page within seconds in every worker and every instance (issue 37,
// decision 054): the suite's server and a second instance with two workers on the same database
// both serve /faq from their page micro-caches; the FAQ is edited through a write that moves the
// content version (the e2e content hook), and soon every answer from either instance is the new
// page, and /api/faq too. Only `request`: the same in both projects, so it runs once (@http).
import type { APIRequestContext } from "@playwright/test";
import type { AppProcess } from "./app-process";
import { E2E_BASE_URL } from "./env";
// the suite's own test, so the spec runs in the workers the others use instead of starting its own
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

/** The answers of `times` requests in a row: with several workers, round robin reaches each. */
async function pages(request: APIRequestContext, base: string, path: string, times = 4) {
  const bodies: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await request.get(`${base}${path}`);
    expect(res.status()).toBe(200);
    bodies.push(await res.text());
  }
  return bodies;
}

test("a FAQ edit reaches every worker of both instances, pages and /api alike @http", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const before = await (await request.get(`${E2E_BASE_URL}/api/faq`)).json();
  const item = before.data[0] as { id: number; answer: string };
  const marker = `Freshness check ${Date.now()}`;
  // every worker has the page in its micro-cache (a repeat answer carries Age)
  for (const base of [E2E_BASE_URL, second.base]) {
    for (const body of await pages(request, base, "/faq")) expect(body).not.toContain(marker);
    const cached = await request.get(`${base}/faq`);
    expect(cached.headers()["age"]).toMatch(/^\d+$/);
  }
  const etag = (await request.get(`${second.base}/faq`)).headers()["etag"];

  try {
    const edit = await request.post(`${E2E_BASE_URL}/test-hooks/content`, {
      form: { id: String(item.id), answer: `${item.answer}<p>${marker}</p>` },
    });
    expect(edit.status(), await edit.text()).toBe(200);

    for (const base of [E2E_BASE_URL, second.base]) {
      await expect
        .poll(async () => (await pages(request, base, "/faq")).every((b) => b.includes(marker)), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect
        .poll(async () => JSON.stringify(await (await request.get(`${base}/api/faq`)).json()), {
          timeout: 15_000,
        })
        .toContain(marker);
    }
    // a browser revalidating the old page gets the new one, never a 304
    const revalidated = await request.get(`${second.base}/faq`, {
      headers: { "If-None-Match": etag },
    });
    expect(revalidated.status()).toBe(200);
    expect(await revalidated.text()).toContain(marker);
  } finally {
    await request.post(`${E2E_BASE_URL}/test-hooks/content`, {
      form: { id: String(item.id), answer: item.answer },
    });
  }
});
