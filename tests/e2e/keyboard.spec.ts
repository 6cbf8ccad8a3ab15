// The whole box flow and checkout with the keyboard only (issue 13,
// Accessibility): Tab and Shift+Tab to move, Space, Enter and the arrow keys to
// act, typing into text fields; never a click. Focus must be visible on the
// controls it passes. With JS and without (then every step is a full page
// post, and the postcode look-up has its own button).
import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, ready, settled, test, uniqueEmail } from "./fixtures";
import { TEST_CARDS } from "../factories";

const isFocused = (l: Locator) =>
  l.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused control shows a focus ring: an outline (or a ring on its card) wider than 1px. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const ringOf = (e: Element) => {
      const s = getComputedStyle(e);
      return s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2
        ? s.outlineWidth
        : s.boxShadow !== "none"
          ? s.boxShadow
          : null;
    };
    // a visually hidden radio shows its ring on the card around it
    return (
      ringOf(el) ??
      (el.closest("label") ? ringOf(el.closest("label")!) : null) ??
      (el.parentElement?.closest(".radio-card")
        ? ringOf(el.parentElement.closest(".radio-card")!)
        : null)
    );
  });
  expect(ring, "focus ring").not.toBeNull();
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("a new visitor builds a curated box and pays with the keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("keyboard");

  // get started: e-mail, postcode, date and time
  await page.goto("/get-started");
  await ready(page);
  const emailField = page.getByLabel("Email address");
  await typeInto(page, emailField, email);
  await expectVisibleFocus(emailField);
  await typeInto(page, page.getByLabel("Postcode"), "2000");
  if (!jsEnabled()) {
    const check = page.getByRole("button", { name: "Check postcode" });
    await tabTo(page, check);
    await page.keyboard.press("Enter");
  }
  const dates = page.getByRole("group", { name: "Delivery date" });
  await expect(dates).toBeVisible();
  const suburb = page.getByLabel("Suburb");
  if (await suburb.count()) {
    await tabTo(page, suburb);
    await page.keyboard.press("ArrowDown");
    await expect(suburb).not.toHaveValue("");
  }
  const firstDate = dates.getByRole("radio").first();
  await tabTo(page, firstDate);
  await page.keyboard.press("Space");
  await expect(firstDate).toBeChecked();
  await expectVisibleFocus(firstDate);
  const firstTime = page.getByRole("group", { name: "Delivery time" }).getByRole("radio").first();
  await tabTo(page, firstTime);
  await page.keyboard.press("Space");
  await expect(firstTime).toBeChecked();
  const next = page.getByRole("button", { name: "Continue" });
  await tabTo(page, next);
  await expectVisibleFocus(next);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/get-started\/your-box$/);
  await ready(page);

  // a curated box, small, the default frequency
  const curated = page.getByRole("button", { name: "Choose a curated box" });
  await tabTo(page, curated);
  await expectVisibleFocus(curated);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/get-started\/curated-box/);
  await ready(page);
  const value = page.getByRole("button", { name: "Choose the Value box" });
  await tabTo(page, value);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/get-started\/box-size/);
  await ready(page);
  const small = page.getByRole("radio", { name: /^Small/ });
  await tabTo(page, small.or(page.getByRole("radio", { name: /^Large/ })).first());
  if (!(await small.isChecked())) await page.keyboard.press("Space");
  for (let i = 0; i < 4 && !(await small.isChecked()); i++) await page.keyboard.press("ArrowUp");
  await expect(small).toBeChecked();
  await expectVisibleFocus(small);
  await tabTo(page, page.getByRole("button", { name: "Next step" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/get-started\/addons$/);
  await ready(page);

  // add-ons: one bacon, then on to checkout
  const addBacon = page.getByRole("button", { name: /^Add .*bacon/i }).first();
  await tabTo(page, addBacon);
  await expectVisibleFocus(addBacon);
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/get-started/addons"),
  );
  await page.keyboard.press("Enter");
  await answered;
  if (jsEnabled()) await settled(page);
  else await page.waitForLoadState("load");
  const toCheckout = page
    .getByRole("complementary", { name: "ADD-ONS" })
    .getByRole("button", { name: "Next step" });
  await tabTo(page, toCheckout);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/get-started\/checkout$/);
  await expect(page.getByRole("heading", { name: "Delivery and payment", level: 1 })).toBeVisible();
  await ready(page);

  // checkout: contact, password, address, card; Shift+Tab goes back a field
  await typeInto(page, page.getByLabel("First name"), "Kim");
  await typeInto(page, page.getByLabel("Last name"), "Keys");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByLabel("First name")).toBeFocused();
  await typeInto(page, page.getByLabel("Mobile phone"), "0412 345 678");
  await typeInto(page, page.getByLabel("Choose a password"), "Keyboard-Only-2026");
  await typeInto(page, page.getByLabel("Confirm password"), "Keyboard-Only-2026");
  const shipping = page.getByRole("group", { name: "Delivery address" });
  const addressType = shipping.getByLabel("Address type");
  await tabTo(page, addressType);
  for (let i = 0; i < 5 && (await addressType.inputValue()) !== "house"; i++)
    await page.keyboard.press("ArrowDown");
  await expect(addressType).toHaveValue("house");
  await typeInto(page, shipping.getByLabel("Street address"), "7 Bay Road");
  const city = shipping.getByLabel("Suburb");
  await tabTo(page, city);
  if (!(await city.inputValue())) await page.keyboard.type("Haymarket");
  const state = shipping.getByLabel("State");
  await tabTo(page, state);
  for (let i = 0; i < 10 && (await state.inputValue()) !== "NSW"; i++)
    await page.keyboard.press("ArrowDown");
  await expect(state).toHaveValue("NSW");
  await expect(shipping.getByLabel("Postcode")).toHaveValue("2000");
  const cardNumber = page.getByLabel("Card number");
  await typeInto(page, cardNumber, TEST_CARDS.good);
  await expectVisibleFocus(cardNumber);
  await typeInto(page, page.getByLabel("Expiry (MM/YY)"), "12/30");
  await typeInto(page, page.getByLabel("CVC"), "123");
  const place = page.getByRole("button", { name: /^Place order and pay/ });
  await tabTo(page, place);
  await expectVisibleFocus(place);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?newuser=PT-/, { timeout: 15_000 });
  const reference = new URL(page.url()).searchParams.get("newuser")!;
  await expect(page.getByText(reference).first()).toBeVisible();
});
