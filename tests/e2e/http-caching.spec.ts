// HTTP caching of HTML (decision 011) as a browser meets it: a form reached from a shared page by
// client-side navigation still gets its CSRF token, and a shared page renders from its inline
// stylesheet. The caching headers themselves (public with an ETag and 304s, private pages and
// sessions) are tests/integration/server-caching.test.ts (decision 076).
import { test, expect, createUser, submitSignIn, ready, jsEnabled } from "./fixtures";

test("a form reached from a shared page still carries a CSRF token", async ({ page }) => {
  await page.goto("/how-it-works");
  await ready(page);
  if (jsEnabled()) {
    // client-side navigation: the root data of the shared page had no token
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await page.waitForURL(/\/sign-in/);
  } else {
    await page.goto("/sign-in");
  }
  await expect(page.locator('form input[name="csrf"]').first()).not.toHaveValue("");
  const user = await createUser();
  await submitSignIn(page, user.email, user.password!);
  await page.waitForURL(/\/dashboard/);
});

test(
  "a shared page renders styled from its inline stylesheet, without hydration errors",
  { tag: "@reads" },
  async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    const response = await page.goto("/faq");
    expect(await response!.text()).toMatch(/<style data-href="\/build\/_assets\/app-[^"]+\.css"/);
    await ready(page);
    // the site-wide tokens apply: the page background is the butcher-paper cream
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(247, 241, 231)");
    expect(errors).toEqual([]);
  },
);
