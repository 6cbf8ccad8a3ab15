// Fresh subscribers with their own unpaid order for the pay-an-order specs, so
// parallel tests (and the js and nojs projects) never pay the same order.
import type { Page } from "@playwright/test";
import { createUser, e2eDb, expect, jsEnabled, signInByHook } from "./fixtures";

const ts = () => new Date().toISOString();
const rand = () => Math.random().toString(36).slice(2, 8).toUpperCase();

export type Payer = { id: number; email: string; password: string; reference: string; orderId: number; totalCents: number };

export async function createPayer(opts: {
  creditCents?: number;
  cards?: boolean;
  address?: boolean;
  details?: boolean;
} = {}): Promise<Payer> {
  const { creditCents = 0, cards = true, address = true, details = true } = opts;
  const user = await createUser({ firstName: "Ava" });
  const db = e2eDb();
  await db
    .updateTable("users")
    .set(details ? { firstName: "Ava", lastName: "Nguyen", phone: "+61412345678", sms: 0, newsletter: 0 } : { firstName: null, lastName: null, phone: null })
    .where("id", "=", user.id)
    .execute();
  if (address) {
    await db.insertInto("addresses").values({
      userId: user.id, kind: "shipping", addressType: "house", line1: "7 Bay Road", line2: null, city: "Haymarket", state: "NSW",
      postcode: "2000", country: "AU", company: null, createdAt: ts(),
    }).execute();
  }
  if (cards) {
    await db.insertInto("paymentMethods").values([
      { userId: user.id, gatewayToken: `sandbox_pm_${rand()}_ok`, brand: "Visa", lastFour: "4242", expMonth: 8, expYear: 2031, isPrimary: 1, createdAt: ts() },
      { userId: user.id, gatewayToken: `sandbox_pm_${rand()}_declined`, brand: "Visa", lastFour: "0002", expMonth: 3, expYear: 2030, isPrimary: 0, createdAt: ts() },
    ]).execute();
  }
  if (creditCents) {
    await db.insertInto("creditLedger").values({ userId: user.id, amountCents: creditCents, reason: "Gift card", reference: `GIFT-${rand()}`, createdAt: ts() }).execute();
  }
  const reference = `PT-E${rand()}`;
  const { id: orderId } = await db
    .insertInto("orders")
    .values({ reference, userId: user.id, subscriptionId: null, status: "unpaid", deliveryDate: "2030-01-10", deliveryWindow: "day", createdAt: ts(), paidAt: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: invoiceId } = await db
    .insertInto("invoices")
    .values({ orderId, subtotalCents: 30300, discountedCents: 0, totalCents: 30300, createdAt: ts() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("invoiceLines").values([
    { invoiceId, sellableType: "package", sellableId: null, name: "Custom box (large)", quantity: 1, priceCents: 27900 },
    { invoiceId, sellableType: "addon", sellableId: null, name: "Smoked bacon", quantity: 2, priceCents: 1200 },
  ]).execute();
  return { id: user.id, email: user.email, password: user.password!, reference, orderId, totalCents: 30300 };
}

/** Signs the payer in and opens the pay page of their order. */
export async function openPayPage(page: Page, payer: Payer) {
  await signInByHook(page, payer.email);
  await page.goto(`/checkout/${payer.reference}`);
  await expect(page).toHaveURL(new RegExp(`/checkout/${payer.reference}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Pay your order" })).toBeVisible();
  if (jsEnabled()) await page.locator("html[data-hydrated='true']").waitFor();
}

/** Clicks SUBMIT ORDER and waits for the server's answer (or the browser's own validation with JS). */
export async function submitOrder(page: Page, { expectPost = true } = {}) {
  const button = page.getByRole("button", { name: /submit order/i });
  if (!expectPost) return button.click();
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/")),
    button.click(),
  ]);
}

export async function orderState(orderId: number) {
  const db = e2eDb();
  const order = await db.selectFrom("orders").select(["status", "paymentKey", "paidAt"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  const payments = await db.selectFrom("payments").select(["status", "amountCents", "cardBrand", "cardLastFour"]).where("orderId", "=", orderId).execute();
  return { order, payments };
}

export const aud = (cents: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100);
