// A subscriber whose reminder e-mail has gone out, for the one-tap link tests (e2e one-tap and
// a11y-routes, integration server-caching): a card on file, a small custom box in NSW starting
// today with its first delivery paid, the next delivery planned and reminded through the server's
// renewal hook (/test-hooks/renewals), which `runRenewals` posts to and answers the status of.
import type { Kysely } from "kysely";
import type { DB } from "../app/db/schema";
import * as factories from "./factories";

export async function remindedSubscriber(
  db: Kysely<DB>,
  runRenewals: (form: { now: string; subscriptionId: string }) => Promise<number>,
) {
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
    const status = await runRenewals({ now, subscriptionId: String(s.subscriptionId) });
    if (status !== 200) throw new Error(`the renewal hook answered ${status}`);
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
