// Keyboard use of a product card's stepper (JS on, phone width): Enter on "Add" and then on "+"
// keeps adding, a remove to 0 hands focus back to "Add", and the focused control is never hidden
// behind the sticky summary panel at the foot of the screen.
import type { Locator, Page } from "@playwright/test";
import { test, expect, settled } from "./fixtures";
import { chooseCurated, chooseCustom, counter, startBox } from "./box-helpers";

const SCREENSHOTS = process.env.HF_SCREENSHOTS; // e.g. /tmp: keeps a picture of each check

/**
 * The control is in the viewport, below the sticky header and above the sticky summary panel
 * (retried: html scrolls smoothly, so a focus scroll may still be under way).
 */
async function expectClearOfStickyPanels(page: Page, control: Locator) {
  await expect(() => clearOfStickyPanels(page, control)).toPass({ timeout: 5_000 });
}

async function clearOfStickyPanels(page: Page, control: Locator) {
  const box = await control.boundingBox();
  const panel = await page.locator(".box-summary").boundingBox();
  const header = await page.locator(".site-header").boundingBox();
  const viewport = page.viewportSize()!;
  expect(box && panel && header).toBeTruthy();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(panel!.y);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  // and nothing else sits on top of its middle
  const onTop = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  expect(onTop).toBe(true);
}

async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await settled(page);
}

// @scripts: focus management after a step is what the page's script does; without JS each step
// reloads the page (the nojs project leaves these out, see playwright.config.ts)
test.describe("product card stepper with the keyboard @scripts", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Enter on Add keeps adding from '+', removing to 0 returns focus to Add", async ({
    page,
  }) => {
    await startBox(page);
    await chooseCustom(page, "Small");
    await expect(counter(page)).toContainText("0 of 8");

    const card = page.getByRole("article", { name: "Beef brisket" });
    const add = card.getByRole("button", { name: "Add Beef brisket", exact: true });
    const plus = card.getByRole("button", { name: "Add one more Beef brisket" });
    const minus = card.getByRole("button", { name: "Remove one Beef brisket" });
    const value = card.getByRole("status").or(card.locator("output"));

    // reach the Add button by keyboard: focus the control before it, then Tab
    await add.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(add).toBeFocused();

    for (let i = 0; i < 3; i++) await press(page, "Enter");
    await expect(counter(page)).toContainText("3 of 8");
    await expect(value).toHaveText("3");
    await expect(plus).toBeFocused();
    await expectClearOfStickyPanels(page, plus);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/hf-plus-focused.png` });

    // down to 0 from "−": focus comes back to Add, never <body>
    await page.keyboard.press("Shift+Tab"); // from "+" past the output to "−"
    await expect(minus).toBeFocused();
    for (let i = 0; i < 3; i++) {
      await press(page, "Enter");
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("BUTTON");
    }
    await expect(counter(page)).toContainText("0 of 8");
    await expect(minus).toHaveCount(0);
    await expect(add).toBeFocused();
    await expectClearOfStickyPanels(page, add);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/hf-add-refocused.png` });

    // Enter again adds (not removes): the add-remove-add round trip works from the keyboard
    await press(page, "Enter");
    await expect(counter(page)).toContainText("1 of 8");
    await expect(plus).toBeFocused();
  });

  test("at the maximum '+' keeps focus and the usual message shows", async ({ page }) => {
    await startBox(page);
    await chooseCustom(page, "Small");
    const card = page.getByRole("article", { name: "Beef brisket" });
    await card.getByRole("button", { name: "Add Beef brisket", exact: true }).focus();
    for (let i = 0; i < 9; i++) await press(page, "Enter");
    await expect(counter(page)).toContainText("8 of 8");
    const plus = card.getByRole("button", { name: "Add one more Beef brisket" });
    await expect(plus).toBeFocused();
    await expect(card.getByRole("alert")).toBeVisible();
    await expectClearOfStickyPanels(page, plus);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/hf-plus-at-maximum.png` });
  });

  test("the add-ons step shares the card: Enter twice adds two, focus on '+'", async ({ page }) => {
    await startBox(page);
    await chooseCurated(page, "Value");
    const card = page.locator(".product-card").nth(2);
    const add = card.getByRole("button", { name: /^Add (?!one more)/ });
    await add.focus();
    await press(page, "Enter");
    await press(page, "Enter");
    await expect(card.locator("output")).toHaveText("2");
    const plus = card.getByRole("button", { name: /^Add one more/ });
    await expect(plus).toBeFocused();
    await expectClearOfStickyPanels(page, plus);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/hf-addons-plus-focused.png` });
  });
});
