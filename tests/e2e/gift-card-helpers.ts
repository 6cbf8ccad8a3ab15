// The gift-card pages up to the checkout form, as a signed-out buyer fills them:
// a $50 card, personalised, with a billing address typed. The card and Pay are
// left to the spec (a slow card, a declined one, pressed once or three times).
import type { Page } from "@playwright/test";
import { expect, ready, uniqueEmail } from "./fixtures";

export const giftField = (page: Page, label: string) => page.getByLabel(label, { exact: true });

export async function reachGiftCheckout(page: Page, buyer: string, senderFirstName = "Alex") {
  const field = (label: string) => giftField(page, label);
  await page.goto("/gift-cards");
  await ready(page);
  await page.getByRole("radio", { name: /^\$50\b/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/gift-cards\/personalise$/);
  await ready(page);
  await field("Your first name").fill(senderFirstName);
  await field("Your email address").fill(buyer);
  await field("Recipient's first name").fill("Jordan");
  await field("Recipient's email address").fill(uniqueEmail("jordan"));
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/gift-cards\/checkout$/);
  await ready(page);
  await expect(field("Email address")).toHaveValue(buyer);
  await field("Address type").selectOption("house");
  await field("Street address").fill("12 Wharf Road");
  await field("Suburb").fill("Balmain");
  await field("State").selectOption("NSW");
  await field("Postcode").fill("2041");
}

export async function fillGiftCard(page: Page, number: string) {
  await giftField(page, "Card number").fill(number);
  await giftField(page, "Expiry (MM/YY)").fill("12/30");
  await giftField(page, "CVC").fill("123");
}
