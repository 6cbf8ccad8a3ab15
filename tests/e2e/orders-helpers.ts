// Fresh subscribers with their own unpaid order for the pay-an-order specs, so
// parallel tests (and the js and nojs projects) never pay the same order.
import type { Page } from "@playwright/test";
import * as factories from "../factories";
import { e2eDb, expect, jsEnabled, signInByHook } from "./fixtures";

export type Payer = factories.Payer;

/** A fresh payer with an unpaid order of their own (factories' createPayer) in the e2e database. */
export const createPayer = (opts: Parameters<typeof factories.createPayer>[1] = {}) =>
  factories.createPayer(e2eDb(), opts);

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
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/"),
    ),
    button.click(),
  ]);
}

export async function orderState(orderId: number) {
  const db = e2eDb();
  const order = await db
    .selectFrom("orders")
    .select(["status", "paymentKey", "paidAt"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom("payments")
    .select(["status", "amountCents", "cardBrand", "cardLastFour"])
    .where("orderId", "=", orderId)
    .execute();
  return { order, payments };
}

export const aud = (cents: number) =>
  new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: "AUD",
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: cents % 100 ? 2 : 0,
  }).format(cents / 100);
