// One press, one charge, even when the gateway is slow (issue 33 item 4), with
// JavaScript on and off. The sandbox's slow test card (APP_ENV=test only)
// answers after 25 s: the buyer presses Pay, presses again, is told after 20 s
// that the order is already being placed, presses a third time and lands on
// the first order. One order, one charge.
import type { Page } from "@playwright/test";
import { e2eDb, expect, jsEnabled, ready, test, uniqueEmail } from "./fixtures";

const SLOW_CARD = "4000000000002503";
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function reachGiftCheckout(page: Page, buyer: string) {
  await page.goto("/gift-cards");
  await ready(page);
  await page.getByRole("radio", { name: /^\$50\b/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/gift-cards\/personalise$/);
  await ready(page);
  await field(page, "Your first name").fill("Alex");
  await field(page, "Your email address").fill(buyer);
  await field(page, "Recipient's first name").fill("Jordan");
  await field(page, "Recipient's email address").fill(uniqueEmail("jordan"));
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/gift-cards\/checkout$/);
  await ready(page);
  await field(page, "Address type").selectOption("house");
  await field(page, "Street address").fill("12 Wharf Road");
  await field(page, "Suburb").fill("Balmain");
  await field(page, "State").selectOption("NSW");
  await field(page, "Postcode").fill("2041");
}

async function fillCard(page: Page) {
  await field(page, "Card number").fill(SLOW_CARD);
  await field(page, "Expiry (MM/YY)").fill("12/30");
  await field(page, "CVC").fill("123");
}

test("gift card on a slow gateway: pressing Pay three times charges once and shows the one order", async ({ page }) => {
  test.setTimeout(90_000);
  const buyer = uniqueEmail("slowpay");
  await reachGiftCheckout(page, buyer);
  await fillCard(page);
  const pay = page.getByRole("button", { name: "Pay $50" });

  // first press: the gateway takes 25 s; the second press, a second later, waits 20 s for it
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/gift-cards/checkout")) posts.push(r.url());
  });
  // pressed with the mouse: a person's second press while the first is still loading (the button is only aria-disabled)
  await pay.scrollIntoViewIfNeeded();
  const box = (await pay.boundingBox())!;
  await pay.click({ noWaitAfter: true });
  await page.waitForTimeout(1_000);
  const secondAnswered = jsEnabled()
    ? page.waitForResponse((r) => r.request().method() === "POST" && r.status() === 409, { timeout: 40_000 })
    : page.waitForEvent("load", { timeout: 40_000 });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await secondAnswered;
  const dialog = page.getByRole("dialog", { name: "We couldn't place your order" });
  await expect(dialog).toContainText("already being placed");
  await dialog.getByRole("button", { name: "Ok" }).or(dialog.getByRole("link", { name: "Ok" })).click();

  // third press, with the card typed again: it waits for the first payment and shows its order
  await fillCard(page);
  await pay.click();
  await expect(page).toHaveURL(/\/gift-cards\/checkout\?order=PT-/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your gift is on its way");
  expect(posts.length).toBeGreaterThanOrEqual(3);

  const db = e2eDb();
  const user = await db.selectFrom("users").select("id").where("email", "=", buyer).executeTakeFirstOrThrow();
  const orders = await db.selectFrom("orders").select("reference").where("userId", "=", user.id).execute();
  expect(orders).toHaveLength(1);
  await expect(page.getByTestId("order-reference")).toHaveText(orders[0].reference);
  const payments = await db.selectFrom("payments").select(["idempotencyKey", "status"]).where("userId", "=", user.id).execute();
  expect(payments).toEqual([expect.objectContaining({ status: "succeeded" })]);
  const charges = await db.selectFrom("sandboxCharges").select("idempotencyKey").where("idempotencyKey", "=", payments[0].idempotencyKey).execute();
  expect(charges).toHaveLength(1);
});
