// Serving and security through our Express server (docs/decisions/010): a form posted from
// another site is refused with the 403 page. What the server answers to plain requests (the
// rate limit's key, a foreign Origin on each kind of route, the mailbox, static caching and
// compression, the security headers and cookies) is tests/integration/server-security.test.ts
// (decision 076).
import { test, expect, createUser } from "./fixtures";
import { E2E_BASE_URL } from "./env";

const EVIL = "http://evil.example";

test.describe("serving and security", () => {
  test("a form posted from another site gets a 403 error page and changes nothing", async ({
    page,
    context,
  }) => {
    const user = await createUser();
    // a page on another site whose form targets our sign-in with valid credentials
    await page.route(`${EVIL}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${E2E_BASE_URL}/sign-in"><input name="email" value="${user.email}"><input name="password" value="${user.password}"><button>Go</button></form>`,
      }),
    );
    await page.goto(`${EVIL}/`);
    const [answer] = await Promise.all([
      page.waitForResponse(`${E2E_BASE_URL}/sign-in`),
      page.getByRole("button", { name: "Go" }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(
      page.getByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeVisible();
    expect((await context.cookies(E2E_BASE_URL)).map((c) => c.name)).not.toContain("__session");
  });
});
