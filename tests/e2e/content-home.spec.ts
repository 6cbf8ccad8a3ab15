// The home page: hero carousel (Swiper with JS, scroll-snap list without),
// ticker, product carousel, FAQ accordions, and clearing local storage.
import { test, expect, ready, jsEnabled } from "./fixtures";

// the suite runs with prefers-reduced-motion (tests/playwright.config.ts): here motion is the subject
test.use({ reducedMotion: "no-preference" });

test.describe("home page", () => {
  test("hero carousel autoplays with a visible pause control, or is a scrollable list without JS", async ({
    page,
  }) => {
    // the page's timers run on Playwright's clock, so the test moves time on instead of sleeping
    await page.clock.install();
    await page.goto("/");
    await ready(page);
    const hero = page.getByRole("region", { name: "Our farms, boats and kitchens" });
    await expect(hero.getByRole("group")).toHaveCount(3);
    if (!jsEnabled()) {
      await expect(hero.getByText("Scroll sideways for more")).toBeVisible();
      const scrolls = await hero
        .locator(".carousel__viewport")
        .evaluate((el) => el.scrollWidth > el.clientWidth + 10);
      expect(scrolls).toBe(true);
      return;
    }
    // Swiper waits until the first slide is nearly due to move, or until the visitor reaches for it.
    await expect(hero.getByText("Scroll sideways for more")).toBeVisible();
    // Reaching it with the keyboard loads it too, and the focus stays where it was, visible.
    const list = hero.locator(".carousel__viewport");
    await list.focus();
    await expect(hero.getByRole("button", { name: "Next slide" })).toBeVisible();
    await expect(list).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(hero.getByRole("button", { name: "Previous slide" })).toBeFocused();
    await expect(list).not.toHaveAttribute("tabindex"); // Swiper's buttons are the tab stops now
    await hero.hover();
    const pause = hero.getByRole("button", { name: "Pause slideshow" });
    await expect(pause).toBeVisible();
    await page.mouse.move(0, 0); // autoplay pauses under the pointer
    const active = hero.locator(".swiper-slide-active");
    await expect(active).toHaveAttribute("aria-label", "1 of 3");
    await expect(active).toHaveAttribute("aria-label", "2 of 3", { timeout: 8_000 });
    await pause.click();
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    const paused = await active.getAttribute("aria-label");
    await page.clock.runFor(6_000);
    await expect(active).toHaveAttribute("aria-label", paused!);
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(active).not.toHaveAttribute("aria-label", paused!);
  });

  test("no autoplay under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await ready(page);
    const hero = page.getByRole("region", { name: "Our farms, boats and kitchens" });
    await expect(hero.getByRole("button", { name: /Pause slideshow|Play slideshow/ })).toHaveCount(
      0,
    );
    const animation = await page
      .locator(".ticker__track")
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
    if (jsEnabled()) {
      await expect(hero.getByRole("button", { name: "Next slide" })).toBeVisible();
      await page.clock.runFor(5_500);
      await expect(hero.locator(".swiper-slide-active")).toHaveAttribute("aria-label", "1 of 3");
    }
  });

  test("the ticker and the box carousel with prices", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    await expect(
      page
        .getByRole("region", { name: "Our promises" })
        .getByText("Free delivery", { exact: true })
        .first(),
    ).toBeVisible();
    const boxes = page.getByRole("region", { name: "Boxes and prices" });
    await expect(boxes.getByRole("group")).toHaveCount(7);
    await expect(boxes.getByRole("heading", { name: "Custom box" })).toBeVisible();
    await expect(boxes.getByRole("group").first()).toContainText("$169");
    await expect(boxes.getByRole("group").filter({ hasText: "Value box" })).toContainText("$149");
    if (jsEnabled()) {
      // Swiper loads once the carousel nears the viewport.
      await boxes.scrollIntoViewIfNeeded();
      await boxes.getByRole("button", { name: "Next slide" }).click();
      await expect(boxes.getByRole("button", { name: "Previous slide" })).toBeEnabled();
    }
  });

  test("FAQ accordions open", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    const item = page.locator("details", { hasText: "Am I locked in?" });
    const answer = item.locator("strong", { hasText: "skip, pause or cancel anytime" });
    await expect(answer).toBeHidden();
    await item.locator("summary").click();
    await expect(answer).toBeVisible();
    await expect(item).toHaveAttribute("open", "");
  });

  test(
    "the home and legal pages render and clear local storage on load; others keep it",
    { tag: "@reads" },
    async ({ page }) => {
      const js = jsEnabled();
      if (js)
        await page.addInitScript(() => window.localStorage.setItem("addProductsToCart", "true"));
      for (const [path, heading] of [
        ["/", "Australian meat & wild-caught seafood, delivered"],
        ["/terms", "Terms and conditions"],
        ["/privacy-policy", "Privacy policy"],
        ["/refund-and-returns-policy", "Refund and returns policy"],
      ]) {
        await page.goto(path);
        await ready(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        if (js)
          await expect
            .poll(() => page.evaluate(() => window.localStorage.length), { message: path })
            .toBe(0);
      }
      await page.goto("/faq");
      await ready(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Frequently asked questions",
      );
      if (js)
        expect(await page.evaluate(() => window.localStorage.getItem("addProductsToCart"))).toBe(
          "true",
        );
    },
  );
});
