// A subscriber whose reminder e-mail has gone out, for the one-tap link specs (one-tap, a11y-routes):
// a card on file, a small custom box in NSW starting today with its first delivery paid, the next
// delivery planned and reminded through the e2e server's renewal hook.
import type { APIRequestContext } from "@playwright/test";
import * as factories from "../factories";
import { E2E_BASE_URL } from "./env";
import { e2eDb, expect } from "./fixtures";

export async function remindedSubscriber(request: APIRequestContext) {
  const db = e2eDb();
  const first = new Date().toISOString().slice(0, 10);
  const s = await factories.createSubscriber(db, {
    user: { firstName: "Robin" },
    region: "nsw",
    address: null,
    cuts: [],
    deliveryDate: first,
    frequencyDays: 28,
    orders: [{ status: "paid", deliveryDate: first }],
  });
  const runAt = async (now: string) => {
    const res = await request.post(`${E2E_BASE_URL}/test-hooks/renewals`, {
      form: { now, subscriptionId: String(s.subscriptionId) },
    });
    expect(res.status()).toBe(200);
  };
  await runAt(new Date().toISOString()); // plans the next delivery
  const delivery = await db
    .selectFrom("deliveries")
    .selectAll()
    .where("subscriptionId", "=", s.subscriptionId)
    .executeTakeFirstOrThrow();
  await runAt(new Date(Date.parse(delivery.remindAt) + 60_000).toISOString()); // its reminder is due
  const mail = await db
    .selectFrom("emailOutbox")
    .select("text")
    .where("toAddress", "=", s.email)
    .where("template", "=", "delivery-reminder")
    .executeTakeFirstOrThrow();
  const link = (label: string) => new URL(new RegExp(`${label}: (\\S+)`).exec(mail.text)![1]);
  return {
    delivery,
    subscriptionId: s.subscriptionId,
    /** the box's price when it was reminded: what the delivery is charged (no add-ons, no code) */
    boxCents: s.boxCents,
    skip: link("Skip this delivery"),
    keep: link("Keep it"),
  };
}
