// After a client-side navigation the new page is announced and focus starts on its heading, as a
// full page load would start a screen reader and the keyboard at the top of the new page (issue 35,
// keyboard walk). Without JavaScript every navigation is a full page load, which the browser
// handles itself, so these run in the js project only (@scripts).
import type { Page } from "@playwright/test";
import { createUser, expect, ready, submitSignIn, test } from "./fixtures";
import { chooseCustom, startBox } from "./box-helpers";

const announcer = (page: Page) => page.locator("[data-route-announcer]");

async function expectArrived(page: Page, heading: RegExp | string) {
  const h1 = page.getByRole("main").getByRole("heading", { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect(announcer(page)).toHaveText(await page.title());
}

test.describe("focus after a client-side navigation", { tag: "@scripts" }, () => {
  test("a header link: focus moves to the new page's heading and its title is announced", async ({
    page,
  }) => {
    await page.goto("/");
    await ready(page);
    await expect(announcer(page)).toHaveText("");
    const faq = page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "FAQ", exact: true });
    await faq.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/faq$/);
    await expectArrived(page, "Frequently asked questions");
    await expect(announcer(page)).toContainText("FAQ");

    // back: focus is left where the person had it, nothing new is announced
    const before = await announcer(page).textContent();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).not.toBeFocused();
    await expect(announcer(page)).toHaveText(before ?? "");
  });

  test("a footer link navigates in the app too (its links are plain anchors with one click handler)", async ({
    page,
  }) => {
    await page.goto("/");
    await ready(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Terms and conditions", exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    // announced: the app navigated, a full page load would have left the announcer empty
    await expectArrived(page, /.+/);
    await expect(announcer(page)).not.toHaveText("");
  });

  test("each step of the box flow starts at its heading", async ({ page }) => {
    await startBox(page);
    await expectArrived(page, /.+/);
    await chooseCustom(page);
    await expectArrived(page, /.+/);
  });

  test("signing in lands on the dashboard's heading", async ({ page }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    await submitSignIn(page, user.email, "Correct-Horse-42");
    await expect(page).toHaveURL(/\/dashboard/);
    await expectArrived(page, /.+/);
  });
});
