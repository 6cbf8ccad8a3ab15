// Helpers of the dashboard specs: dates as the pages print them, signing a subscriber in and opening
// a page, submitting, the change e-mails sent, and moving a cut-off. Subscribers come from
// createSubscriber (./fixtures.ts), each with a delivery region of its own.
import type { Locator, Page } from "@playwright/test";
import { addDays, sydneyToday } from "../factories";
import { e2eDb, expect, jsEnabled, ready, settled, signInByHook } from "./fixtures";

export { addDays, sydneyToday };
export { dayName, longDate } from "../printed-dates";
export { createSubscriber, type E2eSubscriber } from "./fixtures";

export async function openDashboard(
  page: Page,
  who: { email: string; password: string },
  path = "/dashboard/my-deliveries",
) {
  await signInByHook(page, who.email);
  await gotoDashboard(page, path);
}

/** Opens a page of the signed-in area (the `subscriber` fixture has signed in) and waits for it. */
export async function gotoDashboard(page: Page, path = "/dashboard/my-deliveries") {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
  await ready(page);
}

/** Clicks a button and waits for the server's answer: without JS the next document (the PRG redirect), with JS its revalidation too. */
export async function submit(page: Page, button: ReturnType<Page["getByRole"]>) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), button.click()]);
  await settled(page);
}

/** Fills the account page's change-password form: the current password, then the new one twice. */
export async function fillPassword(form: Locator, current: string, next: string) {
  await form.getByLabel("Current password").fill(current);
  await form.getByLabel("New password", { exact: true }).fill(next);
  await form.getByLabel("Confirm new password").fill(next);
}

/** A submit the browser validates first with JS (no request), and the server answers without JS. */
export async function submitChecked(page: Page, button: ReturnType<Page["getByRole"]>) {
  if (jsEnabled()) return button.click();
  return submit(page, button);
}

/** The subscriber-change confirmations sent to `to` (the renewal engine's own mails left out). */
export async function outbox(to: string) {
  return e2eDb()
    .selectFrom("emailOutbox")
    .select(["subject", "text", "template"])
    .where("toAddress", "=", to)
    .where("template", "=", "subscription-change")
    .orderBy("id")
    .execute();
}

/** Moves the change cut-off of one planned delivery into the past (as if the page had been open too long). */
export async function passCutoff(subscriptionId: number, deliveryDate: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await e2eDb()
    .insertInto("deliveries")
    .values({
      subscriptionId,
      deliveryDate,
      deliveryWindow: "day",
      status: "scheduled",
      cutoffAt: past,
      remindAt: past,
      createdAt: past,
      updatedAt: past,
    })
    .onConflict((oc) =>
      oc.columns(["subscriptionId", "deliveryDate"]).doUpdateSet({ cutoffAt: past }),
    )
    .execute();
}
