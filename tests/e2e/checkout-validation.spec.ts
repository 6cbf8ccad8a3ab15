// Every message of SPEC §5 "Box checkout", with JS (validated in the browser
// as the shopper submits) and without (the server answers the page again with
// the messages and what was typed, never the card number or CVC).
import type { Page } from "@playwright/test";
import { test, expect, jsEnabled } from "./fixtures";
import {
  GOOD_CARD,
  billingGroup,
  clickPlace,
  fillAddress,
  fillContact,
  fillNewCard,
  fillShipping,
  ordersOf,
  reachCheckout,
  retypeSecrets,
  shippingGroup,
} from "./checkout-helpers";

// whole box flows: a few pages and posts each before the checkout itself
test.describe.configure({ timeout: 60_000 });

/** A field's error message, found through the field's accessible description. */
const UNDELIVERABLE = "I'm sorry, it doesn't look like we can deliver to your postcode yet.";
const errorOf = (page: Page, text: string) =>
  page.locator(".field__error").filter({ hasText: text });

test.describe("box checkout validation", () => {
  test("an empty form explains every required field; billing is checked only when it differs", async ({
    page,
  }) => {
    const { email } = await reachCheckout(page);
    await shippingGroup(page).getByLabel("Suburb").fill("");
    await clickPlace(page);
    for (const message of [
      "First name is required",
      "Last name is required",
      "Phone is invalid",
      "Password is required",
      "Please confirm your password",
      "Choose an address type",
      "Street address is required",
      "Suburb is required",
      "Card number is required",
      "Expiry date is required",
      "CVC is required",
    ]) {
      await expect(errorOf(page, message).first(), message).toBeVisible();
    }
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    // billing is the delivery address while the box is ticked
    await expect(billingGroup(page).locator(".field__error:not([hidden])")).toHaveCount(0);
    const { orders } = await ordersOf(email!);
    expect(orders).toHaveLength(0);
  });

  test("Enter in a field places the order (checked first), Enter in the discount field applies the code", async ({
    page,
  }) => {
    const { email } = await reachCheckout(page);
    await page.getByLabel("First name").fill("Kim");
    await page.getByLabel("First name").press("Enter");
    // the order's checks answer, not "Apply" with an empty code
    await expect(errorOf(page, "Last name is required").first()).toBeVisible();
    await expect(page.getByText("Discount removed.")).toHaveCount(0);
    if (!jsEnabled()) await expect(page.locator("#checkout-answer")).toBeInViewport();
    expect((await ordersOf(email!)).orders).toHaveLength(0);

    const code = page.getByLabel("Discount code (optional)");
    await code.fill("WELCOME20");
    await code.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "WELCOME20 applied" })).toBeVisible();
    if (jsEnabled()) {
      // typing on after the code was applied keeps the keyboard where it is
      await code.focus();
      await code.press("End");
      await page.keyboard.type("X");
      await expect(code).toBeFocused();
    }
  });

  test("phone, password, postcode, suite and company rules", async ({ page }) => {
    await reachCheckout(page);
    await fillContact(page, {
      phone: "123",
      password: "Paddock-Checkout-42",
      confirmation: "Paddock-Checkout-99",
    });
    await fillShipping(page, { addressType: "apartment", postcode: "12" });
    await fillNewCard(page);
    await clickPlace(page);
    await expect(errorOf(page, "Phone is invalid")).toBeVisible();
    await expect(errorOf(page, "Password do not match")).toBeVisible();
    await expect(errorOf(page, "Post code invalid")).toBeVisible();
    await expect(errorOf(page, "Suite or unit is required for an apartment")).toBeVisible();
    await expect(errorOf(page, "Company name is required for a business")).toHaveCount(0);
    // what was typed is kept (the passwords and the card's secrets are not sent back without JS)
    await expect(page.getByLabel("Mobile phone")).toHaveValue("123");
    await expect(shippingGroup(page).getByLabel("Postcode")).toHaveValue("12");
    await expect(shippingGroup(page).getByLabel("Address type")).toHaveValue("apartment");
    await expect(shippingGroup(page).getByLabel("Street address")).toHaveValue("7 Bay Road");

    await fillContact(page, { phone: "0412 345 678" });
    await fillShipping(page, { addressType: "business", postcode: "2000", line2: "" });
    await fillNewCard(page);
    await clickPlace(page);
    await expect(errorOf(page, "Company name is required for a business")).toBeVisible();
    for (const gone of [
      "Phone is invalid",
      "Password do not match",
      "Post code invalid",
      "Suite or unit is required for an apartment",
    ]) {
      await expect(errorOf(page, gone), gone).toHaveCount(0);
    }
  });

  test("card number, expiry and CVC must be valid", async ({ page }) => {
    await reachCheckout(page);
    await fillContact(page);
    await fillShipping(page);
    await fillNewCard(page, { number: "4242", expiry: "13/30", cvc: "12" });
    await clickPlace(page);
    await expect(errorOf(page, "Your card number is invalid.")).toBeVisible();
    await expect(
      errorOf(page, "Expiry date must be a valid MM/YY date that has not passed"),
    ).toBeVisible();
    await expect(errorOf(page, "CVC must be 3 or 4 digits")).toBeVisible();

    // an expiry in the past
    await fillNewCard(page, { number: "4242424242424241", expiry: "01/20", cvc: "123" });
    await clickPlace(page);
    await expect(
      errorOf(page, "Expiry date must be a valid MM/YY date that has not passed"),
    ).toBeVisible();
    await expect(errorOf(page, "CVC must be 3 or 4 digits")).toHaveCount(0);

    // the card number field takes at most 16 digits
    await expect(page.getByLabel("Card number")).toHaveAttribute("maxlength", "16");
    await expect(page.getByLabel("CVC")).toHaveAttribute("maxlength", "4");
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveAttribute("maxlength", "5");
    if (jsEnabled()) {
      // the SPEC §4 mask: a first digit 2-9 gets a leading 0, a slash follows the month
      await page.getByLabel("Expiry (MM/YY)").fill("");
      await page.getByLabel("Expiry (MM/YY)").pressSequentially("430");
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("04/30");
      await page.getByLabel("Card number").fill("");
      await page.getByLabel("Card number").pressSequentially("4242 4242 4242 4242");
      await expect(page.getByLabel("Card number")).toHaveValue(GOOD_CARD);
    }
  });

  test("billing fields are required only when 'Same as my delivery address' is unticked", async ({
    page,
  }) => {
    const { email } = await reachCheckout(page);
    await fillContact(page);
    await fillShipping(page);
    await fillNewCard(page);
    const same = page.getByLabel("Same as my delivery address");
    await expect(same).toBeChecked();
    if (jsEnabled()) await expect(billingGroup(page)).toBeHidden();
    await same.uncheck();
    await expect(billingGroup(page)).toBeVisible();
    await billingGroup(page).getByLabel("Suburb").fill("");
    await clickPlace(page);
    const billing = billingGroup(page);
    await expect(
      billing.locator(".field__error").filter({ hasText: "Choose an address type" }),
    ).toBeVisible();
    await expect(
      billing.locator(".field__error").filter({ hasText: "Street address is required" }),
    ).toBeVisible();
    await expect(
      billing.locator(".field__error").filter({ hasText: "Suburb is required" }),
    ).toBeVisible();
    await expect(shippingGroup(page).locator(".field__error:not([hidden])")).toHaveCount(0);
    await expect(page.getByLabel("Same as my delivery address")).not.toBeChecked();

    await fillAddress(billingGroup(page), {
      addressType: "business",
      company: "Tide Pty Ltd",
      line1: "1 Flinders Street",
      city: "Melbourne",
      state: "VIC",
      postcode: "3000",
    });
    await retypeSecrets(page); // without JS never sent back: typed again
    await clickPlace(page);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?newuser=/);
    const { orders } = await ordersOf(email!);
    expect(orders).toHaveLength(1);
  });

  test("a delivery postcode outside our regions is refused", async ({ page }) => {
    const { email } = await reachCheckout(page);
    await fillContact(page);
    await fillShipping(page, { city: "Broome", state: "WA", postcode: "6725" });
    await fillNewCard(page);
    if (!jsEnabled()) await clickPlace(page, "Update delivery dates for this postcode");
    await expect(page.getByRole("alert").filter({ hasText: UNDELIVERABLE })).toBeVisible();
    await expect(page.getByRole("group", { name: "First delivery date" })).toHaveCount(0);
    await retypeSecrets(page);
    await clickPlace(page);
    await expect(page.getByText(UNDELIVERABLE).first()).toBeVisible();
    expect((await ordersOf(email!)).orders).toHaveLength(0);
  });
});
