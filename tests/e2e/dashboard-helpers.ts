// Fresh subscribers for the dashboard specs (tests run in parallel, and in the
// js and nojs projects), each with its own delivery region so a test can move
// the change cut-off without touching anyone else's deliveries.
import type { Locator, Page } from "@playwright/test";
import { createUser, e2eDb, expect, jsEnabled, ready, settled, signInByHook } from "./fixtures";

const ts = () => new Date().toISOString();
const rand = () => Math.random().toString(36).slice(2, 8).toUpperCase();

export function sydneyToday(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);

/** "Thursday 3 December 2026", as the page prints a delivery date. */
export function longDate(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Australia/Sydney" })
    .format(new Date(Date.UTC(y, m - 1, d, 12)))
    .replace(",", "");
}

/** "Thursday 3 December", as cut-offs and refusals print a day. */
export function dayName(day: string) {
  return new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(new Date(`${day}T00:00:00Z`));
}

export type E2eSubscriber = {
  id: number; email: string; password: string; subscriptionId: number; regionId: number; addressId: number;
  nextDate: string; cardIds: number[]; orderReference: string;
};

/** A subscriber whose next delivery is `daysAhead` days away (cut-off 2pm Sydney, `leadDays` before). */
export async function createSubscriber({ daysAhead = 10, leadDays = 2, cards = 1, firstName = "Mia", overnight = false } = {}): Promise<E2eSubscriber> {
  const user = await createUser({ firstName });
  const db = e2eDb();
  await db.updateTable("users").set({ lastName: "Kelly", phone: "+61412345678", sms: 0, newsletter: 0, orderedAt: ts() }).where("id", "=", user.id).execute();
  const { id: regionId } = await db.insertInto("deliveryRegions").values({
    slug: `e2e-${rand().toLowerCase()}`, name: "E2E", state: "NSW", weekdays: "1,2,3,4,5,6,7", daysLabel: "Every day", timeLabel: "8am to 6pm",
    note: "", leadDays, everyWeeks: 1, hasOvernight: overnight ? 1 : 0, sortOrder: 99,
  }).returning("id").executeTakeFirstOrThrow();
  const { id: addressId } = await db.insertInto("addresses").values({
    userId: user.id, kind: "shipping", addressType: "house", line1: "7 Bay Road", line2: null, city: "Haymarket", state: "NSW", postcode: "2000",
    country: "AU", company: null, createdAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  const pkg = await db.selectFrom("packages").select("id").where("slug", "=", "custom-small").executeTakeFirstOrThrow();
  const nextDate = addDays(sydneyToday(), daysAhead);
  const { id: subscriptionId } = await db.insertInto("subscriptions").values({
    userId: user.id, status: "active", email: user.email, packageId: pkg.id, boxType: "custom", postcode: "2000", suburbId: null, regionId,
    deliveryDate: nextDate, deliveryWindow: "day", frequencyDays: 14, discountCode: null, shippingAddressId: addressId, billingAddressId: addressId,
    deliveryNotes: null, flowVersion: null, startedAt: ts(), endedAt: null, pausedUntil: null, createdAt: ts(), updatedAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  const cuts = await db.selectFrom("products").select("id").where("kind", "=", "cut").orderBy("id").limit(2).execute();
  for (const c of cuts) await db.insertInto("subscriptionItems").values({ subscriptionId, productId: c.id, quantity: 4 }).execute();
  const cardIds: number[] = [];
  for (let i = 0; i < cards; i++) {
    const { id } = await db.insertInto("paymentMethods").values({
      userId: user.id, gatewayToken: `sandbox_pm_${rand()}_ok`, brand: "Visa", lastFour: String(4242 + i), expMonth: 8, expYear: 2031, isPrimary: i === 0 ? 1 : 0, createdAt: ts(),
    }).returning("id").executeTakeFirstOrThrow();
    cardIds.push(id);
  }
  const orderReference = `PT-D${rand()}`;
  const { id: orderId } = await db.insertInto("orders").values({
    reference: orderReference, userId: user.id, subscriptionId, status: "paid", deliveryDate: addDays(sydneyToday(), -14), deliveryWindow: "day", createdAt: ts(), paidAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("invoices").values({ orderId, subtotalCents: 16900, discountedCents: 0, totalCents: 16900, createdAt: ts() }).execute();
  return { id: user.id, email: user.email, password: user.password!, subscriptionId, regionId, addressId, nextDate, cardIds, orderReference };
}

export async function openDashboard(page: Page, who: { email: string; password: string }, path = "/dashboard/my-deliveries") {
  await signInByHook(page, who.email);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
  await ready(page);
}

/** Clicks a button and waits for the server's answer: without JS the next document (the PRG redirect), with JS its revalidation too. */
export async function submit(page: Page, button: ReturnType<Page["getByRole"]>) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    button.click(),
  ]);
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
  return e2eDb().selectFrom("emailOutbox").select(["subject", "text", "template"]).where("toAddress", "=", to).where("template", "=", "subscription-change").orderBy("id").execute();
}

/** Moves the change cut-off of one planned delivery into the past (as if the page had been open too long). */
export async function passCutoff(subscriptionId: number, deliveryDate: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await e2eDb()
    .insertInto("deliveries")
    .values({ subscriptionId, deliveryDate, deliveryWindow: "day", status: "scheduled", cutoffAt: past, remindAt: past, createdAt: past, updatedAt: past })
    .onConflict((oc) => oc.columns(["subscriptionId", "deliveryDate"]).doUpdateSet({ cutoffAt: past }))
    .execute();
}
