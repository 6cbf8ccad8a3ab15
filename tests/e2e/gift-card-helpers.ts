// The gift-card pages up to the checkout form, as a signed-out buyer fills them:
// a $50 card, personalised, with a billing address typed. The card and Pay are
// left to the spec (a slow card, a declined one, pressed once or three times).
// And a card straight in the database, as a purchase stores it (decision 045).
import type { Page } from "@playwright/test";
import { newGiftCardCode, storedGiftCode } from "../../app/gift-cards/stored-code.server";
import { e2eDb, expect, ready, uniqueEmail } from "./fixtures";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";

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

/**
 * A card already e-mailed to its receiver, stored as a purchase stores it (its code's keyed hash
 * under the server's secret, and its last four): its code, and the code as the e-mail prints it.
 */
export async function insertGiftCard({
  valueCents = 5000,
  claimed = false,
  deliverOn = new Date().toISOString().slice(0, 10),
} = {}) {
  const code = newGiftCardCode();
  const now = new Date().toISOString();
  const { id } = await e2eDb()
    .insertInto("giftCards")
    .values({
      ...storedGiftCode(E2E_SESSION_SECRET, code, { sealed: false }),
      valueCents,
      bonusOfId: null,
      purchaserUserId: null,
      senderName: "Alex",
      senderEmail: uniqueEmail("sender"),
      receiverName: "Jordan",
      receiverEmail: uniqueEmail("receiver"),
      receiverMessage: null,
      deliverOn,
      sentAt: now,
      claimedByUserId: null,
      claimedAt: claimed ? now : null,
      createdAt: now,
      expiresOn: "2029-12-31",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, code, display: code.match(/.{4}/g)!.join("-") };
}
