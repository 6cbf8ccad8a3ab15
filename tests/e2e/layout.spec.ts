// The site chrome and error states in the browser; what their server HTML says (the footer's links, the
// error pages' statuses and headers) is checked in tests/integration/server-answers.test.ts.
import { createUser, test, expect, ready, signInByHook } from "./fixtures";
import { createSubscriber } from "./dashboard-helpers";

test.describe("site chrome", () => {
  test("header navigation reaches every main page", { tag: "@reads" }, async ({ page }) => {
    await page.goto("/");
    await ready(page);
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const label of [
      "How it works",
      "Why us",
      "Sourcing",
      "Delivery",
      "Blog",
      "Gift cards",
      "FAQ",
      "Sign in",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await nav.getByRole("link", { name: "FAQ", exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("link", { name: "Get started" }).first()).toHaveAttribute(
      "href",
      "/get-started",
    );
  });

  test(
    "a signed-in subscriber's header leads to My deliveries; anyone else's to Get started",
    { tag: "@reads" },
    async ({ page, context }) => {
      const header = page.getByRole("banner");
      const subscriber = await createSubscriber();
      await signInByHook(page, subscriber.email);
      await page.goto("/faq");
      await ready(page);
      await expect(
        header.getByRole("link", { name: "My deliveries", exact: true }),
      ).toHaveAttribute("href", "/dashboard/my-deliveries");
      await expect(header.getByRole("link", { name: "Get started" })).toHaveCount(0);
      await header.getByRole("link", { name: "My deliveries", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);

      // signed in without a box yet: still invited to start one
      await context.clearCookies();
      const browser = await createUser();
      await signInByHook(page, browser.email);
      await page.goto("/faq");
      await ready(page);
      await expect(header.getByRole("link", { name: "Get started" })).toHaveAttribute(
        "href",
        "/get-started",
      );
      await expect(header.getByRole("link", { name: "My deliveries", exact: true })).toHaveCount(0);
    },
  );

  test("small screens get a disclosure menu that works without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await ready(page);
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    const menu = page.locator("summary", { hasText: "Menu" });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await expect(nav.getByRole("link", { name: "Delivery" })).toBeVisible();
    await nav.getByRole("link", { name: "Delivery" }).click();
    await expect(page).toHaveURL(/\/delivery$/);
  });

  test("skip link moves to the main content", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
  });
});

test.describe("error states", () => {
  test(
    "other failures show the general error state and report to analytics",
    { tag: "@reads" },
    async ({ page }) => {
      const response = await page.goto("/test-hooks/error?status=500");
      expect(response!.status()).toBe(500);
      await expect(
        page.getByRole("heading", { level: 1, name: "Something went wrong" }),
      ).toBeVisible();
      if (test.info().project.name === "js") {
        await page.locator("html[data-hydrated='true']").waitFor();
        const events = await page.evaluate(
          () =>
            (window as unknown as { dataLayer?: { event: string; status: number }[] }).dataLayer ??
            [],
        );
        expect(events).toContainEqual(expect.objectContaining({ event: "error", status: 500 }));
      }
    },
  );
});
